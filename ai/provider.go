package ai

import (
	"context"
	"iter"
)

// Provider is a configured language-model client. It is safe for
// concurrent use; a shell keeps one and reuses it for every request.
type Provider interface {
	// Name is the configured provider name: "ollama", "openai",
	// "anthropic", or a preset such as "mistral".
	Name() string
	// Model is the model used when a Request names none.
	Model() string
	// BaseURL is the endpoint root requests go to (and the only place the
	// key is sent).
	BaseURL() string
	// Stream sends req and yields the reply's events as they arrive. A
	// failure is yielded once, as the last item, with a zero Event: an
	// [*Error], or the context's error when ctx was cancelled. Breaking
	// out of the loop abandons the request; ranging again sends it again.
	Stream(ctx context.Context, req Request) iter.Seq2[Event, error]
}
