// Package prompt renders nosh's prompts: bash's PS1 backslash escapes, the
// built-in prompt used when PS1 is not set, and the git information it
// shows, gathered without ever holding the prompt up for long.
//
// It knows nothing of the interpreter: the shell hands it a [Data] snapshot
// and expands parameters and command substitutions in PS1 itself.
package prompt
