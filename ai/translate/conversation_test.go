package translate

import (
	"context"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"nosh/ai"
	"nosh/ai/attach"
	"nosh/ai/redact"
)

// scripted is a provider that answers each request with the next text and
// records the requests.
type scripted struct {
	mu      sync.Mutex
	replies []string
	usage   ai.Usage
	err     error
	got     []ai.Request
}

func (s *scripted) Name() string    { return "fake" }
func (s *scripted) Model() string   { return "fake-model" }
func (s *scripted) BaseURL() string { return "http://127.0.0.1:1" }
func (s *scripted) Stream(ctx context.Context, req ai.Request) iter.Seq2[ai.Event, error] {
	return func(yield func(ai.Event, error) bool) {
		s.mu.Lock()
		s.got = append(s.got, req)
		if s.err != nil {
			s.mu.Unlock()
			yield(ai.Event{}, s.err)
			return
		}
		text := s.replies[0]
		s.replies = s.replies[1:]
		s.mu.Unlock()
		if yield(ai.Event{Kind: ai.EventText, Text: text}, nil) {
			yield(ai.Event{Kind: ai.EventDone, StopReason: ai.StopEnd, Usage: s.usage}, nil)
		}
	}
}

func TestBuildWithSummaryAndAttachments(t *testing.T) {
	c := NewContext(5)
	c.Add(Exchange{Request: "old one", Answer: "gone soon"})
	c.Add(Exchange{Request: "read @notes.txt", Attached: []string{"notes.txt"}, Answer: "it is a list"})
	c.ApplySummary("The user looked at old things.", 1)
	files := []attach.File{{Path: "notes.txt", Lines: 2, Head: "a\nb\n"}, {Path: "src", Dir: true, Lines: 1, Head: "main.go  10 bytes\n"}}
	req := Build(WithAttachments("compare @notes.txt with @src", files), c, Env{Dir: "/w"}, nil)
	msg := req.Messages[0].Content
	for _, want := range []string{
		"Summary of the earlier conversation:\nThe user looked at old things.\n\nPrevious conversation:\nUser: read @notes.txt\nAttached: notes.txt\n",
		"Current request: compare @notes.txt with @src\n\nAttached files: notes.txt, src (directory listing)\n" +
			"<file path=\"notes.txt\">\na\nb\n</file>\n<directory path=\"src\">\nmain.go  10 bytes\n</directory>\n",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "old one") {
		t.Errorf("a compacted exchange was sent:\n%s", msg)
	}
}

