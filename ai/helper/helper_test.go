package helper_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"nosh/ai"
	"nosh/ai/client"
	"nosh/ai/fakellm"
	"nosh/ai/helper"
	"nosh/ai/remote"
	"nosh/config"
)

// TestMain makes the test binary the helper too: a link to it named
// nosh-ai beside it is what remote starts, as nosh starts the real one.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == remote.HelperName {
		os.Exit(helper.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	link := filepath.Join(filepath.Dir(exe), remote.HelperName)
	os.Remove(link)
	if err := os.Link(exe, link); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	status := m.Run()
	os.Remove(link)
	os.Exit(status)
}

const testKey = "sk-test-key-abcdefghijklmnop"

// vars is a shell's variables, which may change between requests.
type vars struct {
	mu sync.Mutex
	m  map[string]string
}

func (v *vars) get(name string) string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.m[name]
}

func (v *vars) set(name, value string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.m[name] = value
}

func aiConfig(srv *fakellm.Server, provider string) config.AI {
	cfg := config.Default().AI
	cfg.Provider = provider
	cfg.BaseURL = srv.URL()
	if provider == "openai" {
		cfg.BaseURL += "/v1"
	}
	cfg.Model = "test-model"
	return cfg
}

// events ranges over a stream, keeping every event and the error.
func events(p ai.Provider, req ai.Request) ([]ai.Event, error) {
	var out []ai.Event
	for ev, err := range p.Stream(context.Background(), req) {
		if err != nil {
			return out, err
		}
		out = append(out, ev)
	}
	return out, nil
}

var request = ai.Request{
	System: "be brief",
	Messages: []ai.Message{
		{Role: ai.RoleUser, Content: "list files"},
		{Role: ai.RoleAssistant, ToolCalls: []ai.ToolCall{{ID: "c0", Name: "run_command", Arguments: `{"command":"ls"}`}}},
		{Role: ai.RoleTool, ToolCallID: "c0", Content: "a\nb"},
		{Role: ai.RoleUser, Content: "and hidden ones — ü"},
	},
	Tools: []ai.Tool{
		{Name: "run_command", Description: "run it"},
		{Name: "read_file", Parameters: []byte(`{"type":"object","properties":{"path":{"type":"string"}}}`)},
	},
	MaxTokens: 100,
}

// TestRemoteMatchesInProcess: through the helper, each wire format yields
// exactly the events the client yields in-process.
func TestRemoteMatchesInProcess(t *testing.T) {
	replies := []fakellm.Reply{
		fakellm.Text("ls -la").Chunked(2),
		fakellm.Reasoning("they want files", "ls"),
		fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "run_command", Arguments: `{"command":"ls"}`}).WithText("running"),
		fakellm.Text("<think>hidden</think>visible").WithoutUsage(),
	}
	for _, provider := range []string{"openai", "anthropic", "ollama"} {
		t.Run(provider, func(t *testing.T) {
			srv := fakellm.New(t)
			env := &vars{m: map[string]string{"OPENAI_API_KEY": testKey, "ANTHROPIC_API_KEY": testKey}}
			local, err := client.New(aiConfig(srv, provider), env.get)
			if err != nil {
				t.Fatal(err)
			}
			rem, err := remote.New(aiConfig(srv, provider), env.get)
			if err != nil {
				t.Fatal(err)
			}
			if rem.Name() != local.Name() || rem.Model() != local.Model() || rem.BaseURL() != local.BaseURL() {
				t.Errorf("remote says %s %s %s, in-process %s %s %s", rem.Name(), rem.Model(), rem.BaseURL(),
					local.Name(), local.Model(), local.BaseURL())
			}
			for i, rep := range replies {
				srv.Push(rep, rep)
				want, werr := events(local, request)
				got, gerr := events(rem, request)
				if werr != nil || gerr != nil {
					t.Fatalf("reply %d: errors %v (in-process), %v (remote)", i, werr, gerr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("reply %d: remote events\n%+v\nin-process\n%+v", i, got, want)
				}
			}
			reqs := srv.Requests()
			for i := 0; i+1 < len(reqs); i += 2 {
				if string(reqs[i].Body) != string(reqs[i+1].Body) {
					t.Errorf("request %d: bodies differ:\n%s\n%s", i/2, reqs[i].Body, reqs[i+1].Body)
				}
			}
		})
	}
}

// TestRemoteReadsKeyEachRequest: a key exported in the session counts at
// once, as in-process.
func TestRemoteReadsKeyEachRequest(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("one"), fakellm.Text("two"))
	env := &vars{m: map[string]string{"OPENAI_API_KEY": "sk-first"}}
	p, err := remote.New(aiConfig(srv, "openai"), env.get)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := events(p, request); err != nil {
		t.Fatal(err)
	}
	env.set("OPENAI_API_KEY", "sk-second")
	if _, err := events(p, request); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if got := reqs[0].Header.Get("Authorization"); got != "Bearer sk-first" {
		t.Errorf("first request: %q", got)
	}
	if got := reqs[1].Header.Get("Authorization"); got != "Bearer sk-second" {
		t.Errorf("second request: %q", got)
	}
}

