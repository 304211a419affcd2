// Package translate turns a request in natural language into one shell
// command: it assembles the request (system prompt, environment, rolling
// context of earlier exchanges, recent commands), redacts secrets from all
// of it, and cleans the model's reply into a command or, when the reply is
// not one, plain text.
//
// It knows nothing of the shell: the caller parses with its own dialect
// through [Cleaner.Parse] and decides what runs.
package translate
