package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// Screen tests of what nosh does beyond bash, or differently on purpose
// (issue #15): Tab's list, suggestions, bind's listings. Each runs nosh
// alone, with the system's inputrc and a UTF-8 locale.

func startNosh(t *testing.T, o screentest.Options) *screentest.Term {
	t.Helper()
	if o.Rows == 0 {
		o.Rows = 40
	}
	return screentest.StartShell(t, noshShell(t), o)
}

// cursorLine waits until the cursor's row is want (trailing blanks
// ignored) and returns the screen.
func cursorLine(term *screentest.Term, want string) screentest.Screen {
	return term.WaitFor("the line "+want, func(s screentest.Screen) bool {
		return strings.TrimRight(s.CursorLine(), " ") == want
	})
}

// listed waits until a row below the cursor lists every word of want.
func listed(term *screentest.Term, want ...string) screentest.Screen {
	return term.WaitFor("a list of "+strings.Join(want, ", "), func(s screentest.Screen) bool {
		for _, row := range s.Rows[s.Row+1:] {
			ok := true
			for _, w := range want {
				ok = ok && strings.Contains(row, w)
			}
			if ok {
				return true
			}
		}
		return false
	})
}

func TestScreenTabNeverChoosesSilently(t *testing.T) {
	o := screentest.Options{Files: map[string]string{
		"work/plain.c":     "plain.c\n",
		"work/plain.h":     "plain.h\n",
		"bin/zqtool-alpha": "#!/bin/sh\necho ran-zqtool-alpha\n",
		"bin/zqtool-beta":  "#!/bin/sh\necho ran-zqtool-beta\n",
		".ssh/config":      "Host zhost-one\nHost zhost-two\n",
	}}
	term := startNosh(t, o)
	term.Run("chmod +x ~/bin/*; PATH=~/bin:$PATH; cd ~/work")
	partFill(term)

	// Files: the common prefix goes in and both are listed; nothing is
	// chosen until the user types.
	term.Type("cat pl\t")
	cursorLine(term, "$ cat plain.")
	listed(term, "plain.c", "plain.h")
	term.Type("h\r")
	s := term.WaitPrompt()
	if !s.Contains("plain.h") || s.Count("plain.c") != 0 {
		t.Errorf("cat plain.h did not run alone:\n%s", s.Framed())
	}
	// Tab again cycles, and the line shows the candidate chosen.
	term.Type("cat pl\t")
	listed(term, "plain.c", "plain.h")
	term.Type("\t")
	cursorLine(term, "$ cat plain.c")
	term.Type("\x03")
	term.WaitPrompt()

	// Commands.
	term.Type("zqto\t")
	cursorLine(term, "$ zqtool-")
	listed(term, "zqtool-alpha", "zqtool-beta")
	term.Type("b\t")
	cursorLine(term, "$ zqtool-beta")
	term.Type("\r")
	term.WaitText("ran-zqtool-beta")
	term.WaitPrompt()

	// ssh hosts.
	term.Type("ssh zho\t")
	cursorLine(term, "$ ssh zhost-")
	listed(term, "zhost-one", "zhost-two")
	term.Type("\x03")
	term.WaitPrompt()

	// PIDs: kill <Tab> lists processes; no PID goes into the line.
	term.Run("sleep 300 &")
	term.Type("kill \t")
	s = term.WaitText("sleep 300")
	if regexp.MustCompile(`^\$ kill \d+ *$`).MatchString(s.CursorLine()) {
		t.Errorf("kill <Tab> chose a PID:\n%s", s.Framed())
	}
	term.Type("\x03")
	term.WaitPrompt()

	// git branches.
	if _, err := exec.LookPath("git"); err == nil {
		term.Run("git init -q -b main && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m x && git branch feature-one && git branch feature-two")
		term.Type("git checkout feat\t")
		cursorLine(term, "$ git checkout feature-")
		listed(term, "feature-one", "feature-two")
		term.Type("\x03")
		term.WaitPrompt()
	}

	// A single candidate goes in at once, with its space.
	term.Type("zqtool-a\t")
	cursorLine(term, "$ zqtool-alpha")
	term.Type("\x15")
}