// TestRemoteKeyCommandOncePerProvider: api_key_cmd runs in the helper,
// once for each of the shell's Providers.
func TestRemoteKeyCommandOncePerProvider(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("a"), fakellm.Text("b"), fakellm.Text("c"))
	count := filepath.Join(t.TempDir(), "count")
	cfg := aiConfig(srv, "openai")
	cfg.APIKeyCmd = "echo x >> " + count + "; echo sk-from-command"
	env := &vars{m: map[string]string{}}
	for i, n := range []int{2, 1} {
		p, err := remote.New(cfg, env.get)
		if err != nil {
			t.Fatal(err)
		}
		for range n {
			if _, err := events(p, request); err != nil {
				t.Fatalf("provider %d: %v", i, err)
			}
		}
	}
	b, _ := os.ReadFile(count)
	if runs := strings.Count(string(b), "x"); runs != 2 {
		t.Errorf("the key command ran %d times for two providers", runs)
	}
	for i, r := range srv.Requests() {
		if got := r.Header.Get("Authorization"); got != "Bearer sk-from-command" {
			t.Errorf("request %d: %q", i, got)
		}
	}
}

// TestRemoteErrors: a failure keeps its class, message and retry advice.
func TestRemoteErrors(t *testing.T) {
	for _, rep := range []fakellm.Reply{
		fakellm.Error(401, "", nil),
		fakellm.Error(400, `{"error":{"message":"maximum context length exceeded","type":"invalid_request_error"}}`, nil),
		fakellm.Text("cut").WithMalformed(),
	} {
		srv := fakellm.New(t, rep, rep)
		env := &vars{m: map[string]string{"OPENAI_API_KEY": testKey}}
		local, _ := client.New(aiConfig(srv, "openai"), env.get)
		rem, _ := remote.New(aiConfig(srv, "openai"), env.get)
		_, want := events(local, request)
		_, got := events(rem, request)
		we, ok1 := errors.AsType[*ai.Error](want)
		ge, ok2 := errors.AsType[*ai.Error](got)
		if !ok1 || !ok2 {
			t.Fatalf("errors %T %v, %T %v", want, want, got, got)
		}
		if ge.Class != we.Class || ge.Msg != we.Msg || ge.Status != we.Status || ge.Retryable() != we.Retryable() ||
			ge.Provider != we.Provider {
			t.Errorf("remote %+v (retryable %v), in-process %+v (retryable %v)", *ge, ge.Retryable(), *we, we.Retryable())
		}
	}
}

// TestRemoteBreakAndCancel: breaking out of a stream and cancelling its
// context both end the request, and the helper serves the next one.
func TestRemoteBreakAndCancel(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("one two three four").Chunked(3), fakellm.Stall(), fakellm.Text("after"))
	env := &vars{m: map[string]string{"OPENAI_API_KEY": testKey}}
	p, _ := remote.New(aiConfig(srv, "openai"), env.get)
	n := 0
	for _, err := range p.Stream(context.Background(), request) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		break
	}
	if n != 1 {
		t.Fatalf("%d events before the break", n)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		for _, err := range p.Stream(ctx, request) {
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for len(srv.Requests()) < 2 {
		// The stalled request has not reached the server yet.
		runtime.Gosched()
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled stream: %v", err)
	}
	got, err := events(p, request)
	if err != nil || len(got) == 0 || got[0].Text != "after" {
		t.Errorf("after a break and a cancel: %+v %v", got, err)
	}
}

// TestRemoteRestartsHelper: a helper that died is started again by the
// next request; the request in flight fails with a clear error.
func TestRemoteRestartsHelper(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("first"), fakellm.Text("second"), fakellm.Text("third"))
	env := &vars{m: map[string]string{"OPENAI_API_KEY": testKey}}
	p, _ := remote.New(aiConfig(srv, "openai"), env.get)
	if _, err := events(p, request); err != nil {
		t.Fatal(err)
	}
	pids := helpers(t)
	if len(pids) != 1 {
		t.Fatalf("%d helpers running", len(pids))
	}
	syscall.Kill(pids[0], syscall.SIGKILL)
	var err error
	for range 2 {
		// The first request may still find the dying helper.
		if _, err = events(p, request); err == nil {
			break
		}
		if !strings.Contains(err.Error(), "AI helper") {
			t.Errorf("error from a dead helper: %v", err)
		}
	}
	if err != nil {
		t.Fatalf("no new helper: %v", err)
	}
	if now := helpers(t); len(now) != 1 || now[0] == pids[0] {
		t.Errorf("helpers before %v, after %v", pids, now)
	}
}

// helpers lists the live nosh-ai processes this test started.
func helpers(t *testing.T) []int {
	t.Helper()
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	var pids []int
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		s := string(b)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open || s[open+1:end] != remote.HelperName {
			continue
		}
		f := strings.Fields(s[end+1:])
		if len(f) < 2 || f[0] == "Z" || f[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(d)))
		pids = append(pids, pid)
	}
	return pids
}

// TestHelperMissing: without nosh-ai beside nosh, a request says what is
// wrong.
func TestHelperMissing(t *testing.T) {
	exe, _ := os.Executable()
	link := filepath.Join(filepath.Dir(exe), remote.HelperName)
	tmp := link + ".away"
	if err := os.Rename(link, tmp); err != nil {
		t.Fatal(err)
	}
	defer os.Rename(tmp, link)
	_, err := remote.HelperPath()
	if err == nil || !strings.Contains(err.Error(), "not installed beside") {
		t.Errorf("HelperPath without a helper: %v", err)
	}
}

// BenchmarkRequest is one short request to a local server, in-process and
// through the helper: the helper's cost is the difference.
func BenchmarkRequest(b *testing.B) {
	srv := fakellm.New(b)
	env := &vars{m: map[string]string{"OPENAI_API_KEY": testKey}}
	local, _ := client.New(aiConfig(srv, "openai"), env.get)
	rem, _ := remote.New(aiConfig(srv, "openai"), env.get)
	for _, bc := range []struct {
		name string
		p    ai.Provider
	}{{"in-process", local}, {"helper", rem}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				srv.Push(fakellm.Text("ls -la").Chunked(2))
				if _, err := events(bc.p, request); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
