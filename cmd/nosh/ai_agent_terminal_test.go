package main

import (
	"strings"
	"testing"

	"nosh/ai/fakellm"
	"nosh/perms/sandbox"
)

// TestAgentProgramsHaveNoTerminal: the programs of a `??` run can neither
// read the keys typed on nosh's terminal nor draw on it, however they
// reach it: /dev/tty (they have no controlling terminal: a session of
// their own), the terminal's name under /dev/pts, a redirection nosh
// opens for them, /proc/self/fd. What they print still shows, through
// nosh, in the conversation.
func TestAgentProgramsHaveNoTerminal(t *testing.T) {
	if _, err := sandbox.Available(); err != nil {
		t.Skip(err)
	}
	home := t.TempDir()
	writeConfig(t, home, "[permissions]\nyolo = true\n")
	srv := fakellm.New(t,
		fakellm.ToolCalls(
			runCall("t1", `awk '{print "tty_nr=" $7 " sid=" ($6 == $1 ? "own" : "shared")}' /proc/self/stat`),
			runCall("t2", `sh -c 'for t in /dev/tty /dev/pts/[0-9]* /proc/$$/fd/0; do if true < "$t"; then echo "opened $t"; else echo "refused $t"; fi; done 2>/dev/null'`),
			// A name computed at run time: the gate refuses what nosh
			// would open (the spelled /dev/tty is denied at once).
			runCall("t3", `cat < "$(printf /dev/%s tty)"`),
			runCall("t4", `sh -c 'for t in /dev/tty /dev/pts/*; do printf "\106AKE-OUTPUT\n" > "$t"; done' 2>/dev/null`),
			runCall("t5", `python3 -u -c 'import os; print(os.ctermid()); os.open(os.ctermid(), os.O_RDWR)' 2>&1 | tail -1`),
			// A pseudo-terminal of its own would be no way to the
			// user's either; it is not even granted.
			runCall("t6", `script -qec tty /dev/null 2>&1; echo st=$?`),
		),
		fakellm.Text("done"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.Expect("YOLO")
	s.ExpectPrompt()
	s.Line("?? look at the terminal")
	s.Expect("done")
	s.ExpectPrompt()
	reqs := srv.Requests()
	if len(reqs) < 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	res := toolResultsOf(t, reqs[1])
	if got := res["t1"]; !strings.Contains(got, "tty_nr=0 sid=own") {
		t.Errorf("an agent's program has a controlling terminal, or nosh's session: %q", got)
	}
	if got := res["t2"]; strings.Contains(got, "opened /dev") || !strings.Contains(got, "refused /dev/tty") {
		t.Errorf("an agent's program opened a terminal: %q", got)
	}
	if got := res["t3"]; !strings.Contains(got, "refused") {
		t.Errorf("nosh opened the terminal for an agent's command: %q", got)
	}
	if strings.Contains(s.Output(), "FAKE-OUTPUT") {
		t.Errorf("an agent's program drew on the terminal:\n%s", s.Output())
	}
	if got := res["t6"]; strings.Contains(got, "/dev/pts/") || strings.Contains(got, "st=0") {
		t.Errorf("script got a terminal: %q", got)
	}
	if got := res["t5"]; !strings.Contains(got, "Error") && !strings.Contains(got, "error") {
		t.Errorf("python opened os.ctermid(): %q", got)
	}
}
