package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// A signal ignored when a non-interactive shell starts stays ignored, for
// the shell and the programs it starts, and a trap cannot catch it
// (POSIX; bash and dash do the same). The Go runtime hides the
// disposition nosh started with for signals other than SIGHUP and SIGINT;
// nosh reads it from the shell that started it. Each case runs nosh from
// sh after `trap "" SIG`, as a script or a test suite would.
func TestSignalsIgnoredOnEntry(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, sig, script, want string }{
		{"the shell", "TERM", `kill -s TERM $$; echo alive`, "alive\n"},
		{"a death signal", "USR1", `kill -s USR1 $$; echo alive`, "alive\n"},
		{"SIGQUIT", "QUIT", `kill -s QUIT $$; echo alive`, "alive\n"},
		{"a trap cannot catch it", "USR2", `trap 'echo trapped' USR2; kill -s USR2 $$; echo alive`, "alive\n"},
		{"nor reset it", "TERM", `trap - TERM; kill -s TERM $$; echo alive`, "alive\n"},
		{"children inherit it", "USR1", `sh -c 'kill -s USR1 $$; echo child alive'`, "child alive\n"},
		{"a subshell too", "TERM", `(kill -s TERM $$; echo alive)`, "alive\n"},
		// A first statement that cannot need the dispositions runs before
		// they are set up (setUpSignals); the next one sets them up.
		{"after true", "TERM", `true; kill -s TERM $$; echo alive`, "alive\n"},
		{"after :, a death signal", "USR1", `: x; kill -s USR1 $$; echo alive`, "alive\n"},
		{"after false, SIGQUIT", "QUIT", `false; kill -s QUIT $$; echo alive`, "alive\n"},
		{"after true, children", "USR1", `true; sh -c 'kill -s USR1 $$; echo child alive'`, "child alive\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// sh forks nosh (a command follows), so that nosh's parent
			// is the shell that ignores the signal.
			cmd := exec.Command("sh", "-c", `trap '' `+tc.sig+`; "$NOSH" -c "$SCRIPT"; echo "status $?"`)
			cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1", "NOSH="+exe, "SCRIPT="+tc.script)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v (stderr %q)", err, errb.String())
			}
			if want := tc.want + "status 0\n"; out.String() != want {
				t.Errorf("stdout %q, want %q (stderr %q)", out.String(), want, errb.String())
			}
		})
	}
}
