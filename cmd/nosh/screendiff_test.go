package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// The differential screen tests: the same keys typed into bash and nosh
// on identical terminals (see package screentest), screens compared at
// checkpoints and at the end. Most start from a full, scrolled screen,
// where redraw bugs live.

// Keys.
const (
	keyLeft  = "\x1b[D"
	keyUp    = "\x1b[A"
	keyBack  = "\x7f"
	keyCtrlC = "\x03"
	keyCtrlD = "\x04"
	keyCtrlL = "\x0c"
	keyCtrlU = "\x15"
	keyCtrlZ = "\x1a"
)

// anyError masks the wording of error messages (after ShellName has
// made both start with "SH: "): what is compared is that there is one
// error line, where it is, and what happens after it.
var anyError = screentest.MaskRe(`^SH: .*`, "SH: <error>")

// middleLines masks the bar nosh's editor shows before the lines between
// the first and the last of a multi-line command, where bash shows PS2
// ("> "); the last shows PS2 in both.
var middleLines = screentest.MaskRe(`^│ `, "> ")

// jobNumbers masks process IDs in job notices ("[1] 12345").
var jobNumbers = screentest.MaskRe(`^\[(\d+)\] \d+$`, "[$1] PID")

// lines is a file of numbered lines for pagers and editors.
func lines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(" ")
		b.WriteString(itoa(i))
		b.WriteString("\n")
	}
	return b.String()
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// rootPrompt is how PS1's \$ ends for this user.
func rootPrompt() string {
	if os.Getuid() == 0 {
		return "# "
	}
	return "$ "
}

// readFile returns a file's content, "" if it cannot be read (the
// scenario then skips, for its needs name the file).
func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

type screenScenario struct {
	name  string
	needs []string // programs the scenario runs
	opts  screentest.Options
	run   func(*screentest.Term)
}

