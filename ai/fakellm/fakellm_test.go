package fakellm

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestRender pins each format's rendering of a reply that uses every
// feature, so that a change to the fake is a visible change.
func TestRender(t *testing.T) {
	rep := Reasoning("think", "hi there").Chunked(4).WithUsage(3, 2)
	rep.ToolCalls = []Call{{ID: "c1", Name: "run", Arguments: `{"command":"ls"}`}, {Name: "pwd"}}
	tests := []struct{ path, body, golden string }{
		{"/v1/chat/completions", `{"model":"m","stream_options":{"include_usage":true}}`, "render_openai.golden"},
		{"/v1/messages", `{"model":"m"}`, "render_anthropic.golden"},
		{"/api/chat", `{"model":"m"}`, "render_ollama.golden"},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			srv := New(t, rep)
			status, got := post(t, srv.URL()+tt.path, tt.body)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, got)
			}
			path := filepath.Join("testdata", tt.golden)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestServer(t *testing.T) {
	srv := New(t, Raw("data: exact\n\n").Chunked(3), Error(429, "", map[string]string{"Retry-After": "7"}))
	if srv.Pending() != 2 {
		t.Fatalf("pending %d", srv.Pending())
	}
	var log bytes.Buffer
	srv.LogTo(&log)

	status, body := post(t, srv.URL()+"/v1/chat/completions", `{"model":"m"}`)
	if status != 200 || body != "data: exact\n\n" {
		t.Errorf("raw reply: %d %q", status, body)
	}
	resp, err := http.Post(srv.URL()+"/v1/messages", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "7" || !strings.Contains(string(b), `"rate_limit_error"`) {
		t.Errorf("error reply: %d %v %s", resp.StatusCode, resp.Header, b)
	}
	status, body = post(t, srv.URL()+"/api/chat", `{}`)
	if status != 400 || !strings.Contains(body, "no scripted reply left for request 3") {
		t.Errorf("exhausted script: %d %s", status, body)
	}
	status, _ = post(t, srv.URL()+"/nowhere", `{}`)
	if status != 404 {
		t.Errorf("unknown path: %d", status)
	}

	reqs := srv.Requests()
	wires := []string{"openai", "anthropic", "ollama", ""}
	if len(reqs) != len(wires) {
		t.Fatalf("%d requests recorded", len(reqs))
	}
	for i, r := range reqs {
		if r.Wire != wires[i] || r.Method != "POST" {
			t.Errorf("request %d: %s %s wire %q", i, r.Method, r.Path, r.Wire)
		}
	}
	var v struct{ Model string }
	if err := reqs[0].Decode(&v); err != nil || v.Model != "m" {
		t.Errorf("decode: %v %q", err, v.Model)
	}
	if n := strings.Count(log.String(), "\n"); n != 4 {
		t.Errorf("%d log lines", n)
	}
	if srv.Connections() != 1 {
		t.Errorf("%d connections for sequential keep-alive requests", srv.Connections())
	}
	srv.Close()
	srv.Close()
}

// TestDropAndStall: the faults reach the client as a cut body and as a
// held request that Close releases.
func TestDropAndStall(t *testing.T) {
	srv := New(t, Text("hello world").DropAfter(10), Stall())
	resp, err := http.Post(srv.URL()+"/api/chat", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil || len(b) != 10 {
		t.Errorf("dropped body: %d bytes, err %v", len(b), err)
	}
	done := make(chan error, 1)
	go func() {
		resp, err := http.Post(srv.URL()+"/api/chat", "application/json", strings.NewReader(`{}`))
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for len(srv.Requests()) < 2 {
		select {
		case err := <-done:
			t.Fatalf("stalled request returned: %v", err)
		case <-time.After(time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the stalled request never arrived")
		}
	}
	srv.Close()
	if err := <-done; err == nil {
		t.Error("a stalled request got a response")
	}
}

func TestReadScript(t *testing.T) {
	in := `# a comment
{"text": "ls", "chunk": 2}

{"status": 429, "header": {"Retry-After": "1"}}
{"tool_calls": [{"name": "run", "arguments": "{}"}], "drop": true, "after": 5}
`
	got, err := ReadScript(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Reply{Text("ls").Chunked(2), Error(429, "", map[string]string{"Retry-After": "1"}), ToolCalls(Call{Name: "run", Arguments: "{}"}).DropAfter(5)}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if !bytes.Equal(gj, wj) {
		t.Errorf("got %s\nwant %s", gj, wj)
	}
	if _, err := ReadScript(strings.NewReader(`{"txt": "typo"}`)); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("unknown field: %v", err)
	}
}
