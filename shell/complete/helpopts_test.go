package complete

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// lsDir returns the directory of an ELF ls with GNU-style --help.
func lsDir(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("ls")
	if err != nil {
		t.Skip("no ls")
	}
	p, _ = filepath.EvalSymlinks(p)
	if !isELF(p) {
		t.Skip("ls is not an ELF executable")
	}
	out, _ := exec.Command(p, "--help").Output()
	if !strings.Contains(string(out), "--ignore-backups") {
		t.Skip("ls --help does not list --ignore-backups")
	}
	return filepath.Dir(p)
}

func TestHelpOptions(t *testing.T) {
	dir := lsDir(t)
	c, env := testCompleter(t)
	env.vars["PATH"] = env.vars["PATH"] + ":" + dir
	c.Timeout = 10 * time.Second
	c.CacheDir = t.TempDir()
	got := values(complete(c, `ls --ignore-b`))
	if got != `--ignore-backups␣` {
		t.Errorf("ls --ignore-b: %s", got)
	}
	r := complete(c, `ls --col`)
	if len(r.Candidates) == 0 || !r.Candidates[0].NoSpace || r.Candidates[0].Value != "--color=" {
		t.Errorf("ls --col: %+v", r.Candidates)
	}
	files, err := filepath.Glob(filepath.Join(c.CacheDir, "help-*.json"))
	if err != nil || len(files) != 1 {
		t.Fatalf("disk cache files: %v %v", files, err)
	}

	// A new completer reads the disk cache instead of running ls.
	c2, env2 := testCompleter(t)
	env2.vars["PATH"] = env.vars["PATH"]
	c2.CacheDir = c.CacheDir
	c2.Timeout = 10 * time.Second
	data, _ := os.ReadFile(files[0])
	os.WriteFile(files[0], []byte(strings.Replace(string(data), `"--ignore-backups"`, `"--ignore-from-cache"`, 1)), 0o600)
	if got := values(complete(c2, `ls --ignore-f`)); got != `--ignore-from-cache␣` {
		t.Errorf("cached: %s", got)
	}
}

func TestHelpOptionsInBackground(t *testing.T) {
	dir := lsDir(t)
	c, env := testCompleter(t)
	env.vars["PATH"] = env.vars["PATH"] + ":" + dir
	c.Timeout = time.Nanosecond
	complete(c, `ls --ignore-b`) // starts ls --help; too slow for this request
	deadline := time.Now().Add(20 * time.Second)
	for values(complete(c, `ls --ignore-b`)) != `--ignore-backups␣` {
		if time.Now().After(deadline) {
			t.Fatal("options never arrived")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHelpNeverRunsScripts(t *testing.T) {
	c, env := testCompleter(t)
	marker := filepath.Join(t.TempDir(), "ran")
	mkfile(t, filepath.Join(filepath.Dir(env.vars["PATH"]), "bin", "deploy"), "#!/bin/sh\ntouch "+marker+"\n", 0o755)
	c.Timeout = time.Second
	r := complete(c, `deploy --f`)
	if len(r.Candidates) != 0 {
		t.Errorf("candidates for a script's options: %+v", r.Candidates)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the script was run")
	}
	if opts := c.helpOptions(context.Background(), "reboot", nil); opts != nil {
		t.Errorf("reboot options: %v", opts)
	}
}
