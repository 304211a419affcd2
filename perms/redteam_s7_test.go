package perms

import (
	"strings"
	"testing"
)

// TestFamilyTranslationChangesTheShell: a `?` translation runs in the
// user's shell itself, so what it sets there outlives it. Every change to
// a variable that is not the user's own, to the shell's options, traps
// or descriptors is asked about, however it is spelt, and the question
// says what it changes; the user's own variables (a lowercase letter in
// the name) and the forms that only print stay allowed. The same
// spellings judged as an ordinary command (Check) are what they were.
func TestFamilyTranslationChangesTheShell(t *testing.T) {
	cases := []struct {
		want    Verdict
		command string
		says    string // a piece of what the question must say
	}{
		{Ask, "HISTSIZE=0", "history"},
		{Ask, "HISTFILE=/dev/null", "history"},
		{Ask, "HISTIGNORE='*'", "history"},
		{Ask, "XDG_STATE_HOME=/tmp", "permission rules"},
		{Ask, "PROMPT_COMMAND=id", "every prompt"},
		{Ask, "PS0='$(id)'", "substitutions"},
		{Ask, "set +o history", "options"},
		{Ask, "trap '' INT", "signal"},
		{Ask, "declare HISTSIZE=0", "history"},
		{Ask, "typeset -gx HISTFILE=/dev/null", "history"},
		{Ask, "local HISTSIZE=0", "history"},
		{Ask, "export -n HISTFILE", "history"},
		{Ask, "declare -n r=HISTSIZE; r=0", "history"},
		{Ask, "read HISTSIZE <<< 0", "history"},
		{Ask, "printf -v HISTSIZE 0", "history"},
		{Ask, "mapfile HISTIGNORE < /dev/null", "history"},
		{Ask, ": ${HISTFILE:=/dev/null}", "history"},
		{Ask, ": ${XDG_CONFIG_HOME=/tmp}", "configuration"},
		{Ask, "(( HISTSIZE=0 ))", "history"},
		{Ask, "let HISTFILESIZE=0", "history"},
		{Ask, "for HISTSIZE in 0; do :; done", "history"},
		{Ask, "unset HISTFILE", "history"},
		{Ask, "exec 0</dev/null", "input, output"},
		{Ask, "shopt -u histappend", "options"},
		{Ask, "TMOUT=1", "exit"},
		{Ask, "FOO=1", "lowercase"},
		{Ask, "https_proxy=http://127.0.0.1:1", "lowercase"},
		{Allow, "n=5; echo $n", ""},
		{Allow, "export my_var=1", ""},
		{Allow, "read -r line <<< x", ""},
		{Allow, "read -r <<< x", ""},
		{Allow, "set -- a b", ""},
		{Allow, "set +o", ""},
		{Allow, "trap -p INT", ""},
		{Allow, "declare -p HISTSIZE", ""},
		{Allow, "shopt -p", ""},
	}
	for _, c := range cases {
		p, err := NewPolicy(Options{Env: testEnv})
		if err != nil {
			t.Fatal(err)
		}
		d := p.CheckInShell(c.command)
		if d.Verdict != c.want {
			t.Errorf("%q as a translation: got %s, want %s\n%s", c.command, d.Verdict, c.want, indent(d.Explain()))
			continue
		}
		if c.says != "" && !strings.Contains(d.Explain(), c.says) {
			t.Errorf("%q as a translation: the question does not say what it changes (%q):\n%s", c.command, c.says, indent(d.Explain()))
		}
		if d.Verdict == Ask && (d.Offered(Session) || d.Offered(Always)) {
			t.Errorf("%q as a translation: offers a rule for a change to the shell", c.command)
		}
	}
	for _, cmd := range []string{"HISTSIZE=0", "set +o history", "read HISTSIZE <<< 0", "trap '' INT"} {
		p, _ := NewPolicy(Options{Env: testEnv})
		if d := p.Check(cmd); d.Verdict != Allow {
			t.Errorf("%q as an ordinary command: got %s, want allow", cmd, d.Verdict)
		}
	}
}
