package remote

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"nosh/ai"
)

// TestWireErrorRoundTrip: what the shell gets back is what the client
// returned, but for the underlying cause.
func TestWireErrorRoundTrip(t *testing.T) {
	limited := ai.NewError(ai.ClassRateLimit, "openai", 429, errors.New("cause"), "rate limited")
	limited.RetryAfter = 3 * time.Second
	for _, err := range []error{
		limited,
		ai.NewError(ai.ClassAuth, "anthropic", 401, nil, "bad key"),
		ai.NewError(ai.ClassServer, "ollama", 0, nil, "unreadable").Final(),
		fmt.Errorf("wrapped: %w", ai.NewError(ai.ClassNetwork, "groq", 0, nil, "unreachable")),
		context.Canceled,
		fmt.Errorf("agent: %w", context.DeadlineExceeded),
		errors.New("something else"),
	} {
		got := EncodeError(err).Err()
		want, isAI := errors.AsType[*ai.Error](err)
		switch {
		case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
			if !errors.Is(err, got) {
				t.Errorf("%v came back as %v", err, got)
			}
		case isAI:
			e, ok := got.(*ai.Error)
			if !ok || e.Class != want.Class || e.Provider != want.Provider || e.Status != want.Status ||
				e.Msg != want.Msg || e.RetryAfter != want.RetryAfter || e.Retryable() != want.Retryable() {
				t.Errorf("%#v came back as %#v", want, got)
			}
		default:
			if got.Error() != err.Error() {
				t.Errorf("%v came back as %v", err, got)
			}
		}
	}
}