var screenScenarios = []screenScenario{
	// Output at the bottom of a full screen (defect 1 of issue 14).
	{name: "short output at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`printf 'a\nb\nc\n'`)
		t.Checkpoint("printf")
		t.Run(`echo one; echo two`)
	}},
	{name: "long output", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`seq 1000 1500`)
	}},
	{name: "output without a final newline", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`printf abc`)
		t.Checkpoint("abc")
		t.Run(`printf 'x\ny'`)
	}},
	{name: "output of exactly one row without newline", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`printf '%080d' 0`)
		t.Checkpoint("80 columns")
		t.Run(`printf '%079d' 0`)
	}},
	{name: "empty lines at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		for range 3 {
			t.Run("")
		}
	}},
	{name: "a wrapping line at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		long := "echo " + strings.Repeat("abcdefghij", 17)
		t.Type(long)
		t.WaitText("abcdefghijabcdefghij")
		t.Checkpoint("typed")
		t.Run("")
	}},
	{name: "multi-line input at the bottom", opts: screentest.Options{Masks: []screentest.Mask{middleLines}}, run: func(t *screentest.Term) {
		t.Fill()
		t.Type("for i in 1 2\r")
		t.WaitPrompt2()
		t.Type("do echo $i\r")
		t.WaitPrompt2()
		t.Run("done")
	}},
	{name: "an open quote at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("echo 'one\r")
		t.WaitPrompt2()
		t.Run("two'")
	}},
	{name: "editing at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("echo abcX" + keyBack + keyLeft + keyLeft + "Y")
		t.WaitText("$ echo aYbc")
		t.Checkpoint("edited")
		t.Run("")
	}},
	{name: "history at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("echo recalled")
		t.Type(keyUp)
		t.WaitText("$ echo recalled")
		t.Run("")
	}},
	{name: "Ctrl+C at the prompt", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("echo never")
		t.WaitText("$ echo never")
		t.Type(keyCtrlC)
		t.WaitPrompt()
		t.Checkpoint("interrupted")
		t.Run("echo $?")
	}},
	{name: "Ctrl+C of a program", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("sleep 30\r")
		t.WaitFor("sleep running", func(screentest.Screen) bool { return t.ForegroundIs("sleep") })
		t.Type(keyCtrlC)
		t.WaitPrompt()
		t.Run("echo $?")
	}},
	{name: "Ctrl+D ends cat", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("cat\r")
		t.WaitFor("cat reading", func(screentest.Screen) bool { return t.ProgramRunning() && !t.Raw() })
		t.Type("typed\r")
		t.WaitText("typed")
		t.WaitFor("cat's echo", func(s screentest.Screen) bool { return s.Count("typed") == 2 })
		t.Type(keyCtrlD)
		t.WaitPrompt()
	}},
	{name: "clear", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("clear; echo top")
		t.Run("echo second")
	}},
	{name: "Ctrl+L", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("echo kept")
		t.WaitText("$ echo kept")
		t.Type(keyCtrlL)
		t.WaitFor("a cleared screen", func(s screentest.Screen) bool { return s.Row == 0 })
		t.Run("")
	}},
	{name: "tabs, colours and long rows in output", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`printf 'a\tb\tc\n\e[31mred\e[0m plain\n'; printf '%0150d\n' 7`)
	}},
	{name: "UTF-8 text", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("echo héllo wörld ñandú ça")
		t.Type("echo àéîõü")
		t.WaitText("$ echo àéîõü")
		t.Checkpoint("typed")
		t.Run("")
	}},
	{name: "wide characters", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("echo 日本語のテキスト")
		// The emulator mishandles a wide character that reaches the
		// screen's last column (see package screentest): the row wraps
		// on ASCII text here.
		t.Type("echo 漢字テキスト " + strings.Repeat("abcdefghij ", 8))
		t.WaitText("abcdefghij abcdefghij")
		t.Checkpoint("typed across two rows")
		t.Run("")
	}},
	{name: "resize larger", run: func(t *screentest.Term) {
		t.Fill()
		t.Resize(30, 100)
		t.Run("echo after resize")
		t.Run("seq 40")
	}},
	{name: "resize smaller", run: func(t *screentest.Term) {
		t.Fill()
		t.Resize(20, 60)
		t.Run("echo after resize")
		t.Run("seq 30")
	}},
	{name: "resize while typing", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("echo typed before")
		t.WaitText("$ echo typed before")
		t.Resize(20, 70)
		t.Type(" and after")
		t.WaitText("before and after")
		// Terminals differ in which rows a smaller window keeps (this
		// emulator drops the top ones, tmux the blank ones below the
		// cursor first), and bash's bottom row is not blank: the rows
		// from the input down are compared.
		t.CheckpointBottom("typed", 2)
		t.Run("")
		t.Run("clear")
		t.Run("echo after")
	}},
	{name: "top stopped and resumed", needs: []string{"top"},
		opts: screentest.Options{Masks: []screentest.Mask{jobNumbers}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Type("top -d 10\r")
			t.WaitText("load average")
			t.Type(keyCtrlZ)
			t.WaitPrompt()
			t.CheckpointBottom("stopped", 2)
			t.Type("fg\r")
			t.WaitText("load average")
			t.Type("q")
			t.WaitPrompt()
			t.CheckpointBottom("after top", 2)
			t.Run("clear")
		}},
	{name: "a pager quits at the bottom", needs: []string{"less"},
		opts: screentest.Options{Files: map[string]string{"file.txt": lines(100)}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Type("less file.txt\r")
			t.WaitText("line xx 2")
			t.Type("q")
			t.WaitPrompt()
			t.Checkpoint("after less")
			t.Run("echo visible")
		}},
	{name: "a pager stopped and resumed", needs: []string{"less"},
		opts: screentest.Options{Files: map[string]string{"file.txt": lines(100)}, Masks: []screentest.Mask{jobNumbers}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Type("less file.txt\r")
			t.WaitText("line xx 2")
			t.Type(keyCtrlZ)
			t.WaitPrompt()
			t.Checkpoint("stopped")
			t.Type("fg\r")
			t.WaitText("line xx 2")
			t.Type("q")
			t.WaitPrompt()
		}},
	{name: "an editor stopped and resumed", needs: []string{"vim"},
		opts: screentest.Options{Files: map[string]string{"file.txt": lines(10)}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Type("vim -u NONE -i NONE -N file.txt\r")
			t.WaitText("line xxx 10")
			t.Type(keyCtrlZ)
			t.WaitPrompt()
			t.Checkpoint("stopped")
			t.Type("fg\r")
			t.WaitText("line xxx 10")
			t.Type(":q\r")
			t.WaitPrompt()
		}},
	{name: "top quits at the bottom", needs: []string{"top"},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Type("top -d 10\r")
			t.WaitText("load average")
			t.Type("q")
			t.WaitPrompt()
			t.CheckpointBottom("after top", 2)
			t.Run("clear")
			t.Run("echo visible")
		}},
	// Mistakes (defect 2).
	{name: "an unset parameter", opts: screentest.Options{Masks: []screentest.Mask{anyError}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("echo ${x:?unset}; echo same")
			t.Run("echo next $?")
		}},
	{name: "set -u", opts: screentest.Options{Masks: []screentest.Mask{anyError}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("set -u; echo $NOPE; echo same")
			t.Run("f() { echo $NOPE; }; f; echo same")
			t.Run("echo next $?")
		}},
	{name: "a failed exec", opts: screentest.Options{Masks: []screentest.Mask{anyError}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("exec /no/such/prog; echo same $?")
			t.Run("echo next")
		}},
	{name: "a read-only variable", opts: screentest.Options{Masks: []screentest.Mask{anyError}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("readonly r=1; r=2; echo same")
			t.Run("echo next $?")
		}},
	{name: "a syntax error", opts: screentest.Options{Masks: []screentest.Mask{anyError}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("echo (")
			t.Run("echo next $?")
		}},
	{name: "errors in the startup file", opts: screentest.Options{Masks: []screentest.Mask{anyError},
		RC: "echo one\nset -u\necho $NOPE; echo same\necho two\necho ${x:?}\necho three\nset +u\n"},
		run: func(t *screentest.Term) {
			t.Run("echo prompt")
		}},
	// A deleted directory (defect 3).
	{name: "a deleted current directory", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("mkdir gone && cd gone && rmdir ../gone")
		t.Run("/bin/echo hi")
		t.Run("cd .. && echo out")
	}},
	{name: "a program that cannot start", opts: screentest.Options{Masks: []screentest.Mask{anyError},
		Files: map[string]string{"bad": "#!/no/such/interpreter\n"}},
		run: func(t *screentest.Term) {
			t.Fill()
			t.Run("chmod +x bad; ./bad")
			t.Run("echo next $?")
		}},
	// A prompt whose command substitution fails (defect 4).
	{name: "a failing prompt command", run: func(t *screentest.Term) {
		t.Fill()
		t.Run(`PS1='$(sh -c "exit 128")$ '`)
		t.Type("echo abc" + keyLeft + keyLeft + "X")
		t.WaitText("$ echo aXbc")
		t.Checkpoint("edited")
		t.Run("")
	}},
	// Pipes into head (defect 5).
	{name: "a loop piped into head", run: func(t *screentest.Term) {
		t.Fill()
		t.Run("while :; do echo y; done | head -2; echo status $?")
		t.Run("yes | head -1")
	}},
	{name: "git log through its pager", needs: []string{"git", "less"},
		opts: screentest.Options{Env: []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_NOSYSTEM=1"}},
		run: func(t *screentest.Term) {
			t.Run("git init -q repo && cd repo && for i in $(seq 60); do git commit --allow-empty -qm c$i; done")
			t.Fill()
			t.Type("git log --format=%s\r")
			t.WaitText("c40")
			t.Checkpoint("pager")
			t.Type("q")
			t.WaitPrompt()
			t.Checkpoint("after the pager")
			t.Run("echo after")
		}},
	// Real startup files: Debian's, as a new user has them.
	{name: "Debian's skel .bashrc", needs: []string{"/etc/skel/.bashrc"},
		opts: screentest.Options{Prompt: rootPrompt(), RC: readFile("/etc/skel/.bashrc")},
		run: func(t *screentest.Term) {
			t.Checkpoint("first prompt")
			t.Fill()
			t.Run("ls -d /etc; cd /tmp")
			t.Run("echo $HISTCONTROL; alias ls")
		}},
	{name: "Debian's /etc/profile", needs: []string{"/etc/profile"},
		// bash's PS1 comes from /etc/bash.bashrc, which /etc/profile
		// reads for bash only; nosh gets the plain "# " or "$ ".
		opts: screentest.Options{Prompt: rootPrompt(), RC: readFile("/etc/profile"),
			Masks: []screentest.Mask{screentest.MaskRe(`^[^ ]*@[^ ]*:[^ ]*([#$])`, "$1")}},
		run: func(t *screentest.Term) {
			t.Run("PS1='" + rootPrompt() + "'")
			t.Fill()
			t.Run("echo $PATH")
		}},
	{name: "a multi-line prompt at the bottom", run: func(t *screentest.Term) {
		t.Fill()
		t.Type("PS1='upper line\n$ '\r")
		t.WaitPrompt()
		t.Run("echo one")
		t.Run("echo two")
	}},
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestScreensAsBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	nosh := noshShell(t)
	for _, sc := range screenScenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			for _, prog := range sc.needs {
				if _, err := exec.LookPath(prog); err != nil && !fileExists(prog) {
					t.Skipf("%s is not installed", prog)
				}
			}
			screentest.Compare(t, screentest.Bash(), nosh, sc.opts, sc.run)
		})
	}
}
