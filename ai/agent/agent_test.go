package agent

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"nosh/ai"
	"nosh/ai/client"
	"nosh/ai/fakellm"
	"nosh/ai/redact"
	"nosh/ai/translate"
	"nosh/config"
)

// wires lists the provider configurations every test runs against.
var wires = []struct{ name, provider, suffix string }{
	{"openai", "openai", "/v1"},
	{"anthropic", "anthropic", ""},
	{"ollama", "ollama", ""},
}

func provider(t *testing.T, srv *fakellm.Server, name, suffix string) ai.Provider {
	t.Helper()
	cfg := config.Default().AI
	cfg.Provider = name
	cfg.BaseURL = srv.URL() + suffix
	cfg.Model = "test-model"
	p, err := client.New(cfg, func(k string) string {
		if strings.HasSuffix(k, "API_KEY") {
			return "test-key-123456"
		}
		return ""
	}, client.WithBackoff(time.Millisecond, 5*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// recorder is a fake shell: it approves commands unless told to refuse
// them, and "runs" them by returning canned output.
type recorder struct {
	mu      sync.Mutex
	refuse  map[string]bool
	outputs map[string]string
	ran     []string
	gated   []string
	notices []string
	text    strings.Builder
}

func (rc *recorder) hooks() Hooks {
	return Hooks{
		Gate: func(ctx context.Context, cmd string) Verdict {
			rc.mu.Lock()
			defer rc.mu.Unlock()
			rc.gated = append(rc.gated, cmd)
			if rc.refuse[cmd] {
				return Verdict{Reason: "the user refused to run this command"}
			}
			return Verdict{Run: true, Grant: "grant:" + cmd}
		},
		Exec: func(ctx context.Context, cmd string, v Verdict) (int, string, error) {
			rc.mu.Lock()
			defer rc.mu.Unlock()
			rc.ran = append(rc.ran, cmd)
			if cmd == "sleep 10" {
				rc.mu.Unlock()
				<-ctx.Done()
				rc.mu.Lock()
				return 130, "", nil
			}
			return 0, rc.outputs[cmd], nil
		},
		Text:   func(s string) { rc.mu.Lock(); rc.text.WriteString(s); rc.mu.Unlock() },
		Notice: func(s string) { rc.mu.Lock(); rc.notices = append(rc.notices, s); rc.mu.Unlock() },
	}
}

func call(id, cmd string) fakellm.Call {
	b, _ := json.Marshal(map[string]string{"command": cmd})
	return fakellm.Call{ID: id, Name: ToolName, Arguments: string(b)}
}

// toolResults extracts, from a recorded request body, each tool result's
// call id and content, in any of the three wire formats.
func toolResults(t *testing.T, req fakellm.Request) map[string]string {
	t.Helper()
	var body struct {
		Messages []struct {
			Role       string          `json:"role"`
			Content    json.RawMessage `json:"content"`
			ToolCallID string          `json:"tool_call_id"`
			ToolName   string          `json:"tool_name"`
		} `json:"messages"`
	}
	if err := req.Decode(&body); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, m := range body.Messages {
		switch {
		case m.Role == "tool" && m.ToolCallID != "":
			var s string
			json.Unmarshal(m.Content, &s)
			out[m.ToolCallID] = s
		case m.Role == "tool": // Ollama: results in order, no ids
			var s string
			json.Unmarshal(m.Content, &s)
			out["#"+string(rune('0'+i))] = s
		case m.Role == "user":
			var blocks []struct {
				Type      string `json:"type"`
				ToolUseID string `json:"tool_use_id"`
				Content   string `json:"content"`
			}
			if json.Unmarshal(m.Content, &blocks) == nil {
				for _, b := range blocks {
					if b.Type == "tool_result" {
						out[b.ToolUseID] = b.Content
					}
				}
			}
		}
	}
	return out
}

func newRun(p ai.Provider, rc *recorder) *Run {
	return &Run{
		Provider: p,
		Limits:   Limits{MaxCommands: 10, Timeout: 20 * time.Second, TokenBudget: 100000},
		Hooks:    rc.hooks(),
		Redactor: redact.New([]string{"SECRET_TOKEN=hunter2-secret"}),
		Env:      translate.Env{OS: "linux", Arch: "amd64", Dir: "/home/u", Shell: translate.ShellDescription},
		Context:  translate.NewContext(10),
	}
}

func TestInvestigation(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t,
				fakellm.ToolCalls(call("c1", "du -sh /var")).Chunked(3),
				fakellm.ToolCalls(call("c2", "ls /var/log"), call("c3", "rm -rf /var/log")),
				fakellm.Text("Most space is in **/var/log** (2.1G).").Chunked(5),
			)
			rc := &recorder{refuse: map[string]bool{"rm -rf /var/log": true},
				outputs: map[string]string{"du -sh /var": "2.1G\t/var\nhunter2-secret", "ls /var/log": "syslog"}}
			res, err := newRun(provider(t, srv, w.provider, w.suffix), rc).Do(context.Background(), "what's eating my disk space")
			if err != nil {
				t.Fatal(err)
			}
			if res.Answer != "Most space is in **/var/log** (2.1G)." || rc.text.String() != res.Answer {
				t.Errorf("answer %q, streamed %q", res.Answer, rc.text.String())
			}
			if res.Commands != 2 || strings.Join(rc.ran, ";") != "du -sh /var;ls /var/log" {
				t.Errorf("ran %q (%d)", rc.ran, res.Commands)
			}
			if len(rc.gated) != 3 {
				t.Errorf("gated %q", rc.gated)
			}
			reqs := srv.Requests()
			if len(reqs) != 3 {
				t.Fatalf("%d requests", len(reqs))
			}
			second := toolResults(t, reqs[1])
			third := toolResults(t, reqs[2])
			if w.name == "ollama" {
				// Ollama has no call ids: results go back in order.
				if len(third) != 3 {
					t.Errorf("ollama results: %q", third)
				}
				return
			}
			if !strings.HasPrefix(second["c1"], "exit status: 0\n2.1G") {
				t.Errorf("result for c1 = %q", second["c1"])
			}
			if strings.Contains(second["c1"], "hunter2-secret") {
				t.Errorf("secret in tool result: %q", second["c1"])
			}
			if !strings.Contains(third["c3"], "refused") || !strings.HasPrefix(third["c2"], "exit status: 0\nsyslog") {
				t.Errorf("results = %q", third)
			}
			for _, r := range reqs {
				if strings.Contains(string(r.Body), "hunter2-secret") || strings.Contains(string(r.Body), "test-key-123456") {
					t.Errorf("a secret or the key reached the provider: %s", r.Body)
				}
				if !strings.Contains(string(r.Body), ToolName) {
					t.Errorf("request lacks the tool definition")
				}
			}
		})
	}
}

