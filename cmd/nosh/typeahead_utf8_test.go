package main

import (
	"strings"
	"testing"
)

// TestTypeaheadUTF8: lines typed while a command runs arrive in one read
// when the prompt comes back; every one of them keeps its non-ASCII
// letters, whichever line of the burst it is on (the third line of such a
// burst lost the first byte of its first multi-byte letter).
func TestTypeaheadUTF8(t *testing.T) {
	s := startJobShell(t)
	s.Send("sleep 0.3\recho a1\recho ça2\recho ñu3 é\recho 4ü\r")
	for _, want := range []string{"a1", "ça2", "ñu3 é", "4ü"} {
		s.Expect("\n" + want)
	}
	s.ExpectPrompt()
	if o := s.Output(); strings.ContainsRune(o, '\uFFFD') {
		t.Errorf("a letter typed ahead was mangled:\n%s", o)
	}
}
