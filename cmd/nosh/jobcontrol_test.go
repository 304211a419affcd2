package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Job control through a pseudo-terminal: nosh -i on a pty of its own,
// driven like a user at the keyboard.

// sleeper is a foreground command that prints 42x once it runs (its
// process group owns the terminal by then) and then sleeps. Tests wait
// for 42x, which the echo of the typed line does not contain.
const sleeper = `sh -c 'echo $((6*7))x; exec sleep 100'`

func init() {
	// The test binary doubles as a full-screen-like program for the tests
	// below (TestMain's NOSH_TEST_AS_NOSH makes it nosh).
	if os.Getenv("NOSH_TEST_HELPER") == "cbreak" {
		os.Exit(cbreakHelper())
	}
}

// cbreakHelper turns off canonical input and echo, as less or an editor
// does, and answers each key at once with "got K": that only works while
// the terminal is in its modes. It prints "cbreak-cont" when continued.
// q quits and restores the terminal.
func cbreakHelper() int {
	fd := int(os.Stdin.Fd())
	old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	mode := *old
	mode.Lflag &^= unix.ICANON | unix.ECHO
	mode.Cc[unix.VMIN], mode.Cc[unix.VTIME] = 1, 0
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, &mode); err != nil {
		fmt.Println(err)
		return 1
	}
	defer unix.IoctlSetTermios(fd, unix.TCSETS, old)
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	go func() {
		for range cont {
			os.Stdout.WriteString("cbreak-cont\n")
		}
	}()
	os.Stdout.WriteString("cbreak-ready\n")
	buf := make([]byte, 1)
	for {
		n, err := os.Stdin.Read(buf)
		if err != nil || n == 0 {
			return 1
		}
		if buf[0] == 'q' {
			return 0
		}
		fmt.Fprintf(os.Stdout, "got %c\n", buf[0])
	}
}

// startJobShell starts an interactive nosh on a pty and waits for its
// first prompt.
func startJobShell(t *testing.T) *ptySession {
	t.Helper()
	s := startPty(t, nil, "-i", "--norc")
	s.ExpectPrompt()
	return s
}

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

func TestJobControlStopBgFg(t *testing.T) {
	s := startJobShell(t)
	s.Line(sleeper)
	s.Expect("42x")
	s.Send("\x1a") // Ctrl+Z
	s.ExpectRe(re(`\[1\]\+  Stopped +sh -c `))
	s.ExpectPrompt()
	s.Line("echo st=$?")
	s.Expect("st=148")
	s.ExpectPrompt()
	s.Line("jobs")
	s.ExpectRe(re(`\[1\]\+  Stopped +sh -c 'echo`))
	s.ExpectPrompt()
	s.Line("bg")
	s.ExpectRe(re(`\[1\]\+ sh -c .* &`))
	s.ExpectPrompt()
	s.Line("jobs -l")
	s.ExpectRe(re(`\[1\]\+ +\d+ Running +sh -c .* &`))
	s.ExpectPrompt()
	s.Line("fg %1")
	s.Expect("exec sleep 100'")
	s.Send("\x03") // Ctrl+C reaches the job, not the shell
	s.ExpectPrompt()
	s.Line("echo st=$? jobs=$(jobs | wc -l)")
	s.Expect("st=130 jobs=0")
}

func TestJobControlTerminalModes(t *testing.T) {
	s := startJobShell(t)
	s.Line(`NOSH_TEST_HELPER=cbreak "$NOSH_TEST_BIN"`)
	s.Expect("cbreak-ready")
	s.Send("a")
	s.Expect("got a")
	s.Send("\x1a")
	s.ExpectRe(re(`\[1\]\+  Stopped +NOSH_TEST_HELPER=cbreak`))
	s.ExpectPrompt()
	// The shell has its own modes back: canonical input and echo.
	s.Line(`stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e echo | tr '\n' :`)
	s.Expect("icanon:echo:")
	s.ExpectPrompt()
	// fg gives the job its modes back: a single key reaches it at once.
	s.Line("fg")
	s.Expect("cbreak-cont")
	s.Send("b")
	s.Expect("got b")
	s.Send("q")
	s.ExpectPrompt()
	s.Line("echo st=$?")
	s.Expect("st=0")
}