func TestScreenCompleteFeedsTab(t *testing.T) {
	rc := `complete -W 'alpha beta gamma' foo
_f() { COMPREPLY=($(compgen -W "one two three" -- "$2")); }
complete -F _f bar
_finds_nothing() { return 1; }
complete -F _finds_nothing cat
`
	term := startNosh(t, screentest.Options{RC: rc, Files: map[string]string{"plainfile": ""}})
	term.Type("foo \t")
	listed(term, "alpha", "beta", "gamma")
	term.Type("g\t")
	cursorLine(term, "$ foo gamma")
	term.Type("\x15bar t\t")
	cursorLine(term, "$ bar t")
	listed(term, "three", "two")
	term.Type("h\t")
	cursorLine(term, "$ bar three")
	// A function that finds nothing (as bash-completion's may, relying
	// on bash internals) leaves Tab to nosh's own completion.
	term.Type("\x15cat plainf\t")
	cursorLine(term, "$ cat plainfile")
	term.Type("\x15")
}

func TestScreenSuggestionNextWord(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	term.Run("echo sugg-word rest")
	term.Type("echo su")
	term.WaitText("echo sugg-word rest") // the rest is shown as a suggestion
	term.Type("\x1bf\r")                 // Alt+F takes one word of it
	s := term.WaitPrompt()
	if s.Count("sugg") != 1 {
		t.Errorf("Alt+F did not accept one word of the suggestion:\n%s", s.Framed())
	}
}

func TestScreenEditUnfinishedAndFailing(t *testing.T) {
	o := screentest.Options{Files: map[string]string{"ed.sh": "sed -i 's/before/after/' \"$1\"\n"}}
	term := startNosh(t, o)
	term.Run(`EDITOR="sh $HOME/ed.sh"`)
	// Alt+E on an unfinished command: it comes back to be finished.
	term.Type("for i in before; do echo $i-2\x1be")
	cursorLine(term, "$ for i in after; do echo $i-2")
	term.Type("\rdone\r")
	term.WaitText("after-2")
	term.WaitPrompt()
	// An editor that fails runs nothing.
	term.Run("EDITOR=false")
	term.Type("echo not-run\x18\x05")
	s := term.WaitPrompt()
	if s.Count("not-run") != 0 {
		t.Errorf("a failed edit ran the line:\n%s", s.Framed())
	}
}

func TestScreenBindNosh(t *testing.T) {
	rc := `bind -x '"\C-y": READLINE_LINE="$READLINE_LINE-x"; READLINE_POINT=7'
bind '"\C-o": "echo macro"'
`
	term := startNosh(t, screentest.Options{RC: rc})
	// bind -x: the command sees and changes the line and the cursor.
	term.Type("echo mid\x19")
	cursorLine(term, "$ echo mid-x")
	term.Type("Z\r")
	term.WaitText("miZd-x")
	term.WaitPrompt()
	term.Type("\x0f")
	cursorLine(term, "$ echo macro")
	term.Type("\r")
	term.WaitPrompt()
	s := term.Run("bind -X; bind -l | grep -cx unix-word-rubout; bind -p | grep -c '^\"'; bind -s")
	for _, want := range []string{`"\C-y": "READLINE_LINE=`, `"\C-o": "echo macro"`} {
		if !s.Contains(want) {
			t.Errorf("bind listing lacks %q:\n%s", want, s.Framed())
		}
	}
	// What nosh's editor lacks is named in one line.
	s = term.Run(`bind '"\C-g": no-such-function'; echo status=$?`)
	if !s.Contains("bind: no-such-function: unknown function name") || !s.Contains("status=1") {
		t.Errorf("unknown function:\n%s", s.Framed())
	}
	s = term.Run(`bind 'set no-such-variable on'`)
	if !s.Contains("bind: no-such-variable: unknown variable name") {
		t.Errorf("unknown variable:\n%s", s.Framed())
	}
}

func TestScreenAutocdCdspell(t *testing.T) {
	o := screentest.Options{
		Files: map[string]string{"some dir/x": "", "project/src/y": ""},
		Masks: []screentest.Mask{screentest.MaskRe(`/tmp/TestScreen\w+/\d+`, "HOME")},
	}
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run("shopt -s autocd cdspell")
		term.Run("project; pwd")
		term.Run("cd ~/porject/scr && pwd")
		term.Run("cd ~/nosuchdir; echo $?")
		term.Checkpoint("autocd and cdspell")
	})
}

