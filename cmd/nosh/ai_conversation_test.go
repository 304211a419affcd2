package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nosh/ai/fakellm"
)

// openAIMessage is one message of a recorded OpenAI-style request.
type openAIMessage struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID string `json:"id"`
	} `json:"tool_calls"`
}

func messagesOf(t *testing.T, r fakellm.Request) (system string, msgs []openAIMessage) {
	t.Helper()
	var body struct {
		Messages []openAIMessage `json:"messages"`
	}
	if err := r.Decode(&body); err != nil {
		t.Fatal(err)
	}
	if len(body.Messages) > 0 && body.Messages[0].Role == "system" {
		return body.Messages[0].Content, body.Messages[1:]
	}
	return "", body.Messages
}

func TestAttachFiles(t *testing.T) {
	home := t.TempDir()
	work := filepath.Join(home, "work")
	os.MkdirAll(work, 0o755)
	os.WriteFile(filepath.Join(work, "notes.txt"), []byte("first line of notes\napi_key=abcdef123456789\nthe value tok-attach-secret-999 here\n"), 0o644)
	var big strings.Builder
	for i := 1; i <= 2000; i++ {
		fmt.Fprintf(&big, "line %d of the big log file\n", i)
	}
	bigPath := filepath.Join(work, "big.log")
	os.WriteFile(bigPath, []byte(big.String()), 0o644)
	writeConfig(t, home, "[ai]\ncontext_tokens = 2000\n")
	srv := fakellm.New(t, fakellm.Text("# A note with a key in it."), fakellm.Text("# A long log."))
	env := append(aiEnv(srv, home), "MY_SERVICE_TOKEN=tok-attach-secret-999")
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line("cd " + work)
	s.ExpectPrompt()

	// Tab completes the path after @; a missing file is a notice and the
	// request goes on; \@ and a quoted '@x' are plain text.
	s.Send("? explain @no\t")
	s.Expect("@notes.txt")
	s.Send(`and @missing.txt, not \@literal or '@quoted'` + "\r")
	s.Expect("nosh: @missing.txt: no such file or directory; sending the request without it")
	s.Expect("A note with a key in it.")
	s.ExpectPrompt()
	body := userMessages(t, srv.Requests()[0])
	for _, want := range []string{
		"explain @notes.txt",
		"not @literal or '@quoted'",
		"Attached files: notes.txt\n<file path=\"notes.txt\">\nfirst line of notes\napi_key=[REDACTED]\nthe value [REDACTED] here\n</file>\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("request lacks %q:\n%s", want, body)
		}
	}
	for _, bad := range []string{"abcdef123456789", "tok-attach-secret-999", `\@literal`, `path="missing.txt"`, "quoted\">"} {
		if strings.Contains(body, bad) {
			t.Errorf("request carries %q:\n%s", bad, body)
		}
	}

	// /context shows the attachment the next request would carry.
	s.Line("/context what is in @notes.txt")
	s.Expect("Current request: what is in @notes.txt\n\nAttached files: notes.txt\n<file path=\"notes.txt\">\nfirst line of notes\n")
	s.Expect("ai.context_tokens is 2000")
	s.ExpectPrompt()

	// A file too large for ai.context_tokens is cut, and the user told.
	s.Line("? summarise @" + bigPath)
	m := s.ExpectRe(regexp.MustCompile(`nosh: @\S*big\.log: (\d+) of 2000 lines left out to fit ai\.context_tokens \(2000\)`))
	s.Expect("A long log.")
	s.ExpectPrompt()
	body = userMessages(t, srv.Requests()[1])
	for _, want := range []string{
		fmt.Sprintf("Attached files: %s (%s of 2000 lines left out)\n", bigPath, m[1]),
		"<file path=\"" + bigPath + "\">\nline 1 of the big log file\nline 2 of the big log file\n",
		fmt.Sprintf("\n[... %s lines left out ...]\n", m[1]),
		"line 2000 of the big log file\n</file>\n",
		// The earlier exchange keeps the name of what it attached.
		"User: explain @notes.txt and @missing.txt, not @literal or '@quoted'\nAttached: notes.txt\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("request lacks %q", want)
		}
	}
	if tokens := len(body) / 4; tokens > 2000 {
		t.Errorf("request of about %d tokens for ai.context_tokens = 2000", tokens)
	}
}