// TestJobControlTerminalModesAfterStty: the modes the shell gives itself
// back when a job stops are the ones a program (stty) set before, though
// lines of builtins ran in between and the shell asks the modes again
// only after a program ran.
func TestJobControlTerminalModesAfterStty(t *testing.T) {
	s := startJobShell(t)
	s.Line("stty tostop")
	s.ExpectPrompt()
	s.Line("true")
	s.ExpectPrompt()
	s.Line(`NOSH_TEST_HELPER=cbreak "$NOSH_TEST_BIN"`)
	s.Expect("cbreak-ready")
	s.Send("\x1a")
	s.ExpectRe(re(`\[1\]\+  Stopped +NOSH_TEST_HELPER=cbreak`))
	s.ExpectPrompt()
	s.Line(`stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e tostop | tr '\n' :`)
	s.Expect("icanon:tostop:")
	s.ExpectPrompt()
	s.Line("kill -9 %1")
	s.ExpectPrompt()
}

func TestJobControlBackgroundDone(t *testing.T) {
	s := startJobShell(t)
	s.Line("sleep 0.2 &")
	m := s.ExpectRe(re(`\[1\] (\d+)`))
	s.ExpectPrompt()
	s.Poll("\r", "[1]+  Done                    sleep 0.2")
	s.Line("echo bang=$!")
	s.Expect("bang=" + m[1])
}

func TestJobControlKillJob(t *testing.T) {
	s := startJobShell(t)
	s.Line("sleep 100 &")
	s.ExpectRe(re(`\[1\] \d+`))
	s.ExpectPrompt()
	// The notice comes before the next prompt or, if the job takes
	// longer to die, before a later one.
	s.Line("kill %1")
	s.Poll("\r", "[1]+  Terminated              sleep 100")
}

func TestJobControlWait(t *testing.T) {
	s := startJobShell(t)
	s.Line("sleep 0.3 & sleep 0.2 &")
	s.ExpectRe(re(`\[2\] \d+`))
	s.ExpectPrompt()
	s.Line("wait; echo w=$? n=$(jobs | wc -l)")
	s.Expect("w=0 n=0")
}

func TestJobControlPipeline(t *testing.T) {
	s := startJobShell(t)
	s.Line(sleeper + " | cat")
	s.Expect("42x")
	s.Send("\x1a")
	s.ExpectRe(re(`\[1\]\+  Stopped +sh -c .* \| cat`))
	s.ExpectPrompt()
	// Both processes are stopped, in one process group.
	s.Line(`ps -e -o pgid=,stat= | awk -v g=$(jobs -p) '$1==g{printf "%s:", substr($2,1,1)}'`)
	s.Expect("T:T:")
	s.ExpectPrompt()
	s.Line("fg")
	s.Expect("| cat")
	s.Send("\x03")
	s.ExpectPrompt()
	s.Line("echo st=$?")
	s.Expect("st=130")
}

func TestJobControlExitWithStoppedJob(t *testing.T) {
	s := startJobShell(t)
	s.Line(sleeper)
	s.Expect("42x")
	s.Send("\x1a")
	s.Expect("Stopped")
	s.ExpectPrompt()
	s.Line("jobs -p")
	m := s.ExpectRe(re(`(\d+)\n`))
	pgid, _ := strconv.Atoi(m[1])
	s.ExpectPrompt()
	s.Line("exit")
	s.Expect("There are stopped jobs.")
	s.ExpectPrompt()
	s.Line("exit")
	// As in bash, the second exit leaves with $? of the first: 1.
	if st := s.Wait(); st != 1 {
		t.Errorf("exit status %d, want 1", st)
	}
	// The stopped job was terminated rather than left stopped forever.
	waitGone(t, -pgid)
}