func TestInvalidArguments(t *testing.T) {
	srv := fakellm.New(t,
		fakellm.ToolCalls(fakellm.Call{ID: "x1", Name: ToolName, Arguments: `{"cmd":"ls"}`}),
		fakellm.ToolCalls(fakellm.Call{ID: "x2", Name: "delete_everything", Arguments: `{}`}),
		fakellm.Text("done"),
	)
	rc := &recorder{}
	res, err := newRun(provider(t, srv, "openai", "/v1"), rc).Do(context.Background(), "q")
	if err != nil || res.Answer != "done" || len(rc.ran) != 0 {
		t.Fatalf("res %+v err %v ran %q", res, err, rc.ran)
	}
	reqs := srv.Requests()
	if got := toolResults(t, reqs[1])["x1"]; !strings.Contains(got, "invalid arguments") {
		t.Errorf("x1 result %q", got)
	}
	if got := toolResults(t, reqs[2])["x2"]; !strings.Contains(got, "no tool") {
		t.Errorf("x2 result %q", got)
	}
}

func TestMaxCommands(t *testing.T) {
	var replies []fakellm.Reply
	for i := 0; i < 5; i++ {
		replies = append(replies, fakellm.ToolCalls(call("c"+string(rune('0'+i)), "true")))
	}
	srv := fakellm.New(t, replies...)
	rc := &recorder{}
	run := newRun(provider(t, srv, "anthropic", ""), rc)
	run.Limits.MaxCommands = 3
	res, err := run.Do(context.Background(), "loop forever")
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "ai.max_iterations") || res.Commands != 3 {
		t.Fatalf("err %v, commands %d", err, res.Commands)
	}
}