func TestScreenHistoryFileSync(t *testing.T) {
	// Two sessions share one history file: history -n reads what the
	// other one added, -w writes, -r FILE reads bash's format.
	home := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + filepath.Join(home, "state")}
	a := startNosh(t, screentest.Options{Env: env})
	b := startNosh(t, screentest.Options{Env: env})
	a.Run("echo from-a")
	b.Run("history -n; history | tail -n 2")
	s := b.Screen()
	if !s.Contains("echo from-a") {
		t.Errorf("history -n did not read the other session's line:\n%s", s.Framed())
	}
	os.WriteFile(filepath.Join(home, "bash_history"), []byte("#1700000000\nls -la\ngit status\n"), 0o644)
	s = b.Run("history -r " + filepath.Join(home, "bash_history") + "; history 3")
	if !s.Contains("ls -la") || !s.Contains("git status") {
		t.Errorf("history -r FILE did not read bash's format:\n%s", s.Framed())
	}
	s = b.Run("history -w " + filepath.Join(home, "out") + "; grep -c . " + filepath.Join(home, "out"))
	if !regexp.MustCompile(`(?m)^\d+$`).MatchString(s.String()) {
		t.Errorf("history -w FILE:\n%s", s.Framed())
	}
}

func TestScreenRequestsDoNotExpand(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	term.Run("echo first")
	s := term.Run("? why did !! print that")
	if s.Contains("event not found") || s.Contains("why did echo first") {
		t.Errorf("a ? request was history-expanded:\n%s", s.Framed())
	}
}

func TestScreenInputrcNoshBlock(t *testing.T) {
	o := screentest.Options{
		Env:   []string{"INPUTRC="},
		Files: map[string]string{".inputrc": "$if nosh\n\"\\C-o\": \"echo nosh-block\"\n$endif\n"},
	}
	term := startNosh(t, o)
	term.Type("\x0f")
	cursorLine(term, "$ echo nosh-block")
	term.Type("\r")
	term.WaitText("nosh-block")
	term.WaitPrompt()
}

// TestScreenSuggestionLeftOnEnter: a suggestion shown when Enter is pressed
// goes with it; the accepted line reads as it was typed, and runs so.
func TestScreenSuggestionLeftOnEnter(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	term.Run("echo ghost-entry-long")
	term.Type("echo gh")
	term.WaitText("echo ghost-entry-long") // the rest is shown as a suggestion
	term.Type("\r")
	s := term.WaitPrompt()
	if !slicesContain(s.Rows, "$ echo gh") || !slicesContain(s.Rows, "gh") {
		t.Errorf("the accepted line kept its suggestion:\n%s", s.Framed())
	}
}

// TestScreenHistoryKeysBesideSuggestions: the keys that walk the history
// find every entry while suggestions are shown at each key (nosh hides
// the history from the editor's own suggestion scan, and from nothing
// else): ↑ by prefix and on an empty line, Ctrl+R, and →.
func TestScreenHistoryKeysBesideSuggestions(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	term.Run("echo alpha-one")
	term.Run("echo beta-two")
	term.Run("echo alpha-three")
	term.Type("echo al")
	cursorLine(term, "$ echo alpha-three") // the suggestion
	term.Type("\x1b[A")                    // ↑ searches by what is typed
	cursorLine(term, "$ echo alpha-three")
	term.Type("\x15") // the cursor stayed after "echo al", as in bash
	cursorLine(term, "$ pha-three")
	term.Type("\x1b[A") // and walks the history from the start of a line
	cursorLine(term, "$ echo alpha-three")
	term.Type("\x1b[A\x1b[A")
	cursorLine(term, "$ echo alpha-one")
	term.Type("\x15\x12beta") // Ctrl+R
	term.WaitFor("the entry found by Ctrl+R", func(s screentest.Screen) bool {
		return strings.Contains(s.CursorLine(), "echo beta-two")
	})
	term.Type("\x07\x15") // Ctrl+G leaves the search
	term.Type("echo be")
	term.WaitText("echo beta-two")
	term.Type("\x1b[C\r") // → takes the suggestion
	s := term.WaitPrompt()
	if s.Count("$ echo beta-two") != 2 || s.Count("beta-two") != 2 {
		t.Errorf("→ did not take the suggestion:\n%s", s.Framed())
	}
}

func slicesContain(rows []string, want string) bool {
	for _, r := range rows {
		if strings.TrimRight(r, " ") == want {
			return true
		}
	}
	return false
}

// TestScreenAutosuggestSwitch: bind's `set history-autosuggest` turns the
// suggestions off and on, and bind -v says which.
func TestScreenAutosuggestSwitch(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	term.Run("echo ghost-entry-long")
	term.Run("bind 'set history-autosuggest off'; bind -v | grep autosuggest")
	term.WaitText("set history-autosuggest off")
	term.Type("echo gh")
	cursorLine(term, "$ echo gh") // nothing after it
	term.Type("\x15bind 'set history-autosuggest on'\r")
	term.WaitPrompt()
	term.Type("echo gh")
	cursorLine(term, "$ echo ghost-entry-long")
}
