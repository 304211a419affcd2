package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The main goroutine's stack is grown by package earlystack before the
// initialisers that would grow it under many frames (README, Performance,
// part M): its initialiser must run before internal/godebug's, os's and
// mvdan.cc/sh's. GODEBUG=inittrace=1 lists the initialisers in the order
// they ran.
func TestStackGrownFirst(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-c", "true")
	cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	order := map[string]int{}
	for i, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			if _, seen := order[f[1]]; !seen {
				order[f[1]] = i
			}
		}
	}
	first, ok := order["nosh/cmd/nosh/internal/earlystack"]
	if !ok {
		t.Fatalf("earlystack's initialiser did not run:\n%s", out)
	}
	for _, later := range []string{"internal/godebug", "os", "regexp", "mvdan.cc/sh/v3/fileutil"} {
		if at, ok := order[later]; ok && at < first {
			t.Errorf("%s was initialised before earlystack:\n%s", later, out)
		}
	}
}