func TestCompaction(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[ai]\ncontext_tokens = 800\n")
	long := func(word string) fakellm.Reply {
		return fakellm.Text("# " + word + strings.Repeat(" and more about "+word, 80)).WithoutUsage()
	}
	srv := fakellm.New(t,
		long("alpha"),
		long("bravo"),
		fakellm.Text("SUMMARY-ONE: the user asked about alpha.").WithoutUsage(),
		fakellm.Text("# charlie answer").WithoutUsage(),
		fakellm.Text("SUMMARY-TWO: alpha and bravo.").WithoutUsage(),
		fakellm.Text("# delta answer").WithoutUsage(),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? tell me about alpha")
	s.Expect("and more about alpha")
	s.ExpectPrompt()
	s.Line("? tell me about bravo")
	s.Expect("and more about bravo")
	s.ExpectPrompt()
	// The third request would pass 85 % of 800 tokens: the older exchange
	// is summarised first, in one extra request shown as such.
	s.Line("? tell me about charlie")
	s.Expect("nears ai.context_tokens")
	s.Expect("summarised 1 exchange")
	s.Expect("charlie answer")
	s.ExpectPrompt()
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests", len(reqs))
	}
	sys, msgs := messagesOf(t, reqs[2])
	if !strings.Contains(sys, "You summarise a conversation") || !strings.Contains(msgs[0].Content, "User: tell me about alpha") ||
		strings.Contains(msgs[0].Content, "bravo") {
		t.Errorf("summary request:\n%s\n%s", sys, msgs[0].Content)
	}
	third := userMessages(t, reqs[3])
	if !strings.Contains(third, "Summary of the earlier conversation:\nSUMMARY-ONE: the user asked about alpha.\n\nPrevious conversation:\nUser: tell me about bravo\n") ||
		strings.Contains(third, "more about alpha") || !strings.Contains(third, "Current request: tell me about charlie") {
		t.Errorf("request after the compaction:\n%s", third)
	}

	// /compact folds the summary with the older exchanges on demand.
	s.Line("/compact")
	s.Expect("summarised 1 exchange")
	s.ExpectPrompt()
	_, msgs = messagesOf(t, srv.Requests()[4])
	if !strings.Contains(msgs[0].Content, "SUMMARY-ONE") || !strings.Contains(msgs[0].Content, "User: tell me about bravo") {
		t.Errorf("on-demand summary request:\n%s", msgs[0].Content)
	}
	s.Line("? and delta")
	s.Expect("delta answer")
	s.ExpectPrompt()
	last := userMessages(t, srv.Requests()[5])
	if !strings.Contains(last, "SUMMARY-TWO") || strings.Contains(last, "SUMMARY-ONE") || strings.Contains(last, "about bravo") ||
		!strings.Contains(last, "User: tell me about charlie") {
		t.Errorf("request after /compact:\n%s", last)
	}
}

func TestConversationsResumeAcrossRestart(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text("# about the first topic"),
		fakellm.Text("# about the second topic"),
		fakellm.Text("# following up"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? first topic")
	s.Expect("about the first topic")
	s.ExpectPrompt()
	s.Line("/new")
	s.Expect("new conversation")
	s.ExpectPrompt()
	s.Line("? second topic")
	s.Expect("about the second topic")
	s.ExpectPrompt()
	s.Line("/history")
	s.ExpectRe(regexp.MustCompile(` +1  [0-9-]+ [0-9:]+ +0 cmd  first topic\n\* +2  [0-9-]+ [0-9:]+ +0 cmd  second topic\n`))
	s.ExpectPrompt()
	s.Line("/resume 1")
	s.Expect("resumed: first topic (1 exchange, 0 commands)")
	s.ExpectPrompt()
	s.Line("? follow up")
	s.Expect("following up")
	s.ExpectPrompt()
	body := userMessages(t, srv.Requests()[2])
	if !strings.Contains(body, "Previous conversation:\nUser: first topic\nAnswer: about the first topic\n") || strings.Contains(body, "second topic") {
		t.Errorf("the resumed conversation did not reach the request:\n%s", body)
	}
	s.Line("exit")
	s.Wait()

	// A new shell, through the plain (non-terminal) loop, finds both.
	srv.Push(fakellm.Text("# more"))
	cmd := noshCommand(t, "-i")
	cmd.Env = append(cmd.Env, aiEnv(srv, home)...)
	cmd.Stdin = strings.NewReader("/history\n/resume\n? and more\n/history 2\n")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out.String(), errb.String())
	}
	for _, want := range []string{"  1  ", "second topic\n", "  2  ", "first topic\n", "resumed: first topic (2 exchanges", "? follow up\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s\n%s", want, out.String(), errb.String())
		}
	}
	body = userMessages(t, srv.Requests()[3])
	if !strings.Contains(body, "User: first topic\n") || !strings.Contains(body, "User: follow up\n") || !strings.Contains(body, "Current request: and more") {
		t.Errorf("after the restart, the resumed conversation was not sent:\n%s", body)
	}
	files, _ := filepath.Glob(filepath.Join(home, ".local/state/nosh/transcripts/conv-*.json"))
	if len(files) != 2 {
		t.Errorf("saved conversations: %v", files)
	}
}

func TestAgentWaitsForAnswer(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "allow = [\"basename\"]\n")
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("w1", "basename waited")),
		fakellm.Text("I found one log. Which directory should I search next?"),
		fakellm.ToolCalls(runCall("w2", "basename answered")),
		fakellm.Text("Done: nothing more."),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("?? find the logs")
	s.Expect("│ waited")
	s.Expect("Which directory should I search next?")
	s.Expect("AI? " + ptyPrompt)
	s.Line("? in /var/log")
	s.Expect("│ answered")
	s.Expect("Done: nothing more.")
	if out := s.ExpectPrompt(); strings.Contains(out, "AI? ") {
		t.Errorf("still waiting after the answer:\n%s", out)
	}
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests", len(reqs))
	}
	_, msgs := messagesOf(t, reqs[2])
	var roles []string
	for _, m := range msgs {
		roles = append(roles, m.Role)
	}
	if strings.Join(roles, " ") != "user assistant tool assistant user" ||
		!strings.Contains(msgs[0].Content, "find the logs") || len(msgs[1].ToolCalls) != 1 || msgs[1].ToolCalls[0].ID != "w1" ||
		msgs[2].ToolCallID != "w1" || !strings.Contains(msgs[2].Content, "waited") ||
		msgs[3].Content != "I found one log. Which directory should I search next?" || msgs[4].Content != "in /var/log" {
		b, _ := json.MarshalIndent(msgs, "", "  ")
		t.Errorf("the answer was not sent within the conversation:\n%s", b)
	}
	s.Line("/history 1")
	s.Expect("[AI] ran: basename waited")
	s.Expect("[AI] ran: basename answered")
	s.Expect("Done: nothing more.")
	s.ExpectPrompt()
	s.Line("/history")
	s.Expect("2 cmd  find the logs")
}
