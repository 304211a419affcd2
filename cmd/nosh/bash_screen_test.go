package main

import (
	"os"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// Screen tests of issue #15 ("bash muscle memory"): the same keys typed
// into bash and into nosh on identical terminals (UTF-8 locale, the
// system's /etc/inputrc), and the screens compared.

// noshShell is this test binary acting as nosh.
func noshShell(t *testing.T) screentest.Shell {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return screentest.Nosh(exe, "NOSH_TEST_AS_NOSH=1")
}

// partFill puts output on the screen before a scenario starts: the whole
// screen, scrolled, so that every scenario edits on the bottom row, where
// a user's shell spends its life.
func partFill(term *screentest.Term) {
	term.Fill()
}

// compareWithBash runs scenario in bash and in nosh and compares the
// screens at each checkpoint, on a terminal of 24 rows unless o says.
func compareWithBash(t *testing.T, o screentest.Options, scenario func(*screentest.Term)) {
	t.Helper()
	if o.Rows == 0 {
		o.Rows = 24
	}
	if o.RC != "" {
		// Debian's bash reads /etc/bash.bashrc before --rcfile, and it
		// sets PS1.
		o.RC += "PS1='$ '\n"
	}
	screentest.Compare(t, screentest.Bash(), noshShell(t), o, scenario)
}

func TestScreenUTF8Input(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		partFill(term)
		term.Run("echo one two")
		// ß was Alt+_ (yank-last-arg) when readline converted 8-bit input.
		term.Run("echo café Müller ß Ωμέγα Привет 漢字")
		term.Checkpoint("text as typed")
		for _, r := range "echo ñandú-€" {
			term.Type(string(r))
		}
		term.Type("\r")
		term.WaitPrompt()
		term.Checkpoint("typed one key at a time")
	})
}

func TestScreenInputrcFromHome(t *testing.T) {
	o := screentest.Options{
		Env: []string{"INPUTRC="},
		Files: map[string]string{".inputrc": "$include /etc/inputrc\n" +
			"\"\\C-t\": \"echo from-home-inputrc\"\n" +
			// Both shells read $if Bash blocks (nosh reads $if nosh too).
			"$if Bash\n\"\\C-o\": \"echo bash-block\"\n$else\n\"\\C-o\": \"echo else-block\"\n$endif\n"},
	}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Type("\x14")
		term.WaitText("echo from-home-inputrc")
		term.Type("\r")
		term.WaitPrompt()
		term.Type("\x0f")
		term.WaitText("echo bash-block")
		term.Type("\r")
		term.WaitPrompt()
		term.Run("echo Grüße")
		term.Checkpoint("macro and text")
	})
}

func TestScreenWordKeys(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		partFill(term)
		for _, keys := range []string{
			"echo keep /usr/local/bin\x17",
			"echo keep --dry-run\x17",
			"echo a b c\x17\x17",
			"echo keep foo-bar\x1b\x7f",
			"echo Grüße wörld\x1b\x7f",
			"echo wörld\x1bbX",
			"echo first second\x1bb\x1bb\x1bdZ",
		} {
			term.Type(keys + "\r")
			term.WaitPrompt()
			term.Checkpoint("keys " + strings.ReplaceAll(keys, "\x1b", "ESC"))
		}
	})
}

func TestScreenEditAndExecute(t *testing.T) {
	o := screentest.Options{
		Env:   []string{"VISUAL="},
		Files: map[string]string{"ed.sh": "sed -i 's/before/after/' \"$1\"\n"},
	}
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run(`EDITOR="sh $HOME/ed.sh"`)
		partFill(term)
		term.Type("echo before\x18\x05")
		term.WaitText("after")
		term.WaitPrompt()
		term.Checkpoint("ctrl-x ctrl-e")
		term.Run("history 2 | cut -c8-")
		term.Checkpoint("history keeps the edited line")
	})
}

func TestScreenBracketedPaste(t *testing.T) {
	// nosh shows the lines after the first indented (its multi-line
	// editing), so the screens are not compared; what matters is that
	// nothing runs before Enter, which the terminal's mode decides.
	term := screentest.StartShell(t, noshShell(t), screentest.Options{Rows: 40})
	partFill(term)
	term.Type("\x1b[200~echo pasted-1\recho pasted-2\x1b[201~")
	s := term.WaitText("echo pasted-2")
	if s.Count("pasted-1") != 0 {
		t.Fatalf("the paste ran before Enter:\n%s", s.Framed())
	}
	term.Type("\r")
	s = term.WaitPrompt()
	if s.Count("pasted-1") != 1 || s.Count("pasted-2") != 1 {
		t.Errorf("Enter did not run both pasted lines:\n%s", s.Framed())
	}
}

