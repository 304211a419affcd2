package ai

import (
	"reflect"
	"testing"

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
		want  Response
		// wire-specific expectations, when the formats differ
		anthropic *Response
	}{
		{
			name:  "plain text",
			reply: fakellm.Text("ls -la").WithUsage(21, 3),
			want:  Response{Text: "ls -la", StopReason: StopEnd, Usage: Usage{InputTokens: 21, OutputTokens: 3}},
		},
		{
			name:  "text in one-rune chunks",
			reply: fakellm.Text("find . -name '*.go' | wc -l # 日本語 ✓").Chunked(1),
			want:  Response{Text: "find . -name '*.go' | wc -l # 日本語 ✓", StopReason: StopEnd, Usage: Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "tool call with fragmented arguments",
			reply: fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "run", Arguments: runArgs}).Chunked(3),
			want: Response{
				ToolCalls:  []ToolCall{{ID: "c1", Name: "run", Arguments: runArgs}},
				StopReason: StopToolUse, Usage: Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name: "two parallel tool calls",
			reply: fakellm.ToolCalls(
				fakellm.Call{ID: "c1", Name: "run", Arguments: runArgs},
				fakellm.Call{ID: "c2", Name: "read_file", Arguments: readArgs},
			).Chunked(4).WithText("Checking both."),
			want: Response{
				Text:       "Checking both.",
				ToolCalls:  []ToolCall{{ID: "c1", Name: "run", Arguments: runArgs}, {ID: "c2", Name: "read_file", Arguments: readArgs}},
				StopReason: StopToolUse, Usage: Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name:  "tool call without arguments",
			reply: fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "pwd"}),
			want: Response{
				ToolCalls:  []ToolCall{{ID: "c1", Name: "pwd", Arguments: "{}"}},
				StopReason: StopToolUse, Usage: Usage{InputTokens: 11, OutputTokens: 7},
			},
		},
		{
			name:  "reasoning",
			reply: fakellm.Reasoning("The user wants a listing.", "ls").Chunked(4),
			want:  Response{Reasoning: "The user wants a listing.", Text: "ls", StopReason: StopEnd, Usage: Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "think tags split across chunks",
			reply: fakellm.Text("<think>\nwhich ls flags?\n</think>\n\nls -la").Chunked(2),
			want:  Response{Reasoning: "which ls flags?\n", Text: "ls -la", StopReason: StopEnd, Usage: Usage{InputTokens: 11, OutputTokens: 7}},
			// Claude does not use think tags: its text is passed on as is.
			anthropic: &Response{Text: "<think>\nwhich ls flags?\n</think>\n\nls -la", StopReason: StopEnd, Usage: Usage{InputTokens: 11, OutputTokens: 7}},
		},
		{
			name:  "usage absent is estimated",
			reply: fakellm.Text("echo hello world").WithoutUsage(),
			want:  Response{Text: "echo hello world", StopReason: StopEnd, Usage: Usage{InputTokens: estimateInput(userReq("x")), OutputTokens: 4, Estimated: true}},
		},
		{
			name:      "cut short",
			reply:     fakellm.Text("ls -l").WithStop("length"),
			want:      Response{Text: "ls -l", StopReason: StopMaxTokens, Usage: Usage{InputTokens: 11, OutputTokens: 7}},
			anthropic: &Response{Text: "ls -l", StopReason: StopReason("length"), Usage: Usage{InputTokens: 11, OutputTokens: 7}},
		},
	}
	for _, w := range wires {
		for _, tt := range tests {
			t.Run(w.name+"/"+tt.name, func(t *testing.T) {
				srv := fakellm.New(t, tt.reply)
				c, _ := newTest(t, srv, w.provider)
				got, err := Complete(t.Context(), c, userReq("x"))
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
	got, err := Complete(t.Context(), c, userReq("x"))
	if err != nil {
		t.Fatal(err)
	}
	want := []ToolCall{{ID: "call_0", Name: "run", Arguments: `{"command":"ls"}`}, {ID: "call_1", Name: "run", Arguments: `{"command":"pwd"}`}}
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
			got, err := Complete(t.Context(), c, userReq("x"))
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
			if _, err := Complete(t.Context(), c, userReq("x")); err != nil {
				t.Fatal(err)
			}
			req := userReq("x")
			req.Model = "big-agent-model"
			if _, err := Complete(t.Context(), c, req); err != nil {
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
