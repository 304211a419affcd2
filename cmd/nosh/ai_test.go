package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"nosh/ai/fakellm"
)

// aiEnv points a nosh at a fake OpenAI-compatible provider.
func aiEnv(srv *fakellm.Server, home string) []string {
	return append(homeEnv(home),
		"NOSH_AI_PROVIDER=openai",
		"NOSH_AI_BASE_URL="+srv.URL()+"/v1",
		"NOSH_AI_MODEL=fake-model",
		"OPENAI_API_KEY=sk-test-key-abcdefghijklmnop",
	)
}

// writeRules writes permissions.toml in home's config dir.
func writeRules(t *testing.T, home, content string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "nosh")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "permissions.toml"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// userMessages returns the text of every message a recorded request sent.
func userMessages(t *testing.T, r fakellm.Request) string {
	t.Helper()
	var body struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := r.Decode(&body); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, m := range body.Messages {
		var s string
		if json.Unmarshal(m.Content, &s) == nil {
			b.WriteString(m.Role + ": " + s + "\n")
		} else {
			b.WriteString(m.Role + ": " + string(m.Content) + "\n")
		}
	}
	return b.String()
}

func TestTranslateRunsAllowedCommandAndFollowUpCarriesContext(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "allow = [\"echo\"]\n")
	srv := fakellm.New(t,
		fakellm.Text("echo translated-ok").Chunked(3),
		fakellm.Text("<think>They want it again.</think>\n```sh\n$ echo again-ok\n```\nThis prints again."),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? say something")
	s.Expect("➜ echo translated-ok")
	s.Expect("\ntranslated-ok\n")
	s.ExpectPrompt()
	s.Line("? do that again")
	s.Expect("➜ echo again-ok")
	s.Expect("\nagain-ok\n")
	s.ExpectPrompt()

	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	if reqs[0].Path != "/v1/chat/completions" {
		t.Errorf("path %q", reqs[0].Path)
	}
	second := userMessages(t, reqs[1])
	if !strings.Contains(second, "Previous conversation:\nUser: say something\nCommand: echo translated-ok") ||
		!strings.Contains(second, "Current request: do that again") {
		t.Errorf("follow-up lacks the first exchange:\n%s", second)
	}
	// The translated command is in history as itself.
	s.Send("\x1b[A")
	s.Expect("echo again-ok")
}

func TestTranslateAskAnswers(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text("basename once-ran"),
		fakellm.Text("basename denied-ran"),
		fakellm.Text("basename session-ran"),
		fakellm.Text("basename session-again"),
		fakellm.Text("dirname /always/ran"),
		fakellm.Text("wc -c /dev/null"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()

	s.Line("? first")
	s.Expect("➜ basename once-ran")
	s.Expect("no allow rule")
	s.Expect("[O]nce [S]ession [A]lways [D]eny [E]dit")
	s.Send("o")
	s.Expect("\nonce-ran\n")
	s.ExpectPrompt()

	s.Line("? second")
	s.Expect("[D]eny [E]dit")
	s.Send("d")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "\ndenied-ran\n") {
		t.Fatal("a denied command ran")
	}

	s.Line("? third")
	s.Expect("[S]ession")
	s.Send("s")
	s.Expect("\nsession-ran\n")
	s.ExpectPrompt()
	// The session rule for printf now covers the next printf without asking.
	s.Line("? fourth")
	s.Expect("\nsession-again\n")
	s.ExpectPrompt()

	s.Line("? fifth")
	s.Expect("[A]lways")
	s.Send("a")
	s.Expect("\n/always\n")
	s.ExpectPrompt()

	s.Line("? sixth")
	s.Expect("[E]dit")
	s.Send("e")
	// The command waits in the editor; Enter runs it.
	s.Expect("wc -c /dev/null")
	s.Send(" /dev/null\r")
	s.Expect("0 total")
	s.ExpectPrompt()
	s.Line("exit")
	s.Wait()

	// The audit log has the line that ran after [E]dit, with the
	// model's proposal beside it.
	log, _, _ := runNoshEnv(t, homeEnv(home), "log")
	if !regexp.MustCompile(`ran +\(edit\) +0 .*  wc -c /dev/null /dev/null\n +the model proposed: wc -c /dev/null\n`).MatchString(log) {
		t.Errorf("nosh log after an edit:\n%s", log)
	}
	audit, _ := os.ReadFile(filepath.Join(home, ".local", "state", "nosh", "audit.jsonl"))
	if !strings.Contains(string(audit), `"command":"wc -c /dev/null /dev/null","original":"wc -c /dev/null"`) {
		t.Errorf("audit.jsonl:\n%s", audit)
	}

	rules, err := os.ReadFile(filepath.Join(home, ".config", "nosh", "permissions.toml"))
	if err != nil || !strings.Contains(string(rules), `"dirname"`) || strings.Contains(string(rules), "basename") {
		t.Fatalf("Always should persist dirname (and Session not basename): %s %v", rules, err)
	}
	// Always persists across a restart: dirname runs without asking.
	srv.Push(fakellm.Text("dirname /tmp/x"))
	runWithoutAsking(t, aiEnv(srv, home), "? parent of tmp/x", "\n/tmp\n")
}

// runWithoutAsking starts a new nosh (a restart), sends line and expects
// each of want in order, failing if a permission prompt appeared: an
// Always answer must hold across restarts.
func runWithoutAsking(t *testing.T, env []string, line string, want ...string) {
	t.Helper()
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line(line)
	for _, w := range want {
		s.Expect(w)
	}
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "[O]nce") {
		t.Fatalf("asked again after Always:\n%s", s.Output())
	}
}

