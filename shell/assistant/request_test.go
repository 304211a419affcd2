package assistant

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nosh/ai/attach"
	"nosh/ai/translate"
)

// TestFitAttachments: `?`, `??` and `nosh ask` cut attachments to the
// same budget, with the same notice, saying lines for a file and entries
// for a directory.
func TestFitAttachments(t *testing.T) {
	dir := t.TempDir()
	var log strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&log, "line %d of a long log with several words\n", i)
	}
	os.WriteFile(filepath.Join(dir, "big.log"), []byte(log.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "small.txt"), []byte("hello\n"), 0o644)
	many := filepath.Join(dir, "many")
	os.Mkdir(many, 0o755)
	for i := range 600 {
		os.WriteFile(filepath.Join(many, fmt.Sprintf("file-with-a-longish-name-%04d", i)), nil, 0o644)
	}
	const contextTokens = 2000
	tests := []struct {
		name, line string
		base       int
		notices    []string
	}{
		{"fits", "? read @small.txt", 100, nil},
		{"file cut", "? read @big.log", 100, []string{"@big.log: %d of 2000 lines left out to fit ai.context_tokens (2000)"}},
		{"directory cut", "? list @many", 100, []string{"@many: %d of 600 entries left out to fit ai.context_tokens (2000)"}},
		{"missing", "? read @gone.txt", 100, []string{"@gone.txt: no such file or directory; sending the request without it"}},
		// A full conversation leaves attachments their least share.
		{"no room", "? read @big.log", 5000, []string{"@big.log: %d of 2000 lines left out to fit ai.context_tokens (2000)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, refs := attach.Parse(tt.line)
			var notices []string
			notice := func(msg string) { notices = append(notices, msg) }
			files := readAttachments(refs, attach.Options{Dir: dir}, strings.ToUpper, notice)
			sent, attached := fitAttachments(text, files, nil, contextTokens, tt.base, notice)
			if len(notices) != len(tt.notices) {
				t.Fatalf("notices %q, want %d", notices, len(tt.notices))
			}
			for i, want := range tt.notices {
				var n int
				if !strings.Contains(want, "%d") {
					if notices[i] != want {
						t.Errorf("notice %q, want %q", notices[i], want)
					}
					continue
				}
				if _, err := fmt.Sscanf(notices[i], want, &n); err != nil || n <= 0 {
					t.Errorf("notice %q, want %q", notices[i], want)
				}
			}
			if len(attached) != len(files) {
				t.Errorf("attached %q of %d files", attached, len(files))
			}
			target := translate.Target(contextTokens)
			room := max(target-tt.base, target/minAttachShare)
			if got := translate.EstimateTokens(sent) - translate.EstimateTokens(text); len(files) > 0 && got > room+room/10 {
				t.Errorf("attachments take %d tokens, room was %d", got, room)
			}
			if len(files) > 0 && !strings.Contains(sent, "LINE 1 OF") && !strings.Contains(sent, "HELLO") && !strings.Contains(sent, "FILE-WITH") {
				t.Errorf("the attachments were not redacted (mapped) before the cut:\n%.300s", sent)
			}
		})
	}
}
