package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as fakellm when re-executed.
func TestMain(m *testing.M) {
	if os.Getenv("FAKELLM_TEST_MAIN") == "1" {
		os.Args = append([]string{"fakellm"}, os.Args[1:]...)
		os.Exit(run())
	}
	os.Exit(m.Run())
}

func TestProcess(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "script.jsonl")
	logPath := filepath.Join(dir, "requests.jsonl")
	if err := os.WriteFile(script, []byte("# one reply\n{\"text\": \"ls -la\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-script", script, "-log", logPath)
	cmd.Env = append(os.Environ(), "FAKELLM_TEST_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("fakellm exited with %v after SIGINT", err)
			}
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Error("fakellm ignored SIGINT")
		}
	}()
	url, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url = strings.TrimSpace(url)
	resp, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(`{"model":"m"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"content":"ls -la"`) || !strings.Contains(string(body), `"done":true`) {
		t.Errorf("reply: %s", body)
	}
	logged, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var req struct{ Path, Wire string }
	if err := json.Unmarshal(logged, &req); err != nil || req.Path != "/api/chat" || req.Wire != "ollama" {
		t.Errorf("log %s: %v", logged, err)
	}
}

func TestBadScript(t *testing.T) {
	script := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(script, []byte("{nope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-script", script)
	cmd.Env = append(os.Environ(), "FAKELLM_TEST_MAIN=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "script line 1") {
		t.Errorf("bad script: %v, %s", err, out)
	}
}
