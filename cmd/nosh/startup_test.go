package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The startup file is sourced as bash sources its own: return ends it.
func TestStartupFileReturnEndsIt(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".config", "nosh")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	rc := "echo first\nalias hi='echo hello'\nreturn 0\necho never\n"
	if err := os.WriteFile(filepath.Join(dir, "init.sh"), []byte(rc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := noshCommand(t, "-i")
	cmd.Env = append(cmd.Env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_STATE_HOME="+filepath.Join(home, ".state"), "PS1=$ ")
	cmd.Stdin = strings.NewReader("hi\n")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\nstderr: %s", err, errb.String())
	}
	got := out.String() + errb.String()
	if !strings.Contains(got, "first") || !strings.Contains(got, "hello") || strings.Contains(got, "never") ||
		strings.Contains(got, "return") {
		t.Errorf("output:\n%s", got)
	}
}
