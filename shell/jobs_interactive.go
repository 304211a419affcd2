package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/term"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/jobs"
)

// errNoTerminal is initJobControl's error when the shell has no terminal.
var errNoTerminal = errors.New("standard input is not a terminal")

// initJobControl sets up an interactive shell: it catches the signals an
// interactive shell handles (whether or not job control works), and, when
// tty is a terminal, turns job control on: it waits until the shell is in
// the foreground (stopping itself with SIGTTIN meanwhile, like bash),
// becomes the leader of its own process group and takes the terminal.
// On error the shell runs without job control; the REPL should warn
// ("nosh: no job control in this shell: ...") unless the error is
// errNoTerminal. Calling it again does nothing.
func (s *Shell) initJobControl(tty *os.File) error {
	s.job.mu.Lock()
	done := s.job.term != nil
	s.job.mu.Unlock()
	if done {
		return nil
	}
	defer s.job.sig.CatchSoon()
	s.job.catchingSoon = true
	if tty == nil || !term.IsTerminal(int(tty.Fd())) {
		return errNoTerminal
	}
	t := jobs.NewTerminal(int(tty.Fd()))
	orig := syscall.Getpgrp()
	for {
		fg, err := t.Foreground()
		if err != nil {
			return err
		}
		if fg == syscall.Getpgrp() {
			break
		}
		// SIGTTIN is not caught yet: this stops the shell until whoever
		// started it puts it in the foreground.
		syscall.Kill(-syscall.Getpgrp(), syscall.SIGTTIN)
	}
	pid := os.Getpid()
	if syscall.Getpgrp() != pid {
		if err := syscall.Setpgid(0, 0); err != nil {
			return fmt.Errorf("setpgid: %w", err)
		}
	}
	// A shell started in a terminal of its own (a terminal window, ssh,
	// login) leads the foreground group already; giving the terminal to
	// it again would cost a locked thread for nothing.
	if fg, err := t.Foreground(); err != nil || fg != pid {
		if err := t.SetForeground(pid); err != nil {
			return err
		}
	}
	modes, _ := t.Modes()
	s.job.mu.Lock()
	s.job.term, s.job.shellPgid, s.job.origPgid, s.job.shellModes = t, pid, orig, modes
	s.job.mu.Unlock()
	s.mu.Lock()
	s.flags.Monitor = true
	s.mu.Unlock()
	return nil
}

// BeginSignalSetup begins the interactive shell's signal set-up
// (signals.CatchSoon) if no statement has needed it yet: the REPL calls it
// once the first prompt is on the screen, the first moment the set-up no
// longer delays.
func (s *Shell) BeginSignalSetup() { s.job.sig.BeginSetup() }

// beforePrompt is what the REPL runs before each prompt: traps that
// became pending while nothing ran, then the notices about jobs that
// finished or stopped in the background since the last prompt:
//
//	[1]+  Done                    sleep 10
//
// A trap that runs exit ends the shell: exit is then true, with the
// status to exit with.
func (s *Shell) beforePrompt(ctx context.Context) (exit bool, status int) {
	s.reclaimTerminal()
	if exit, status := s.runTrapsBetween(ctx, s.lastStatus()); exit {
		return true, status
	}
	tbl := s.jobs()
	for _, j := range tbl.Jobs() {
		st, changed := j.Report()
		if !changed || st == jobs.Running {
			continue
		}
		if st == jobs.Stopped {
			// bash puts an empty line before a stopped job's notice,
			// as after ^Z.
			fmt.Fprintln(s.stderr)
		}
		fmt.Fprintln(s.stderr, tbl.Line(j, false))
		if st == jobs.Done {
			tbl.Remove(j)
		}
	}
	return false, 0
}

// lastStatus is $? between statements.
func (s *Shell) lastStatus() int {
	return int(interpunsafe.LastExit(s.Runner).Code)
}

// reclaimTerminal makes sure the shell owns its terminal before the editor
// changes its modes: a shell outside the terminal's foreground group that
// does gets SIGTTOU, and, catching it, retries the change forever. Every
// path that ends a foreground job gives the terminal back; this is the
// guarantee that nothing else leaves it elsewhere.
func (s *Shell) reclaimTerminal() {
	t, pgid := s.shellTerminal()
	if t == nil {
		return
	}
	// Only another program can have taken the terminal: after a line
	// that started none, it was not asked again (an ioctl a prompt).
	uses := jobs.TerminalUses()
	if s.job.reclaimed && s.job.reclaimedAt == uses {
		return
	}
	if fg, err := t.Foreground(); err == nil && fg != pgid {
		s.takeTerminal(false)
	}
	s.job.reclaimedAt, s.job.reclaimed = jobs.TerminalUses(), true
}
