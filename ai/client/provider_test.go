package client

import (
	"reflect"
	"testing"

	"nosh/ai"
	"nosh/ai/fakellm"
)

// TestReplies replays each scripted reply over each wire format and checks
// what the caller gets.
func TestReplies(t *testing.T) {
	runArgs := `{"command":"ls -la /tmp","why":"list the files"}`
	readArgs := `{"path":"/etc/hosts"}`
	tests := []struct {
		name  string
		reply fakellm.Reply
		want  ai.Response
		// wire-specific expectations, when the formats differ
		anthropic *ai.Response
	}{
		{
			name:  "plain text",
			reply: fakellm.Text("ls -la").WithUsage(21, 3),
			want:  ai.Response{Text: "ls -la", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: 21, OutputTokens: 3}},
		},
		{
			name:  "text in one-rune chunks",
			reply: fakellm.Text("find . -name '*.go' | wc -l # 日本語 ✓").Chunked(1),
			want:  ai.Response{Text: "find . -name '*.go' | wc -l # 日本語 ✓", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "tool call with fragmented arguments",
			reply: fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "run", Arguments: runArgs}).Chunked(3),
			want: ai.Response{
				ToolCalls:  []ai.ToolCall{{ID: "c1", Name: "run", Arguments: runArgs}},
				StopReason: ai.StopToolUse, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name: "two parallel tool calls",
			reply: fakellm.ToolCalls(
				fakellm.Call{ID: "c1", Name: "run", Arguments: runArgs},
				fakellm.Call{ID: "c2", Name: "read_file", Arguments: readArgs},
			).Chunked(4).WithText("Checking both."),
			want: ai.Response{
				Text:       "Checking both.",
				ToolCalls:  []ai.ToolCall{{ID: "c1", Name: "run", Arguments: runArgs}, {ID: "c2", Name: "read_file", Arguments: readArgs}},
				StopReason: ai.StopToolUse, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name:  "tool call without arguments",
			reply: fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "pwd"}),
			want: ai.Response{
				ToolCalls:  []ai.ToolCall{{ID: "c1", Name: "pwd", Arguments: "{}"}},
				StopReason: ai.StopToolUse, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name:  "reasoning",
			reply: fakellm.Reasoning("The user wants a listing.", "ls").Chunked(4),
			want:  ai.Response{Reasoning: "The user wants a listing.", Text: "ls", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "think tags split across chunks",
			reply: fakellm.Text("<think>\nwhich ls flags?\n</think>\n\nls -la").Chunked(2),
			want:  ai.Response{Reasoning: "which ls flags?\n", Text: "ls -la", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
			// Claude does not use think tags: its text is passed on as is.
			anthropic: &ai.Response{Text: "<think>\nwhich ls flags?\n</think>\n\nls -la", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "usage absent is estimated",
			reply: fakellm.Text("echo hello world").WithoutUsage(),
			want:  ai.Response{Text: "echo hello world", StopReason: ai.StopEnd, Usage: ai.Usage{InputTokens: estimateInput(userReq("x")), OutputTokens: 4, Estimated: true}},
		},
		{
			name:      "cut short",
			reply:     fakellm.Text("ls -l").WithStop("length"),
			want:      ai.Response{Text: "ls -l", StopReason: ai.StopMaxTokens, Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
			anthropic: &ai.Response{Text: "ls -l", StopReason: ai.StopReason("length"), Usage: ai.Usage{InputTokens: 11, OutputTokens: 7}},
		},
	}
	for _, w := range wires {
		for _, tt := range tests {
			t.Run(w.name+"/"+tt.name, func(t *testing.T) {
				srv := fakellm.New(t, tt.reply)
				c, _ := newTest(t, srv, w.provider)
				got, err := ai.Complete(t.Context(), c, userReq("x"))
				if err != nil {
					t.Fatal(err)
				}
				want := tt.want
				if w.name == "anthropic" && tt.anthropic != nil {
					want = *tt.anthropic
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got  %+v\nwant %+v", got, want)
				}
			})
		}
	}
}

// TestOllamaIDs: Ollama sends no call ids, so nosh numbers the calls.
func TestOllamaIDs(t *testing.T) {
	srv := fakellm.New(t, fakellm.ToolCalls(fakellm.Call{Name: "run", Arguments: `{"command":"ls"}`}, fakellm.Call{Name: "run", Arguments: `{"command":"pwd"}`}))
	c, _ := newTest(t, srv, "ollama")
	got, err := ai.Complete(t.Context(), c, userReq("x"))
	if err != nil {
		t.Fatal(err)
	}
	want := []ai.ToolCall{{ID: "call_0", Name: "run", Arguments: `{"command":"ls"}`}, {ID: "call_1", Name: "run", Arguments: `{"command":"pwd"}`}}
	if !reflect.DeepEqual(got.ToolCalls, want) {
		t.Errorf("got %+v, want %+v", got.ToolCalls, want)
	}
}

// TestStreamOrder: events arrive as the server sends them, and EventDone
// comes last.
func TestStreamOrder(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t, fakellm.Reasoning("hmm", "ls -la").Chunked(3))
			c, _ := newTest(t, srv, w.provider)
			evs, err := events(t, c, userReq("x"))
			if err != nil {
				t.Fatal(err)
			}
			want := "reasoning \"hmm\"\ntext \"ls \"\ntext \"-la\"\ndone end in=11 out=7\n"
			if got := dump(evs); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestBreakEarly: a consumer may stop ranging at any time.
func TestBreakEarly(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t, fakellm.Text("one two three").Chunked(2), fakellm.Text("again"))
			c, _ := newTest(t, srv, w.provider)
			n := 0
			for _, err := range c.Stream(t.Context(), userReq("x")) {
				if err != nil {
					t.Fatal(err)
				}
				n++
				break
			}
			if n != 1 {
				t.Fatalf("got %d events before break", n)
			}
			// The client is still usable after an abandoned stream.
			got, err := ai.Complete(t.Context(), c, userReq("x"))
			if err != nil || got.Text != "again" {
				t.Fatalf("after break: %q, %v", got.Text, err)
			}
		})
	}
}

// TestRequestModel: Request.Model overrides the provider's model.
func TestRequestModel(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t, fakellm.Text("a"), fakellm.Text("b"))
			c, _ := newTest(t, srv, w.provider)
			if _, err := ai.Complete(t.Context(), c, userReq("x")); err != nil {
				t.Fatal(err)
			}
			req := userReq("x")
			req.Model = "big-agent-model"
			if _, err := ai.Complete(t.Context(), c, req); err != nil {
				t.Fatal(err)
			}
			var models []string
			for _, r := range srv.Requests() {
				var body struct{ Model string }
				if err := r.Decode(&body); err != nil {
					t.Fatal(err)
				}
				models = append(models, body.Model)
			}
			want := []string{c.Model(), "big-agent-model"}
			if !reflect.DeepEqual(models, want) {
				t.Errorf("models sent: %q, want %q", models, want)
			}
		})
	}
}
