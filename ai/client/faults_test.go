package client

import (
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"testing"
	"time"

	"nosh/ai"
	"nosh/ai/fakellm"
	"nosh/config"
)

// TestFaults scripts failures and checks the classification, the message,
// the retries and their waits.
func TestFaults(t *testing.T) {
	long := fakellm.Text(strings.Repeat("x", 40)).Chunked(1)
	fast := WithTimeouts(0, 150*time.Millisecond, 150*time.Millisecond)
	olErr := fakellm.Raw("{\"error\":\"an error was encountered while running the model: unexpected EOF\"}\n")
	tests := []struct {
		name    string
		wires   []string // nil: every format
		replies []fakellm.Reply
		opts    []Option
		// the outcome: an error of wantClass whose message holds wantMsg,
		// or success with wantText
		wantClass ai.Class
		wantMsg   []string
		wantText  string
		// wantShown is how many events arrived before the error.
		wantShown    int
		wantRequests int
		wantWaits    []time.Duration
	}{
		{
			name:         "401 names the variable, not the key",
			replies:      []fakellm.Reply{fakellm.Error(401, `{"error":{"message":"Incorrect API key provided: `+testKey+`"}}`, nil)},
			wantClass:    ai.ClassAuth,
			wantMsg:      []string{"authentication failed (401): check ", "_API_KEY"},
			wantRequests: 1,
		},
		{
			name:         "429 honours Retry-After",
			replies:      []fakellm.Reply{fakellm.Error(429, "", map[string]string{"Retry-After": "3"}), fakellm.Text("ok")},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{3 * time.Second},
		},
		{
			name:         "429 retry-after-ms",
			wires:        []string{"openai"},
			replies:      []fakellm.Reply{fakellm.Error(429, "", map[string]string{"Retry-After-Ms": "250"}), fakellm.Text("ok")},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{250 * time.Millisecond},
		},
		{
			name:         "429 asking too long is not retried",
			replies:      []fakellm.Reply{fakellm.Error(429, "", map[string]string{"Retry-After": "3600"})},
			wantClass:    ai.ClassRateLimit,
			wantMsg:      []string{"rate limited (429)", "asks to wait 1h0m0s"},
			wantRequests: 1,
		},
		{
			name:         "429 quota is final",
			wires:        []string{"openai"},
			replies:      []fakellm.Reply{fakellm.Error(429, `{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}`, nil)},
			wantClass:    ai.ClassRateLimit,
			wantMsg:      []string{"quota exceeded (429)", "billing"},
			wantRequests: 1,
		},
		{
			name:         "500 retried with backoff then given up",
			replies:      []fakellm.Reply{fakellm.Error(500, "", nil), fakellm.Error(500, "", nil), fakellm.Error(500, "", nil)},
			wantClass:    ai.ClassServer,
			wantMsg:      []string{"server error (500)", "gave up after 3 attempts"},
			wantRequests: 3,
			wantWaits:    []time.Duration{time.Second, 2 * time.Second},
		},
		{
			name:         "529 overloaded then success",
			replies:      []fakellm.Reply{fakellm.Error(529, "", nil), fakellm.Text("ok")},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{time.Second},
		},
		{
			name:         "529 overloaded",
			wires:        []string{"anthropic"},
			replies:      []fakellm.Reply{fakellm.Error(529, "", nil), fakellm.Error(529, "", nil), fakellm.Error(529, "", nil)},
			wantClass:    ai.ClassOverloaded,
			wantMsg:      []string{"anthropic: overloaded (529)"},
			wantRequests: 3,
			wantWaits:    []time.Duration{time.Second, 2 * time.Second},
		},
		{
			name:         "context too long",
			wires:        []string{"openai"},
			replies:      []fakellm.Reply{fakellm.Error(400, `{"error":{"message":"This model's maximum context length is 128000 tokens.","code":"context_length_exceeded"}}`, nil)},
			wantClass:    ai.ClassInvalidRequest,
			wantMsg:      []string{"too long for model", "/clear"},
			wantRequests: 1,
		},
		{
			name:         "prompt too long",
			wires:        []string{"anthropic"},
			replies:      []fakellm.Reply{fakellm.Error(400, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}`, nil)},
			wantClass:    ai.ClassInvalidRequest,
			wantMsg:      []string{"too long for model"},
			wantRequests: 1,
		},
		{
			name:         "model not pulled",
			wires:        []string{"ollama"},
			replies:      []fakellm.Reply{fakellm.Error(404, `{"error":"model \"qwen2.5-coder:7b\" not found, try pulling it first"}`, nil)},
			wantClass:    ai.ClassInvalidRequest,
			wantMsg:      []string{"run `ollama pull qwen2.5-coder:7b`"},
			wantRequests: 1,
		},
		{
			name:         "dropped before the reply is retried",
			replies:      []fakellm.Reply{fakellm.Text("lost").DropAfter(0), fakellm.Text("ok")},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{time.Second},
		},
		{
			name:         "dropped midway after output is not retried",
			replies:      []fakellm.Reply{long.DropAfter(700), fakellm.Text("never")},
			wantClass:    ai.ClassNetwork,
			wantMsg:      []string{"closed before the reply was complete"},
			wantShown:    -1, // some
			wantRequests: 1,
		},
		{
			name:         "malformed chunk",
			replies:      []fakellm.Reply{fakellm.Text("hello").WithMalformed()},
			wantClass:    ai.ClassServer,
			wantMsg:      []string{"unreadable reply from"},
			wantShown:    -2, // any
			wantRequests: 1,
		},
		{
			name:         "stalled first byte",
			replies:      []fakellm.Reply{fakellm.Stall(), fakellm.Stall(), fakellm.Stall()},
			opts:         []Option{fast},
			wantClass:    ai.ClassNetwork,
			wantMsg:      []string{"no response from", "within 150ms", "first_byte_timeout"},
			wantRequests: 3,
			wantWaits:    []time.Duration{time.Second, 2 * time.Second},
		},
		{
			name:         "stalled first byte then success",
			replies:      []fakellm.Reply{fakellm.Text("slow").StallAfter(0), fakellm.Text("ok")},
			opts:         []Option{fast},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{time.Second},
		},
		{
			// The idle timeout is long enough that a loaded machine's
			// pause between two chunks is not taken for the stall
			// (150ms was, now and then: no event before the error).
			name:         "stalled midway",
			replies:      []fakellm.Reply{long.StallAfter(700)},
			opts:         []Option{WithTimeouts(0, 10*time.Second, 2*time.Second)},
			wantClass:    ai.ClassNetwork,
			wantMsg:      []string{"stalled for 2s", "idle_timeout"},
			wantShown:    -1,
			wantRequests: 1,
		},
		{
			name:         "error event before output is retried",
			wires:        []string{"anthropic"},
			replies:      []fakellm.Reply{fakellm.Raw("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"), fakellm.Text("ok")},
			wantText:     "ok",
			wantRequests: 2,
			wantWaits:    []time.Duration{time.Second},
		},
		{
			name:         "error chunk",
			wires:        []string{"openai"},
			replies:      []fakellm.Reply{fakellm.Raw("data: {\"error\":{\"message\":\"bad tool schema\",\"type\":\"invalid_request_error\"}}\n\n")},
			wantClass:    ai.ClassInvalidRequest,
			wantMsg:      []string{"request rejected: bad tool schema"},
			wantRequests: 1,
		},
		{
			name:         "error line",
			wires:        []string{"ollama"},
			replies:      []fakellm.Reply{olErr, olErr, olErr},
			wantClass:    ai.ClassServer,
			wantMsg:      []string{"server error in the stream: an error was encountered"},
			wantRequests: 3,
			wantWaits:    []time.Duration{time.Second, 2 * time.Second},
		},
		{
			name:         "no done line",
			wires:        []string{"ollama"},
			replies:      []fakellm.Reply{fakellm.Raw("{\"message\":{\"role\":\"assistant\",\"content\":\"ls\"},\"done\":false}\n")},
			wantClass:    ai.ClassNetwork,
			wantMsg:      []string{"closed before the reply was complete"},
			wantShown:    1,
			wantRequests: 1,
		},
		{
			name:         "no message_stop",
			wires:        []string{"anthropic"},
			replies:      []fakellm.Reply{fakellm.Raw("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ls\"}}\n\n")},
			wantClass:    ai.ClassNetwork,
			wantShown:    1,
			wantRequests: 1,
		},
		{
			name:         "no [DONE] nor finish_reason",
			wires:        []string{"openai"},
			replies:      []fakellm.Reply{fakellm.Raw("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ls\"}}]}\n\n")},
			wantClass:    ai.ClassNetwork,
			wantShown:    1,
			wantRequests: 1,
		},
	}
	for _, w := range wires {
		for _, tt := range tests {
			if tt.wires != nil && !contains(tt.wires, w.name) {
				continue
			}
			t.Run(w.name+"/"+tt.name, func(t *testing.T) {
				srv := fakellm.New(t, tt.replies...)
				c, waits := newTest(t, srv, w.provider, tt.opts...)
				evs, err := events(t, c, userReq("x"))
				checkOutcome(t, evs, err, tt.wantClass, tt.wantMsg, tt.wantText, tt.wantShown)
				if n := len(srv.Requests()); n != tt.wantRequests {
					t.Errorf("%d requests, want %d", n, tt.wantRequests)
				}
				if got := waits.list(); !reflect.DeepEqual(got, tt.wantWaits) {
					t.Errorf("retry waits %v, want %v", got, tt.wantWaits)
				}
			})
		}
	}
}

func checkOutcome(t *testing.T, evs []ai.Event, err error, class ai.Class, msgs []string, text string, shown int) {
	t.Helper()
	if class == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		r, _ := ai.Collect(func(yield func(ai.Event, error) bool) {
			for _, ev := range evs {
				yield(ev, nil)
			}
		}, nil)
		if r.Text != text {
			t.Errorf("text %q, want %q", r.Text, text)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error; events:\n%s", dump(evs))
	}
	if got := ai.ClassOf(err); got != class {
		t.Errorf("class %s, want %s (%v)", got, class, err)
	}
	msg := err.Error()
	for _, m := range msgs {
		if !strings.Contains(msg, m) {
			t.Errorf("message %q lacks %q", msg, m)
		}
	}
	if strings.Contains(msg, testKey) || strings.Contains(msg, "\n") {
		t.Errorf("message leaks the key or spans lines: %q", msg)
	}
	switch {
	case shown == -1 && len(evs) == 0:
		t.Errorf("no events before the error")
	case shown >= 0 && len(evs) != shown:
		t.Errorf("%d events before the error, want %d:\n%s", len(evs), shown, dump(evs))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestMissingKey: nothing is sent when a required key is missing.
func TestMissingKey(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("ok"))
	c, _ := newTestEnv(t, config.AI{Provider: "mistral", BaseURL: srv.URL() + "/v1"}, env{})
	_, err := ai.Complete(t.Context(), c, userReq("x"))
	if ai.ClassOf(err) != ai.ClassAuth || !strings.Contains(err.Error(), "mistral: no API key: set MISTRAL_API_KEY") {
		t.Fatalf("got %v", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d requests sent without a key", n)
	}
}

// TestOllamaNotRunning: the one-line advice when nothing listens, given
// at once rather than after retries.
func TestOllamaNotRunning(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	c, waits := newTestEnv(t, config.AI{BaseURL: "http://" + addr}, env{"HOME": "/home/u"})
	_, err = ai.Complete(t.Context(), c, userReq("x"))
	want := "cannot reach Ollama at http://" + addr + " (connection refused): start it with `ollama serve`, or set [ai] provider in ~/.config/nosh/config.toml to use a hosted model"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	if ai.ClassOf(err) != ai.ClassNetwork || len(waits.list()) != 0 {
		t.Fatalf("class %s, waits %v", ai.ClassOf(err), waits.list())
	}
}

// TestCancel: cancelling the context ends a stalled request at once, with
// the context's error, whether the request is waiting for the server, in
// the middle of a stream, or between retries.
func TestCancel(t *testing.T) {
	tests := []struct {
		name  string
		reply fakellm.Reply
		// when is the moment to cancel: "request" (the server has it),
		// "event" (the first event arrived), "retry" (a retry wait began)
		when string
	}{
		{"first byte", fakellm.Stall(), "request"},
		{"midway", fakellm.Text(strings.Repeat("y", 30)).Chunked(1).StallAfter(700), "event"},
		{"retry wait", fakellm.Error(500, "", nil), "retry"},
	}
	for _, w := range wires {
		for _, tt := range tests {
			t.Run(w.name+"/"+tt.name, func(t *testing.T) {
				srv := fakellm.New(t, tt.reply)
				ready := make(chan struct{}, 8)
				signal := func() {
					select {
					case ready <- struct{}{}:
					default:
					}
				}
				c, _ := newTest(t, srv, w.provider, WithBackoff(time.Minute, time.Hour),
					WithRetryNotify(func(*ai.Error, int, time.Duration) {
						if tt.when == "retry" {
							signal()
						}
					}))
				c.sleep = sleepCtx
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				done := make(chan time.Time, 1)
				var got error
				go func() {
					_, got = ai.Collect(c.Stream(ctx, userReq("x")), func(ai.Event) {
						if tt.when == "event" {
							signal()
						}
					})
					done <- time.Now()
				}()
				if tt.when == "request" {
					deadline := time.Now().Add(5 * time.Second)
					for len(srv.Requests()) == 0 && time.Now().Before(deadline) {
						time.Sleep(time.Millisecond)
					}
					signal()
				}
				select {
				case <-ready:
				case <-time.After(5 * time.Second):
					t.Fatal("the request never reached the point to cancel at")
				}
				cancel()
				// No timed assertion: the stream has no timeout shorter
				// than the deadline here, so returning before it at all
				// means the cancel ended it.
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					t.Fatal("did not return after cancel")
				}
				if !errors.Is(got, context.Canceled) {
					t.Errorf("got %v, want context.Canceled", got)
				}
			})
		}
	}
}
