// Package translate assembles what `?` and `??` send and keeps the
// conversation they belong to.
//
// [Build] turns a request in natural language into a model request: system
// prompt, environment, the summary of compacted exchanges, the rolling
// context of earlier exchanges, recent commands, and the request with its
// attachments ([WithAttachments]), all redacted. [Cleaner] turns the
// model's reply into one command or, when it is not one, plain text.
//
// [Context] is the current conversation. It estimates the size of what
// is about to be sent ([Context.Estimate], learning from the provider's
// counts through [Context.Observe]); when the next request would pass
// [Target] of ai.context_tokens, [Compact] has the model summarise the
// older exchanges, and the summary replaces them. An agent run that ends
// by asking the user something leaves the conversation waiting
// ([Context.Wait]): the next request is sent as the answer, after the
// run's whole transcript. A [Conversation] is a Context saved as JSON in
// a [Store], to be listed and resumed later.
//
// The package knows nothing of the shell: the caller parses with its own
// dialect through [Cleaner.Parse], reads attachments, and decides what
// runs.
package translate
