package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"nosh/ai/fakellm"
)

func runCall(id, cmd string) fakellm.Call {
	b, _ := json.Marshal(map[string]string{"command": cmd})
	return fakellm.Call{ID: id, Name: "run_command", Arguments: string(b)}
}

// toolResultsOf returns the tool results an OpenAI-style request carried,
// by call id.
func toolResultsOf(t *testing.T, r fakellm.Request) map[string]string {
	t.Helper()
	var body struct {
		Messages []struct {
			Role       string `json:"role"`
			Content    string `json:"content"`
			ToolCallID string `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := r.Decode(&body); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range body.Messages {
		if m.Role == "tool" {
			out[m.ToolCallID] = m.Content
		}
	}
	return out
}

func writeConfig(t *testing.T, home, content string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "nosh")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAgentInvestigation(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("c1", "basename first-step")).Chunked(4),
		fakellm.ToolCalls(runCall("c2", "basename second-step"), runCall("c3", "rm -rf ~")),
		fakellm.ToolCalls(runCall("c4", "dirname /refused/x")),
		fakellm.ToolCalls(runCall("c5", "basename worked-around")),
		fakellm.Text("The answer is **42**.\n- found it").Chunked(5),
	)
	env := append(aiEnv(srv, home), "MY_API_TOKEN=agent-secret-value-77")
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line("?? find the answer")
	s.Expect("[AI] Asks to run: basename first-step")
	s.Expect("[O]nce [S]ession [A]lways [D]eny")
	s.Send("s")
	s.Expect("[AI] Running: basename first-step")
	s.Expect("│ first-step")
	// Two calls in one reply: the session rule covers the first, the
	// catastrophic one is refused without asking, and shown as refused
	// first, never as running.
	s.Expect("[AI] Running: basename second-step")
	s.Expect("│ second-step")
	s.Expect("[AI] Refused: rm -rf ~")
	s.Expect("✗ denied: rm -rf ~")
	// A refusal by the user; the model works around it.
	s.Expect("[AI] Asks to run: dirname /refused/x")
	s.Expect("[D]eny")
	s.Send("d")
	s.Expect("not run: you refused it")
	s.Expect("[AI] Running: basename worked-around")
	s.Expect("│ worked-around")
	s.Expect("The answer is 42.")
	s.Expect("• found it")
	s.Expect("3 commands")
	out := s.ExpectPrompt()
	if strings.Contains(s.Output(), "Running: rm") || strings.Contains(s.Output(), "Running: dirname") {
		t.Errorf("a command that did not run was shown as running:\n%s", s.Output())
	}
	_ = out

	reqs := srv.Requests()
	if len(reqs) != 5 {
		t.Fatalf("%d requests", len(reqs))
	}
	second := toolResultsOf(t, reqs[1])
	if !strings.HasPrefix(second["c1"], "exit status: 0\nfirst-step") {
		t.Errorf("c1 result %q", second["c1"])
	}
	third := toolResultsOf(t, reqs[2])
	if !strings.HasPrefix(third["c2"], "exit status: 0\nsecond-step") || !strings.Contains(third["c3"], "not run") {
		t.Errorf("results %q", third)
	}
	if got := toolResultsOf(t, reqs[3])["c4"]; !strings.Contains(got, "refused") {
		t.Errorf("c4 result %q", got)
	}
	for _, r := range reqs {
		if strings.Contains(string(r.Body), "agent-secret-value-77") || strings.Contains(string(r.Body), "sk-test-key") {
			t.Errorf("secret in request: %s", r.Body)
		}
		if !strings.Contains(string(r.Body), `"run_command"`) {
			t.Errorf("request lacks the tool")
		}
	}

	// The audit log has every command, and nosh log shows them.
	s.Line("exit")
	s.Wait()
	out, _, st := runNoshEnv(t, homeEnv(home), "log")
	for _, want := range []string{"basename first-step", "(session)", "rm -rf ~", "(catastrophic)", "dirname /refused/x", "(refused)"} {
		if !strings.Contains(out, want) {
			t.Errorf("nosh log lacks %q (status %d):\n%s", want, st, out)
		}
	}
}

// runNoshEnv runs nosh with extra environment and returns its output.
func runNoshEnv(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := noshCommand(t, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	st := 0
	if err != nil {
		st = cmd.ProcessState.ExitCode()
	}
	return out.String(), errb.String(), st
}

func TestAgentAlwaysPersistsAndOllama(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.ToolCalls(fakellm.Call{Name: "run_command", Arguments: `{"command":"dirname /a/b"}`}),
		fakellm.Text("done one"),
	)
	env := append(homeEnv(home), "NOSH_AI_PROVIDER=ollama", "NOSH_AI_BASE_URL="+srv.URL())
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line("?? where")
	s.Expect("[A]lways")
	s.Send("a")
	s.Expect("│ /a")
	s.Expect("done one")
	s.ExpectPrompt()
	s.Line("exit")
	s.Wait()
	if reqs := srv.Requests(); len(reqs) == 0 || reqs[0].Path != "/api/chat" {
		t.Fatalf("not the Ollama wire: %+v", reqs)
	}

	srv.Push(fakellm.ToolCalls(fakellm.Call{Name: "run_command", Arguments: `{"command":"dirname /c/d"}`}), fakellm.Text("done two"))
	runWithoutAsking(t, env, "?? again", "│ /c", "done two")
}

func TestAgentRuntimeGateStopsHiddenCommand(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "allow = [\"basename\"]\n")
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("g1", `c=dirn; c=${c}ame; $c /hidden/cmd`)),
		fakellm.Text("gate test over"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("?? try the gate")
	s.Expect("[O]nce")
	s.Send("o")
	// Only at run time does $c turn out to be dirname: the gate asks.
	s.Expect("did not show")
	s.Expect("dirname /hidden/cmd")
	s.Send("d")
	s.Expect("gate test over")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "│ /hidden") {
		t.Fatalf("the hidden command ran:\n%s", s.Output())
	}
	if got := toolResultsOf(t, srv.Requests()[1])["g1"]; !strings.HasPrefix(got, "exit status: 126") {
		t.Errorf("gated command result %q", got)
	}
}

func TestAgentLimits(t *testing.T) {
	home := t.TempDir()
	writeRules(t, home, "allow = [\"basename\", \"sleep\"]\n")
	writeConfig(t, home, "[ai]\nmax_iterations = 2\ntimeout = 2\n")
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("m1", "basename one")),
		fakellm.ToolCalls(runCall("m2", "basename two")),
		fakellm.ToolCalls(runCall("m3", "basename three")),
		fakellm.ToolCalls(runCall("t1", "sleep 30")),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("?? loop")
	s.Expect("│ two")
	s.Expect("agent stopped: 2 commands ran")
	s.ExpectPrompt()
	s.Line("?? slow")
	s.Expect("[AI] Running: sleep 30")
	s.Expect("time limit")
	s.ExpectPrompt()
}

func TestAgentCtrlCKillsCommand(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[permissions]\nyolo = true\n")
	srv := fakellm.New(t, fakellm.ToolCalls(runCall("k1", `sh -c 'echo pid=$$; exec sleep 60'`)))
	s := startPty(t, aiEnv(srv, home))
	s.Expect("YOLO")
	s.ExpectPrompt()
	s.Line("?? hang")
	m := s.ExpectRe(regexp.MustCompile(`pid=(\d+)`))
	pid, _ := strconv.Atoi(m[1])
	s.Send("\x03")
	s.Expect("agent cancelled")
	s.ExpectPrompt()
	if err := syscall.Kill(pid, 0); err == nil {
		// The process may be a zombie for an instant; poll briefly.
		for i := 0; i < 100 && syscall.Kill(pid, 0) == nil; i++ {
			s.Line("true")
			s.ExpectPrompt()
		}
		if syscall.Kill(pid, 0) == nil {
			if b, _ := os.ReadFile("/proc/" + m[1] + "/stat"); !strings.Contains(string(b), ") Z ") {
				t.Errorf("the command (pid %d) survived Ctrl+C", pid)
			}
		}
	}
}

func TestYolo(t *testing.T) {
	home := t.TempDir()
	project := filepath.Join(home, "project")
	os.MkdirAll(project, 0o755)
	os.WriteFile(filepath.Join(project, ".nosh.toml"), []byte("[permissions]\ndisable_yolo = true\n"), 0o644)
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("y1", "basename yolo-ran"), runCall("y2", "rm -rf /")),
		fakellm.Text("yolo over"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("/yolo on")
	s.Expect("yolo on")
	s.Expect("YOLO " + ptyPrompt)
	s.Line("?? go")
	s.Expect("│ yolo-ran")
	// Yolo never runs what the catastrophic list denies, and says so.
	s.Expect("[AI] Refused: rm -rf /")
	s.Expect("✗ denied: rm -rf / — recursive rm of /")
	s.Expect("yolo over")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "[O]nce") {
		t.Errorf("yolo still asked:\n%s", s.Output())
	}
	// A project can switch yolo off.
	s.Line("cd " + project)
	s.ExpectPrompt()
	s.Line("/yolo")
	s.Expect("yolo is off")
	s.Line("/yolo on")
	s.Expect("disabled here")
}
