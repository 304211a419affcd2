package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"nosh/cmd/nosh/internal/screentest"
)

// mistakes returns the erroneous lines TestUnkillable types, each with
// what to type after it when the line leaves the shell waiting for more
// (an open quote, a running program), or "" when the prompt comes back by
// itself.
func mistakes() []mistake {
	var m []mistake
	add := func(line string) { m = append(m, mistake{line: line}) }
	addThen := func(line, then string) { m = append(m, mistake{line: line, then: then}) }
	for i := range 5 {
		// Syntax errors.
		add("echo (")
		add("if then fi")
		add(fmt.Sprintf("for x%d do done", i))
		add("echo )")
		add(";;")
		addThen("case x in", "\x03")
		addThen("a=(", "\x03")
		addThen("echo ${", "\x03")
		add("echo $((1 +))")
		// Unset variables, set -u, bad expansions.
		add(fmt.Sprintf("echo ${nope%d:?not set}; echo not-reached", i))
		add(fmt.Sprintf("set -u; echo $nope%d; echo not-reached", i))
		add("set -u; f() { echo $NOPE; }; f; echo not-reached")
		add("set +u")
		add("echo ${!nope}")
		add("echo $((1/0))")
		add("readonly ro=1; ro=2; echo not-reached")
		add("echo $(echo ${nope:?in a substitution})")
		// Bad redirections.
		add(fmt.Sprintf("cat < /no/such/file%d", i))
		add("echo hi > /no/such/dir/file")
		add("echo hi > ${nope:?}")
		add("echo hi >&9")
		add("cat <&8")
		add("echo hi > /")
		// Failing exec and commands that cannot run.
		add(fmt.Sprintf("exec /no/such/prog%d", i))
		add("exec no-such-command-xyz")
		add("no-such-command-xyz")
		add("/etc/passwd")
		add("/etc")
		add("printf '#!/no/such/interpreter\\n' > bad.sh; chmod +x bad.sh; ./bad.sh")
		add("true | no-such-command | also-missing")
		// Bad builtin options and misuse.
		add("set -o nosuch")
		add("shift 99")
		add("cd -Q")
		add("cd /no/such/dir")
		add("cd /etc/passwd")
		add("read -Z x < /dev/null")
		add("trap -X")
		add("trap 'echo' NOSIG")
		add("ulimit -Z")
		add("fg %9")
		add("bg")
		add("jobs %9")
		add("kill -99 1")
		add("kill %7")
		add("wait %9")
		add("umask 999")
		add("printf '%Z'")
		add("test 1 -eq a")
		add("[ 1 -gt ]")
		add("return 5")
		add("break 2")
		add("popd")
		add("source /no/such/file")
		add(". /etc")
		add("eval 'echo ('")
		add("let 1/0")
		add("declare -Q x")
		add("history -Z")
		add("type -Q ls")
		add("command -Q ls")
		// Programs that fail, die or are interrupted.
		add("sh -c 'kill -SEGV $$'")
		add("false | false")
		addThen("sleep 30", "\x03")
		addThen("cat", "\x03")
		addThen("echo 'an open quote", "\x03")
		addThen("for i in 1; do", "\x03")
		// Prompt and terminal mistakes.
		add("PS1='$(exit 128)" + "$ '")
		add("PROMPT_COMMAND='echo ${nope:?in PROMPT_COMMAND}'")
		add("PROMPT_COMMAND=; PS1='$ '")
		add("stty -echo -icanon; echo changed")
		add("stty sane")
		// A directory removed under the shell.
		add(fmt.Sprintf("mkdir gone%d && cd gone%d && rmdir ../gone%d; /bin/echo in-a-removed-dir; cd ..", i, i, i))
	}
	// A 100 KB line, pasted: a command name that does not exist.
	addThen("\x1b[200~"+strings.Repeat("x", 100<<10)+"\x1b[201~", "")
	return m
}

type mistake struct{ line, then string }

// TestUnkillable types hundreds of erroneous lines into one interactive
// nosh. After each, the shell must be at its prompt, with the terminal in
// the editor's raw mode, and `echo ok` must print ok.
func TestUnkillable(t *testing.T) {
	t.Parallel()
	ms := mistakes()
	if len(ms) < 300 {
		t.Fatalf("only %d mistakes", len(ms))
	}
	term := screentest.StartShell(t, noshShell(t), screentest.Options{})
	// Every wait below pins down what it needs (a new prompt after a
	// line feed): a short pause settles the screen.
	term.SetQuiet(10 * time.Millisecond)
	for i, m := range ms {
		what := fmt.Sprintf("mistake %d (%.60q)", i, m.line)
		if m.then == "" {
			term.Run(m.line)
		} else {
			// Ctrl+C goes once a program has the terminal or the
			// editor shows its continuation prompt.
			term.Type(m.line + "\r")
			term.WaitFor("a running program or a continuation prompt", func(s screentest.Screen) bool {
				return s.AtPrompt("> ") || term.ProgramRunning()
			})
			term.Type(m.then)
			term.WaitPrompt()
		}
		if !term.Raw() {
			t.Fatalf("after %s the terminal is not in raw mode at the prompt", what)
		}
		s := term.Run("echo ok")
		if !printedOK(s) {
			t.Fatalf("after %s, echo ok did not print ok:\n%s", what, s.Framed())
		}
	}
}

// printedOK reports whether the row after the last `echo ok` line above
// the cursor is ok.
func printedOK(s screentest.Screen) bool {
	for i := s.Row - 1; i > 0; i-- {
		if strings.HasSuffix(s.Rows[i-1], "echo ok") {
			return s.Rows[i] == "ok"
		}
	}
	return false
}