func TestTimeoutStopsRunningCommand(t *testing.T) {
	srv := fakellm.New(t, fakellm.ToolCalls(call("c1", "sleep 10")))
	rc := &recorder{}
	run := newRun(provider(t, srv, "openai", "/v1"), rc)
	run.Limits.Timeout = 300 * time.Millisecond
	start := time.Now()
	_, err := run.Do(context.Background(), "slow")
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "ai.timeout") {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("timeout took %v", time.Since(start))
	}
}

func TestCancel(t *testing.T) {
	srv := fakellm.New(t, fakellm.ToolCalls(call("c1", "sleep 10")))
	rc := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			rc.mu.Lock()
			n := len(rc.ran)
			rc.mu.Unlock()
			if n > 0 {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	_, err := newRun(provider(t, srv, "ollama", ""), rc).Do(ctx, "q")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestTokenBudget(t *testing.T) {
	srv := fakellm.New(t,
		fakellm.ToolCalls(call("c1", "true")).WithUsage(850, 10),
		fakellm.ToolCalls(call("c2", "true")).WithUsage(900, 10),
		fakellm.Text("never"),
	)
	rc := &recorder{}
	run := newRun(provider(t, srv, "openai", "/v1"), rc)
	run.Limits.TokenBudget = 1000
	_, err := run.Do(context.Background(), "q")
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "token budget") {
		t.Fatalf("err = %v", err)
	}
	if len(rc.notices) != 1 || !strings.Contains(rc.notices[0], "86%") {
		t.Errorf("notices = %q", rc.notices)
	}
}

func TestCap(t *testing.T) {
	s := strings.Repeat("line of text\n", 1000)
	got := Cap(s, 400)
	if len(got) > 500 || !strings.Contains(got, "bytes omitted") || !strings.HasPrefix(got, "line of text\n") || !strings.HasSuffix(got, "line of text\n") {
		t.Errorf("Cap = %q", got)
	}
	if Cap("short", 400) != "short" {
		t.Error("short text changed")
	}
}

// TestEndTurnComesBeforeTheCommands checks the order the shell's display
// relies on: a reply's text, then EndTurn, then its tool calls; the next
// reply's text only after them.
func TestEndTurnComesBeforeTheCommands(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t,
				fakellm.ToolCalls(call("c1", "ls"), call("c2", "df")).WithText("Checking two things.").Chunked(3),
				fakellm.Text("# Report\nAll fine.").Chunked(4),
			)
			var events []string
			rc := &recorder{}
			h := rc.hooks()
			gate, exec := h.Gate, h.Exec
			h.Text = func(s string) {
				if n := len(events); n > 0 && strings.HasPrefix(events[n-1], "text:") {
					events[n-1] += s
					return
				}
				events = append(events, "text:"+s)
			}
			h.EndTurn = func() { events = append(events, "end") }
			h.Gate = func(ctx context.Context, cmd string) Verdict {
				events = append(events, "gate:"+cmd)
				return gate(ctx, cmd)
			}
			h.Exec = func(ctx context.Context, cmd string, v Verdict) (int, string, error) {
				events = append(events, "exec:"+cmd)
				if v.Grant != "grant:"+cmd {
					t.Errorf("exec %s got the grant %v", cmd, v.Grant)
				}
				return exec(ctx, cmd, v)
			}
			run := newRun(provider(t, srv, w.provider, w.suffix), rc)
			run.Hooks = h
			if _, err := run.Do(context.Background(), "check"); err != nil {
				t.Fatal(err)
			}
			want := "text:Checking two things.|end|gate:ls|exec:ls|gate:df|exec:df|text:# Report\nAll fine.|end"
			if got := strings.Join(events, "|"); got != want {
				t.Errorf("events\n got %q\nwant %q", got, want)
			}
		})
	}
}