// waitGone waits until no live process has ID id (or, negative, is in
// process group -id). Zombies do not count: in a container nothing may
// reap the orphans of a nosh that exited.
func waitGone(t *testing.T, id int) {
	t.Helper()
	deadline := time.Now().Add(ptyTimeout)
	for alive(id) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d is still there", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func alive(id int) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return syscall.Kill(id, 0) == nil
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || (id > 0 && pid != id) {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces.
		f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		if len(f) < 3 || f[0] == "Z" {
			continue
		}
		if pgrp, _ := strconv.Atoi(f[2]); id > 0 || pgrp == -id {
			return true
		}
	}
	return false
}

func TestJobControlInterruptLoops(t *testing.T) {
	s := startJobShell(t)
	s.Line("{ echo $((40+2))loop; while :; do :; done; }")
	s.Expect("42loop")
	s.Send("\x03")
	s.ExpectPrompt()
	s.Line("echo st=$?")
	s.Expect("st=130")
	s.ExpectPrompt()
	s.Line("{ echo $((40+2))ext; while :; do sleep 0.05; done; echo not-reached; }")
	s.Expect("42ext")
	// A Ctrl+C typed in the instant between one sleep's exit and the
	// shell taking the terminal back goes to the dead sleep's process
	// group and reaches nobody, in bash as in nosh; on a loaded machine
	// that instant is long enough to be hit, so type it until the loop
	// stops.
	s.Poll("\x03", ptyPrompt)
	s.Line("echo st=$?")
	s.Expect("st=130")
	if o := s.Output(); regexp.MustCompile(`(?m)^not-reached`).MatchString(o) {
		t.Errorf("the loop went on after Ctrl+C:\n%s", o)
	}
}

func TestJobControlHangup(t *testing.T) {
	s := startJobShell(t)
	s.Line("sleep 100 &")
	m := s.ExpectRe(re(`\[1\] (\d+)`))
	s.ExpectPrompt()
	pid, _ := strconv.Atoi(m[1])
	s.Close() // the terminal hangs up
	waitGone(t, pid)
}

// TestInterruptCommandSubstitutionInArgs: Ctrl+C while a command
// substitution in a command's arguments runs abandons the line quietly
// with $? = 130, as bash does; it printed "nosh: context canceled".
func TestInterruptCommandSubstitutionInArgs(t *testing.T) {
	s := startJobShell(t)
	s.Line("echo $(echo st''arted >&2; sleep 100; echo never) not-reached")
	s.Expect("started")
	s.Poll("\x03", ptyPrompt)
	s.Line("echo st=$?")
	s.Expect("st=130")
	if o := s.Output(); strings.Contains(o, "context canceled") || regexp.MustCompile(`(?m)^ *not-reached`).MatchString(o) {
		t.Errorf("Ctrl+C in $( ) left a message or ran the command:\n%s", o)
	}
}

// A program a startup file starts and Ctrl+Z stops is shown by its
// arguments, as one started from a function is: the statement reading the
// file has no pipeline text of its own to lend it (its positions, those of
// ". FILE", are not the file's; the file's first command, at line 1
// column 1, was shown as ". FILE").
func TestJobControlStopInStartupFile(t *testing.T) {
	rc := filepath.Join(t.TempDir(), "init.sh")
	if err := os.WriteFile(rc, []byte(sleeper+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startPty(t, nil, "-i", "--rcfile", rc)
	s.Expect("42x")
	s.Send("\x1a")
	s.ExpectRe(re(`\[1\]\+  Stopped +sh -c 'echo`))
	s.ExpectPrompt()
	s.Line("jobs")
	s.ExpectRe(re(`\[1\]\+  Stopped +sh -c 'echo`))
	s.ExpectPrompt()
}

// TestJobControlJobsExecute: jobs -x runs a command with each job spec
// replaced by the job's process group (the pipeline's first process),
// as bash's does; nosh refused -x.
func TestJobControlJobsExecute(t *testing.T) {
	s := startJobShell(t)
	s.Line("sleep 100 | cat &")
	s.ExpectRe(re(`\[1\] \d+`))
	s.ExpectPrompt()
	s.Line(`jobs -x echo pg %1 x; echo leader=$(jobs -p %1)`)
	m := s.ExpectRe(re(`pg (\d+) x`))
	s.Expect("leader=" + m[1])
	s.ExpectPrompt()
	s.Line("kill %1")
}