func TestCompact(t *testing.T) {
	r := redact.New([]string{"DB_PASSWORD=hunter2-secret"})
	c := NewContext(10)
	if _, err := Compact(context.Background(), &scripted{}, "", c, r); !errors.Is(err, ErrNothingToCompact) {
		t.Fatalf("empty context: %v", err)
	}
	c.Add(Exchange{Request: "first hunter2-secret", Command: "ls", Status: 0})
	c.Add(Exchange{Request: "second", Answer: "an answer"})
	c.Add(Exchange{Request: "third", Command: "false", Status: 1})
	p := &scripted{replies: []string{"<think>hmm</think>Listed files; answered.", "Everything so far."}}
	res, err := Compact(context.Background(), p, "small-model", c, r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Exchanges != 2 || res.After >= res.Before {
		t.Errorf("compaction %+v", res)
	}
	sent := p.got[0]
	if sent.System != CompactPrompt || sent.Model != "small-model" {
		t.Errorf("summary request: system %q model %q", sent.System, sent.Model)
	}
	body := sent.Messages[0].Content
	if !strings.Contains(body, "User: first [REDACTED]\nCommand: ls\n") || !strings.Contains(body, "User: second\nAnswer: an answer\n") || strings.Contains(body, "third") {
		t.Errorf("summary request:\n%s", body)
	}
	if c.Summary() != "Listed files; answered." || len(c.Exchanges()) != 1 || c.Exchanges()[0].Request != "third" {
		t.Errorf("after: summary %q, exchanges %+v", c.Summary(), c.Exchanges())
	}
	// With one exchange left, the summary is folded with it: never alone.
	if n := c.Compactable(); n != 1 {
		t.Errorf("compactable %d", n)
	}
	if _, err := Compact(context.Background(), p, "", c, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.got[1].Messages[0].Content, "Summary of the conversation before these exchanges:\nListed files; answered.") {
		t.Errorf("second compaction lacks the first summary:\n%s", p.got[1].Messages[0].Content)
	}
	if n := c.Compactable(); n != 0 {
		t.Errorf("a summary alone is compactable (%d)", n)
	}
	if _, err := Compact(context.Background(), p, "", c, r); !errors.Is(err, ErrNothingToCompact) || len(p.got) != 2 {
		t.Errorf("compacting a summary alone: %v, %d requests", err, len(p.got))
	}
	if conv := c.Snapshot(); conv.Compactions != 2 || conv.Commands != 2 || conv.First != "first hunter2-secret" {
		t.Errorf("snapshot %+v", conv)
	}

	failing := &scripted{err: errors.New("boom")}
	c.Add(Exchange{Request: "fourth"})
	if _, err := Compact(context.Background(), failing, "", c, r); err == nil || len(c.Exchanges()) != 1 {
		t.Errorf("a failed compaction changed the context: %v %+v", err, c.Exchanges())
	}
}

func TestObserveScalesEstimates(t *testing.T) {
	c := NewContext(3)
	req := ai.Request{System: strings.Repeat("word ", 200)}
	raw := c.Estimate(req)
	c.Observe(req, ai.Usage{InputTokens: raw * 3 / 2})
	if got := c.Estimate(req); got < raw*3/2-2 || got > raw*3/2+2 {
		t.Errorf("estimate after observing 1.5x: %d (raw %d)", got, raw)
	}
	c.Observe(req, ai.Usage{InputTokens: 1, Estimated: true})
	c.Observe(req, ai.Usage{InputTokens: raw * 100})
	if got := c.Estimate(req); got != raw*2 {
		t.Errorf("scale not bounded above: %d (raw %d)", got, raw)
	}
	// A provider counting less (a cached prompt) never makes the
	// estimate smaller than the raw one.
	c.Observe(req, ai.Usage{InputTokens: 11})
	if got := c.Estimate(req); got != raw {
		t.Errorf("scale went below 1: %d (raw %d)", got, raw)
	}
	c.Observe(req, ai.Usage{InputTokens: raw * 2})
	files := []attach.File{{Path: "f", Lines: 400, Head: strings.Repeat("some line of text\n", 400)}}
	cut := c.FitAttachments(files, 200)
	if got := c.AttachmentTokens(cut); got > 200 {
		t.Errorf("fitted attachments take %d > 200", got)
	}
	if cut[0].Omitted == 0 {
		t.Error("not cut")
	}
}

func TestWaitingContinuesTheTranscript(t *testing.T) {
	c := NewContext(3)
	transcript := []ai.Message{
		{Role: ai.RoleUser, Content: "find the log"},
		{Role: ai.RoleAssistant, ToolCalls: []ai.ToolCall{{ID: "c1", Name: "run_command", Arguments: `{"command":"ls"}`}}},
		{Role: ai.RoleTool, ToolCallID: "c1", Content: "exit status: 0\na b"},
		{Role: ai.RoleAssistant, Content: "Which directory should I search?"},
	}
	if !AsksUser(transcript[3].Content) {
		t.Fatal("a question not recognised")
	}
	c.Wait(transcript)
	c.Typed("cd /var", 0)
	req := Build("in /var/log", c, Env{}, nil)
	if len(req.Messages) != 5 || req.Messages[2].Content != "exit status: 0\na b" {
		t.Fatalf("messages %+v", req.Messages)
	}
	if last := req.Messages[4]; last.Role != ai.RoleUser || last.Content != "Commands I ran since your question:\n$ cd /var   (exit status 0)\n\nin /var/log" {
		t.Errorf("answer message %+v", last)
	}
	c.StopWaiting()
	if c.Waiting() != nil || len(Build("x", c, Env{}, nil).Messages) != 1 {
		t.Error("still waiting")
	}
}

func TestAsksUser(t *testing.T) {
	for answer, want := range map[string]bool{
		"Which one?":                            true,
		"Found it.\n\n**Shall I delete them?**": true,
		"Do you mean `x`?\n":                    true,
		"The disk is full.":                     false,
		"Is it? No: the disk is full.":          false,
		"":                                      false,
		"1. a?\n2. b\n\nThat is all.":           false,
		"Should I continue (yes/no)?":           true,
		"Which file do you mean (a.txt or b?)":  true,
	} {
		if got := AsksUser(answer); got != want {
			t.Errorf("AsksUser(%q) = %v, want %v", answer, got, want)
		}
	}
}

func TestStoreSaveListResumePrune(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "transcripts")
	st := Store{Dir: dir, Keep: 2}
	var ids []string
	for i, req := range []string{"one", "two", "three"} {
		c := NewContext(5)
		c.Add(Exchange{Request: req, Command: "echo " + req})
		c.AddRun(AgentRun{Question: req, Commands: 2, Messages: []ai.Message{{Role: ai.RoleUser, Content: req}}})
		conv := c.Snapshot()
		// Distinct, ordered times without sleeping.
		conv.Updated = time.Date(2025, 1, 1, 0, 0, i, 0, time.UTC)
		if err := st.Save(conv); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(st.path(conv.ID), conv.Updated, conv.Updated)
		ids = append(ids, conv.ID)
	}
	// A stray file does not break the list.
	os.WriteFile(filepath.Join(dir, "conv-broken.json"), []byte("{"), 0o600)
	convs, err := st.List()
	if err == nil {
		t.Error("a broken file was not reported")
	}
	os.Remove(filepath.Join(dir, "conv-broken.json"))
	convs, err = st.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(convs) != 2 || convs[0].First != "two" || convs[1].First != "three" {
		t.Fatalf("kept %+v", convs)
	}
	if convs[1].Commands != 3 || len(convs[1].Runs) != 1 || convs[1].Runs[0].Messages[0].Content != "three" {
		t.Errorf("conversation %+v", convs[1])
	}
	c := NewContext(5)
	c.Resume(convs[0])
	if c.ID() != ids[1] || len(c.Exchanges()) != 1 {
		t.Errorf("resumed %q %+v", c.ID(), c.Exchanges())
	}
	req := Build("and again", c, Env{}, nil)
	if !strings.Contains(req.Messages[0].Content, "User: two\nCommand: echo two\n") {
		t.Errorf("resumed conversation not sent:\n%s", req.Messages[0].Content)
	}
	c.Clear()
	if !c.Empty() || len(c.Runs()) != 0 {
		t.Error("Clear kept the conversation")
	}
	if err := (Store{Dir: dir, Keep: 0}).Save(convs[0]); err != nil {
		t.Error(err)
	}
}

func TestContinueRunReplacesTheLastRun(t *testing.T) {
	c := NewContext(3)
	c.AddRun(AgentRun{Question: "find it", Commands: 2, Usage: ai.Usage{InputTokens: 10}})
	c.ContinueRun(AgentRun{Question: "in /var", Commands: 1, Answer: "found", Usage: ai.Usage{InputTokens: 5}})
	runs := c.Runs()
	if len(runs) != 1 || runs[0].Question != "find it" || runs[0].Commands != 3 || runs[0].Answer != "found" || runs[0].Usage.InputTokens != 15 {
		t.Errorf("runs %+v", runs)
	}
	if got := c.Snapshot().Commands; got != 3 {
		t.Errorf("commands %d", got)
	}
}
