package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestAppendAndRecent(t *testing.T) {
	l := Log{Path: filepath.Join(t.TempDir(), "state", "audit.jsonl")}
	zero := 0
	if err := l.Append(Entry{Dir: "/tmp", Source: "?", Command: "ls -la", Verdict: "allow", Decider: "rule", Status: &zero, DurationMS: 12}); err != nil {
		t.Fatal(err)
	}
	l.Append(Entry{Source: "??", Command: "rm -rf /", Verdict: "deny", Decider: "catastrophic"})
	os.WriteFile(l.Path+".x", nil, 0o600)
	f, _ := os.OpenFile(l.Path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{damaged\n")
	f.Close()
	got, err := l.Recent(0)
	if err != nil || len(got) != 2 {
		t.Fatalf("Recent = %v, %v", got, err)
	}
	if got[0].Command != "ls -la" || *got[0].Status != 0 || got[1].Decider != "catastrophic" {
		t.Errorf("entries = %+v", got)
	}
	var b bytes.Buffer
	Print(&b, got)
	out := b.String()
	for _, want := range []string{"ran     (rule)", "ls -la", "refused (catastrophic)", "rm -rf /", "in /tmp"} {
		if !strings.Contains(out, want) {
			t.Errorf("Print output lacks %q:\n%s", want, out)
		}
	}
	// An edited command: the line that ran, and the model's proposal.
	l.Append(Entry{Source: "?", Command: "du -sh /var/log", Original: "du -sh /var/*", Verdict: "ask", Decider: "edit", Status: &zero})
	b.Reset()
	got, _ = l.Recent(1)
	Print(&b, got)
	if !strings.Contains(b.String(), "(edit)") || !strings.Contains(b.String(), "du -sh /var/log\n") ||
		!strings.Contains(b.String(), " the model proposed: du -sh /var/*\n") {
		t.Errorf("an edited entry prints as:\n%s", b.String())
	}
	if last, _ := l.Recent(1); len(last) != 1 || last[0].Original != "du -sh /var/*" {
		t.Errorf("Recent(1) = %+v", last)
	}
	if last, _ := l.Recent(2); len(last) != 2 || last[0].Command != "rm -rf /" {
		t.Errorf("Recent(1) = %+v", last)
	}
}

func TestConcurrentAppends(t *testing.T) {
	l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				l.Append(Entry{Time: time.Now(), Command: fmt.Sprintf("cmd %d %d %s", w, i, strings.Repeat("x", 5000))})
			}
		}()
	}
	wg.Wait()
	got, _ := l.Recent(0)
	if len(got) != 200 {
		t.Fatalf("got %d intact entries, want 200", len(got))
	}
}

func TestMissingFile(t *testing.T) {
	got, err := Log{Path: filepath.Join(t.TempDir(), "none")}.Recent(5)
	if err != nil || got != nil {
		t.Errorf("Recent on a missing file = %v, %v", got, err)
	}
}