func TestScreenSetOVi(t *testing.T) {
	compareWithBash(t, screentest.Options{RC: "set -o vi\n"}, func(term *screentest.Term) {
		partFill(term)
		term.Type("echo hello")
		term.WaitText("echo hello")
		term.Type("\x1b")
		// Escape leaves insertion: the cursor steps back onto the o.
		term.WaitFor("the cursor on the o", func(s screentest.Screen) bool { return s.Col == 11 })
		term.Checkpoint("escape")
		term.Type("b")
		term.WaitFor("the cursor on the h", func(s screentest.Screen) bool { return s.Col == 7 })
		term.Checkpoint("b")
		term.Type("iX\r")
		term.WaitPrompt()
		term.Run("set -o | grep -E '^(vi|emacs) '")
		term.Checkpoint("vi keys and set -o")
		term.Run("set -o emacs")
		term.Type("cho emacs-now\x01e\r")
		term.WaitPrompt()
		term.Checkpoint("emacs again")
	})
}

func TestScreenHistoryExpansion(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		partFill(term)
		for _, line := range []string{
			"echo one two three",
			"!!",
			"echo !$ !^ !*",
			"^two^2^",
			"!nosuch",
			"echo !!:p",
			"echo '!!' \\!! x!=y",
			"ls -l /tmp/a/b.tar.gz 2>/dev/null",
			"echo !$:h !$:t !$:r !$:e",
			"echo !?three?:%",
			"echo !-3:0 !1:2-3",
			"!echo:s/one/1/",
			"set +H",
			"echo !!",
			"set -H",
			"history 3 | cut -c8-",
		} {
			term.Run(line)
			term.Checkpoint(line)
		}
	})
}

func TestScreenFc(t *testing.T) {
	o := screentest.Options{
		Files: map[string]string{"ed.sh": "sed -i 's/a/X/' \"$1\"\n"},
	}
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run(`FCEDIT="sh $HOME/ed.sh"`)
		partFill(term)
		term.Run("echo a a")
		term.Run("echo b")
		term.Run("fc -l")
		term.Checkpoint("fc -l")
		term.Run("fc -ln -2 -1")
		term.Run("fc -lr 1 2")
		term.Checkpoint("fc -ln, -lr")
		term.Run("fc -s a=c echo")
		term.Checkpoint("fc -s")
		term.Run("fc 3")
		term.Checkpoint("fc with an editor")
		term.Run("history 3 | cut -c8-")
		term.Checkpoint("history")
	})
}

func TestScreenInputrcVariable(t *testing.T) {
	o := screentest.Options{Files: map[string]string{
		"my.inputrc": "\"\\C-t\": \"echo from-INPUTRC\"\nset convert-meta on\n",
		".inputrc":   "\"\\C-t\": \"echo from-home\"\n",
	}}
	compareWithBash(t, o, func(term *screentest.Term) {
		// $INPUTRC wins over ~/.inputrc; a new shell reads it.
		setSelf(t, term)
		term.Run(`INPUTRC=~/my.inputrc exec $SELF`)
		term.Run("clear")
		term.Type("\x14")
		term.WaitText("echo from-INPUTRC")
		term.Type("\r")
		term.WaitPrompt()
		term.Checkpoint("macro from $INPUTRC")
	})
}

func TestScreenBindInRC(t *testing.T) {
	rc := `bind '"\C-t": backward-char'
bind 'set completion-ignore-case on'
bind '"\e[A": history-search-backward'
bind Space:self-insert
bind -m vi-insert '"\C-t": backward-char'
`
	compareWithBash(t, screentest.Options{RC: rc}, func(term *screentest.Term) {
		term.Checkpoint("the rc file ran quietly")
		term.Type("echo ac\x14b\r")
		term.WaitPrompt()
		term.Checkpoint("Ctrl+T bound in the rc file")
		term.Run("bind -v | grep -E 'completion-ignore-case|convert-meta'")
		term.Checkpoint("bind -v")
		term.Run(`bind -q backward-char | grep -o '"\\C-t"'`)
		term.Checkpoint("bind -q")
	})
}

func TestScreenRcFilesQuiet(t *testing.T) {
	rc := ". /etc/bash.bashrc\n. /etc/skel/.bashrc\n"
	compareWithBash(t, screentest.Options{RC: rc}, func(term *screentest.Term) {
		term.Checkpoint("Debian's rc files print nothing")
		term.Run("shopt histappend checkwinsize; shopt -p cdspell; shopt -q checkwinsize; echo $?")
		term.Checkpoint("shopt")
		term.Run("shopt nosuchopt; shopt -s login_shell; shopt login_shell")
		term.Checkpoint("shopt errors")
		term.Run("echo $HISTCONTROL $HISTSIZE; alias ls")
		term.Checkpoint("variables and aliases")
		term.Run("PROMPT_COMMAND='history -a; history -c; history -r'")
		term.Run("echo one")
		term.Run("echo two")
		term.Run(" echo hidden")
		term.Run("history | tail -n 3 | cut -c8-")
		term.Checkpoint("history -a -c -r at every prompt")
	})
}

