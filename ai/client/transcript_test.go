package client

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nosh/ai"
	"nosh/ai/fakellm"
)

// TestTranscripts replays recorded-style provider streams (the quirks of
// real servers: Gemini's missing tool-call index, OpenRouter's comments and
// reasoning field, Mistral's content parts, Groq's x_groq usage, vLLM's
// missing [DONE], Anthropic's thinking and tool blocks, Ollama's thinking
// and whole tool calls) byte for byte, whole and in 7-byte pieces, and
// compares the events with testdata/transcripts/NAME.events.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".events") {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		provider := "openai"
		switch {
		case strings.HasPrefix(name, "anthropic_"):
			provider = "anthropic"
		case strings.HasPrefix(name, "ollama_"):
			provider = "ollama"
		}
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srv := fakellm.New(t, fakellm.Raw(string(raw)), fakellm.Raw(string(raw)).Chunked(7))
			c, _ := newTest(t, srv, provider)
			whole, err := events(t, c, userReq("x"))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("transcripts", name+".events"), dump(whole))
			pieces, err := events(t, c, userReq("x"))
			if err != nil {
				t.Fatal(err)
			}
			// Pieces may split text events differently; the gathered reply
			// must be the same.
			a, _ := ai.Collect(seq(whole), nil)
			b, _ := ai.Collect(seq(pieces), nil)
			if dumpResponse(a) != dumpResponse(b) {
				t.Errorf("in pieces:\n%s\nwhole:\n%s", dumpResponse(b), dumpResponse(a))
			}
		})
	}
	if n == 0 {
		t.Fatal("no transcripts found")
	}
}

func seq(evs []ai.Event) func(func(ai.Event, error) bool) {
	return func(yield func(ai.Event, error) bool) {
		for _, ev := range evs {
			if !yield(ev, nil) {
				return
			}
		}
	}
}

func dumpResponse(r ai.Response) string {
	evs := []ai.Event{{Kind: ai.EventReasoning, Text: r.Reasoning}, {Kind: ai.EventText, Text: r.Text}}
	for _, tc := range r.ToolCalls {
		evs = append(evs, ai.Event{Kind: ai.EventToolCall, ToolCall: tc})
	}
	return dump(append(evs, ai.Event{Kind: ai.EventDone, StopReason: r.StopReason, Usage: r.Usage}))
}
