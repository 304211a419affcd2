package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInputrcKeptWhileEditorBuilds: the editor is built while the shell
// starts, and building it points $INPUTRC elsewhere for a moment; the
// shell's own variable is the one it was started with.
func TestInputrcKeptWhileEditorBuilds(t *testing.T) {
	rc := filepath.Join(t.TempDir(), "my-inputrc")
	if err := os.WriteFile(rc, []byte("set bell-style none\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		s := startPty(t, []string{"INPUTRC=" + rc})
		s.ExpectPrompt()
		s.Line(`echo "[$INPUTRC]"`)
		s.Expect("\n[" + rc + "]\n")
		s.ExpectPrompt()
		s.Close()
	}
}