func TestTranslateNonCommandErrorsAndCancel(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text("# That is not something a command can do.\n# Try rephrasing."),
		fakellm.Error(500, "boom", nil),
		fakellm.Error(500, "boom", nil),
		fakellm.Error(500, "boom", nil),
		fakellm.Stall(),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? what is the meaning of life")
	s.Expect("That is not something a command can do.")
	s.ExpectPrompt()

	s.Line("? fail please")
	s.Expect("nosh: ")
	s.ExpectPrompt()
	// $? is the request's status, as the prompt shows it.
	s.Line("echo st=$?")
	s.Expect("\nst=1\n")
	s.ExpectPrompt()

	s.Line("? hang")
	time.Sleep(200 * time.Millisecond) // let the request start streaming
	s.Send("\x03")
	s.Expect("request cancelled")
	s.ExpectPrompt()
	s.Line("echo still-here")
	s.Expect("\nstill-here\n")

	s.Line("?")
	s.Expect("translate TEXT into a command")
}

func TestSecretsRedactedFromRequests(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t, fakellm.Text("basename hi"))
	env := append(aiEnv(srv, home), "MY_SERVICE_TOKEN=tok-very-secret-value-123")
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line("echo tok-very-secret-value-123 ghp_0123456789abcdefghijABCDEFGHIJ")
	s.ExpectPrompt()
	s.Line("? use tok-very-secret-value-123 please")
	s.Expect("[D]eny")
	s.Send("d")
	s.ExpectPrompt()
	if len(srv.Requests()) != 1 {
		t.Fatalf("%d requests", len(srv.Requests()))
	}
	for _, r := range srv.Requests() {
		body := string(r.Body)
		for _, secret := range []string{"tok-very-secret-value-123", "ghp_0123456789abcdefghij", "sk-test-key-abcdefghijklmnop"} {
			if strings.Contains(body, secret) {
				t.Errorf("request body carries %q:\n%s", secret, body)
			}
		}
		if got := r.Header.Get("Authorization"); got != "Bearer sk-test-key-abcdefghijklmnop" {
			t.Errorf("auth header = %q", got)
		}
	}
}

func TestNoshAsk(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t, fakellm.Text("```\nfind . -size +100M\n```"), fakellm.Text("I refuse to answer that."),
		fakellm.Text("grep -n TODO notes.txt"), fakellm.Text("tail big.log"))
	run := func(args ...string) (string, string, int) {
		return runNoshEnv(t, aiEnv(srv, home), append([]string{"ask"}, args...)...)
	}
	out, _, st := run("find", "large", "files")
	if out != "find . -size +100M\n" || st != 0 {
		t.Errorf("nosh ask = %q, %d", out, st)
	}
	out, errOut, st := run("meaning of life")
	if out != "" || st != 1 || !strings.Contains(errOut, "I refuse") {
		t.Errorf("non-command: %q %q %d", out, errOut, st)
	}

	// @path attaches a file, redacted; a missing one is a notice.
	notes := filepath.Join(home, "notes.txt")
	os.WriteFile(notes, []byte("TODO: rotate key sk-proj-ABCDEFGHIJKLMNOPQRSTUV\n"), 0o644)
	out, errOut, st = run("find the todos in", "@"+notes, "@"+filepath.Join(home, "missing.txt"))
	if out != "grep -n TODO notes.txt\n" || st != 0 || !strings.Contains(errOut, "missing.txt") {
		t.Errorf("attachments: %q %q %d", out, errOut, st)
	}
	body := string(srv.Requests()[2].Body)
	if !strings.Contains(body, "TODO: rotate key") || strings.Contains(body, "sk-proj-ABCDEFGHIJKLMNOPQRSTUV") {
		t.Errorf("attached file missing or not redacted: %s", body)
	}

	// A file too large for ai.context_tokens is cut as `?` cuts it, and
	// the notice is `?`'s.
	writeConfig(t, home, "[ai]\ncontext_tokens = 2000\n")
	var big strings.Builder
	for i := 1; i <= 2000; i++ {
		fmt.Fprintf(&big, "line %d of the big log file\n", i)
	}
	bigPath := filepath.Join(home, "big.log")
	os.WriteFile(bigPath, []byte(big.String()), 0o644)
	out, errOut, st = run("show the end of", "@"+bigPath)
	re := regexp.MustCompile(`nosh ask: @\S*big\.log: (\d+) of 2000 lines left out to fit ai\.context_tokens \(2000\)`)
	if out != "tail big.log\n" || st != 0 || !re.MatchString(errOut) {
		t.Errorf("big attachment: %q %q %d", out, errOut, st)
	}
	if body := string(srv.Requests()[3].Body); !strings.Contains(body, "line 2000 of the big log file") || len(body) > 2000*4*2 {
		t.Errorf("the big file was not cut to the budget (%d bytes sent)", len(body))
	}
}

func TestTranslateIncludeOutput(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[ai]\ninclude_output = true\n")
	writeRules(t, home, "allow = [\"sh\", \"seq\"]\n")
	srv := fakellm.New(t,
		fakellm.Text(`if [ -t 1 ]; then echo stdout-is-a-terminal; fi; seq 1 3`),
		fakellm.Text("true"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? check the terminal")
	s.Expect("\nstdout-is-a-terminal\n1\n2\n3\n")
	s.ExpectPrompt()
	s.Line("? and then")
	s.Expect("➜ true")
	s.ExpectPrompt()
	second := userMessages(t, srv.Requests()[1])
	if !strings.Contains(second, "Output (start):\n  stdout-is-a-terminal\n  1\n  2\n  3") {
		t.Errorf("the output did not reach the context:\n%s", second)
	}
}
