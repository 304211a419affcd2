package client

import (
	"context"
	"flag"
	"fmt"
	"nosh/ai"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"nosh/ai/fakellm"
	"nosh/config"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// testKey is the fake key every test provider gets; tests check it never
// leaves in a body.
const testKey = "sk-test-SECRET-0123456789"

// wires are the three formats with the provider name that selects each.
var wires = []struct {
	name     string
	provider string
	keyVar   string
}{
	{"openai", "openai", "OPENAI_API_KEY"},
	{"anthropic", "anthropic", "ANTHROPIC_API_KEY"},
	{"ollama", "ollama", "OLLAMA_API_KEY"},
}

// env is a fake environment.
type env map[string]string

func (e env) get(k string) string { return e[k] }

// waits records the retry waits a client asked for, without sleeping them.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) bool {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err() == nil
}

func (w *waits) list() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

// baseURLFor is what a user would configure for srv and provider.
func baseURLFor(srv *fakellm.Server, provider string) string {
	if p, _ := ai.LookupPreset(provider); p.Wire == ai.WireOpenAI {
		return srv.URL() + "/v1"
	}
	return srv.URL()
}

// newTest builds a client for srv whose key variable holds testKey and
// whose retries do not sleep. When the test ends it checks that no request
// body carried the key.
func newTest(t *testing.T, srv *fakellm.Server, provider string, opts ...Option) (*client, *waits) {
	t.Helper()
	t.Cleanup(func() {
		for i, r := range srv.Requests() {
			if strings.Contains(string(r.Body), testKey) {
				t.Errorf("request %d carried the key in its body", i)
			}
		}
	})
	p, ok := ai.LookupPreset(provider)
	if !ok {
		t.Fatalf("no preset %q", provider)
	}
	e := env{"HOME": "/home/u"}
	if p.KeyVar != "" {
		e[p.KeyVar] = testKey
	}
	return newTestEnv(t, config.AI{Provider: provider, BaseURL: baseURLFor(srv, provider)}, e, opts...)
}

func newTestEnv(t *testing.T, cfg config.AI, e env, opts ...Option) (*client, *waits) {
	t.Helper()
	opts = append([]Option{WithTimeouts(5*time.Second, 5*time.Second, 5*time.Second)}, opts...)
	c, err := newClient(cfg, e.get, opts...)
	if err != nil {
		t.Fatal(err)
	}
	w := &waits{}
	c.sleep = w.sleep
	return c, w
}

// events runs req and returns every event and the final error.
func events(t *testing.T, p ai.Provider, req ai.Request) ([]ai.Event, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var evs []ai.Event
	for ev, err := range p.Stream(ctx, req) {
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
	return evs, nil
}

// dump renders events one a line, for comparing with golden files.
func dump(evs []ai.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		switch ev.Kind {
		case ai.EventText, ai.EventReasoning:
			fmt.Fprintf(&b, "%s %q\n", ev.Kind, ev.Text)
		case ai.EventToolCall:
			fmt.Fprintf(&b, "%s %s %s %s\n", ev.Kind, ev.ToolCall.ID, ev.ToolCall.Name, ev.ToolCall.Arguments)
		case ai.EventDone:
			est := ""
			if ev.Usage.Estimated {
				est = " estimated"
			}
			fmt.Fprintf(&b, "%s %s in=%d out=%d%s\n", ev.Kind, ev.StopReason, ev.Usage.InputTokens, ev.Usage.OutputTokens, est)
		}
	}
	return b.String()
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func userReq(text string) ai.Request {
	return ai.Request{System: "You translate to shell.", Messages: []ai.Message{{Role: ai.RoleUser, Content: text}}}
}