func TestScreenCompleteCompgen(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		term.Run("complete -W 'alpha beta gamma' foo; complete -p foo")
		term.Run("compgen -W 'alpha beta gamma' -- be; compgen -A shopt hist")
		term.Run(`_f() { COMPREPLY=($(compgen -W "one two three" -- "$2")); }`)
		term.Run("complete -F _f -o nospace bar; complete -p bar")
		term.Run("compgen -d /us; compgen -W 'x y xz' -X 'x*' -P '<' -S '>'")
		term.Run("complete -r foo; complete -p foo; echo $?")
		term.Checkpoint("complete and compgen")
	})
}

func TestScreenVariables(t *testing.T) {
	compareWithBash(t, screentest.Options{Rows: 40}, func(term *screentest.Term) {
		term.Run("echo $COLUMNS $LINES $SHLVL")
		term.Resize(30, 100)
		term.Run("echo $COLUMNS $LINES")
		term.Checkpoint("COLUMNS and LINES follow the terminal")
		term.Run("SECONDS=100; sleep 1.1; (( SECONDS >= 101 && SECONDS <= 104 )) && echo seconds-ok")
		term.Run(`[[ $EPOCHREALTIME =~ ^[0-9]{10}\.[0-9]{6}$ ]] && (( EPOCHSECONDS > 1700000000 )) && echo epoch-ok`)
		term.Run("r=$RANDOM; (( r >= 0 && r < 32768 )) && echo random-ok")
		term.Checkpoint("SECONDS, EPOCH*, RANDOM")
	})
}

func TestScreenJobsInPrompt(t *testing.T) {
	o := screentest.Options{Masks: []screentest.Mask{screentest.MaskRe(`^\[(\d)\] \d+$`, "[$1] PID")}}
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run(`PS1='[\j] $ '`)
		term.Run("sleep 300 &")
		term.Run("sleep 300 &")
		term.Run("true")
		term.Checkpoint(`\j counts the jobs`)
	})
}

func TestScreenTime(t *testing.T) {
	o := screentest.Options{Masks: []screentest.Mask{screentest.MaskRe(`\d`, "#")}}
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run("time sleep 0.1")
		term.Run("time -p true")
		term.Run("TIMEFORMAT='[%3lR] [%U] %%'; time true; echo $?")
		term.Run("x=1; time x=2; echo $x; time false; echo $?")
		term.Checkpoint("time's formats")
	})
}

func TestScreenLoginShellOption(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		setSelf(t, term)
		term.Run("clear")
		term.Run("shopt login_shell")
		term.Run("$SELF -l -c 'shopt login_shell' </dev/null 2>/dev/null | tail -n 1")
		term.Checkpoint("login_shell")
	})
}

// setSelf sets SELF in the shell on term to a command starting the same
// shell without startup files: bash, or this test binary as nosh.
func setSelf(t *testing.T, term *screentest.Term) {
	t.Helper()
	self := "bash --norc --noprofile"
	if term.Name() == "nosh" {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		self = exe + " --norc"
	}
	term.Run("SELF='" + self + "'")
}

func TestScreenHistVerifyReedit(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		term.Run("shopt -s histverify histreedit")
		term.Run("echo first")
		term.Type("echo !!:1 again\r")
		term.WaitFor("the expanded line back in the editor", func(s screentest.Screen) bool {
			return strings.TrimRight(s.CursorLine(), " ") == "$ echo first again" && s.Row > 3
		})
		term.Checkpoint("histverify")
		term.Type("\r")
		term.WaitPrompt()
		term.Type("echo !nosuch\r")
		term.WaitText("event not found")
		term.WaitFor("the failed line back in the editor", func(s screentest.Screen) bool {
			return strings.TrimRight(s.CursorLine(), " ") == "$ echo !nosuch"
		})
		term.Checkpoint("histreedit")
		// Every scenario ends at a state the keys typed lead to, so that
		// the reference's last screen is not taken before it reacted.
		term.Type("\x15")
		term.WaitFor("an empty line", func(s screentest.Screen) bool {
			return strings.TrimRight(s.CursorLine(), " ") == "$"
		})
	})
}

// An interactive shell's wait reports the jobs it reaps as bash does,
// there and then, not at the next prompt (nosh said nothing: a job
// killed by a signal and waited for was never reported).
func TestScreenWaitReportsJobs(t *testing.T) {
	o := screentest.Options{Masks: []screentest.Mask{screentest.MaskRe(`^\[(\d)\] \d+$`, "[$1] PID")}}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Run("sleep 0.1 & wait; echo status $?")
		term.Checkpoint("wait without operands: Done")
		term.Run("sleep 30 & kill $!; wait $!; echo status $?")
		term.Checkpoint("wait for a PID killed: Terminated")
		term.Run("sh -c 'exit 3' & wait %1; echo status $?")
		term.Checkpoint("wait for a job spec: Exit 3")
		term.Run("(sleep 0.1 & wait); echo subshell $?")
		term.Checkpoint("a subshell's wait reports nothing")
	})
}
