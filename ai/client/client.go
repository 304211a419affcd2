package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"time"

	"nosh/ai"
)

// maxAttempts bounds the tries of one request, the first included.
const maxAttempts = 3

// maxErrorBody bounds how much of an error response is read.
const maxErrorBody = 64 << 10

// client is the one Provider implementation: the transport, keys, retries
// and timeouts are shared, and a wire speaks one provider's format.
type client struct {
	name, display string
	preset        ai.Preset
	wireKind      ai.Wire
	wire          wire
	baseURL       string
	model         string
	key           *keySource
	http          *http.Client

	connect, firstByte, idle time.Duration
	backoffBase, backoffMax  time.Duration
	onRetry                  func(*ai.Error, int, time.Duration)
	// sleep waits d or until ctx is done, reporting whether d passed; a
	// test replaces it to record the waits.
	sleep func(ctx context.Context, d time.Duration) bool

	configPath string // for the "cannot reach Ollama" advice
}

// wire is one provider's request and reply format.
type wire interface {
	// path is appended to the base URL.
	path() string
	// encode is the request body.
	encode(req ai.Request, model string) any
	// authorize puts the key, when there is one, and the other headers
	// the format needs.
	authorize(h http.Header, key string)
	// decode reads a 200 reply, sending what it finds to out. It returns
	// io.ErrUnexpectedEOF when the stream ends before its end marker.
	decode(r io.Reader, out *sink) (finish, error)
}

// finish is how a reply ended.
type finish struct {
	stop     ai.StopReason
	usage    ai.Usage
	hasUsage bool
}

// streamAPIError is an error the provider reported inside a 200 stream.
type streamAPIError struct{ api apiError }

func (e *streamAPIError) Error() string { return e.api.Message }

// malformedError is a reply nosh cannot parse.
type malformedError struct{ err error }

func (e *malformedError) Error() string { return e.err.Error() }

func (c *client) Name() string    { return c.name }
func (c *client) Model() string   { return c.model }
func (c *client) BaseURL() string { return c.baseURL }

func (c *client) endpoint() string { return c.baseURL + c.wire.path() }

// Stream implements [ai.Provider].
func (c *client) Stream(ctx context.Context, req ai.Request) iter.Seq2[ai.Event, error] {
	return func(yield func(ai.Event, error) bool) {
		model := req.Model
		if model == "" {
			model = c.model
		}
		for attempt := 1; ; attempt++ {
			s := &sink{yield: yield}
			if c.wireKind != ai.WireAnthropic {
				s.think = &thinkSplitter{}
			}
			err := c.attempt(ctx, req, model, s)
			if err == nil || errors.Is(err, errStopped) {
				return
			}
			if ctx.Err() != nil {
				yield(ai.Event{}, ctx.Err())
				return
			}
			e, ok := errors.AsType[*ai.Error](err)
			if !ok {
				yield(ai.Event{}, err)
				return
			}
			wait := c.backoff(attempt, e.RetryAfter)
			switch {
			case s.shown || !e.Retryable():
				yield(ai.Event{}, e)
				return
			case wait < 0:
				e.Msg += fmt.Sprintf(" (the provider asks to wait %s)", formatWait(e.RetryAfter))
				yield(ai.Event{}, e)
				return
			case attempt == maxAttempts:
				e.Msg += fmt.Sprintf(" (gave up after %d attempts)", maxAttempts)
				yield(ai.Event{}, e)
				return
			}
			if c.onRetry != nil {
				c.onRetry(e, attempt, wait)
			}
			if !c.sleep(ctx, wait) {
				yield(ai.Event{}, ctx.Err())
				return
			}
		}
	}
}

// backoff is the wait before the retry that follows failed attempt n:
// 1 s, 2 s, … from the base, or what Retry-After asked; -1 when that is
// more than the cap.
func (c *client) backoff(n int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		if retryAfter > c.backoffMax {
			return -1
		}
		return retryAfter
	}
	return min(c.backoffBase<<(n-1), c.backoffMax)
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// attempt makes one request and streams its reply into s.
func (c *client) attempt(ctx context.Context, req ai.Request, model string, s *sink) error {
	key, err := c.key.get(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return c.newError(ai.ClassAuth, 0, err, "%v: check [ai] api_key_cmd", err)
	}
	if key == "" && c.preset.KeyRequired {
		return c.newError(ai.ClassAuth, 0, nil, "%s", c.key.missing())
	}
	body, err := json.Marshal(c.wire.encode(req, model))
	if err != nil {
		return c.newError(ai.ClassInvalidRequest, 0, err, "cannot encode the request: %v", err)
	}

	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	dog := newWatchdog(c.firstByte, c.idle, cancel)
	defer dog.stop()
	hreq, err := http.NewRequestWithContext(rctx, http.MethodPost, c.endpoint(), bytes.NewReader(body))
	if err != nil {
		return c.newError(ai.ClassInvalidRequest, 0, err, "bad request URL: check [ai] base_url")
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("User-Agent", "nosh")
	c.wire.authorize(hreq.Header, key)

	resp, err := c.http.Do(hreq)
	if err != nil {
		return c.readFailure(ctx, rctx, err)
	}
	watched := &watchedBody{r: resp.Body, w: dog}
	if resp.StatusCode/100 != 2 {
		b, err := io.ReadAll(io.LimitReader(watched, maxErrorBody))
		resp.Body.Close()
		if err != nil {
			return c.readFailure(ctx, rctx, err)
		}
		return c.statusError(resp, b, model, key)
	}

	s.dog = dog
	fin, err := c.wire.decode(watched, s)
	if err == nil {
		err = s.flush()
	}
	if err != nil {
		resp.Body.Close()
		return c.decodeFailure(ctx, rctx, err, model, key)
	}
	// Read to the end before the last event, so that the connection is
	// back in the pool by the time the caller sends its next request.
	finishBody(watched, resp.Body)
	dog.stop()
	return c.done(req, fin, s)
}

// done sends the final event, filling in what the provider left out.
func (c *client) done(req ai.Request, fin finish, s *sink) error {
	if fin.stop == "" || (fin.stop == ai.StopEnd && s.toolCalls > 0) {
		fin.stop = ai.StopEnd
		if s.toolCalls > 0 {
			fin.stop = ai.StopToolUse
		}
	}
	if !fin.hasUsage {
		fin.usage = ai.Usage{InputTokens: estimateInput(req), OutputTokens: estimateTokens(s.outBytes), Estimated: true}
	}
	err := s.send(ai.Event{Kind: ai.EventDone, StopReason: fin.stop, Usage: fin.usage})
	if errors.Is(err, errStopped) {
		return nil
	}
	return err
}

// readFailure classifies an error from sending or reading.
func (c *client) readFailure(ctx, rctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return c.transportError(err, context.Cause(rctx))
}

// decodeFailure classifies an error from a wire's decoder.
func (c *client) decodeFailure(ctx, rctx context.Context, err error, model, key string) error {
	if errors.Is(err, errStopped) {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if se, ok := errors.AsType[*streamAPIError](err); ok {
		return c.streamError(se.api, model, key)
	}
	if me, ok := errors.AsType[*malformedError](err); ok {
		return c.newError(ai.ClassServer, 0, err, "unreadable reply from %s (%s): check [ai] base_url and [ai] provider", c.endpoint(), c.sanitize(me.err.Error(), key)).Final()
	}
	return c.transportError(err, context.Cause(rctx))
}
