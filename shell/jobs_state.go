package shell

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/signals"
	"nosh/shell/jobs"
)

// jobShell is the Shell's job-control and signal state. Its zero value is
// ready: a shell without a terminal still has a job table for `$!`,
// `wait` and `kill`.
type jobShell struct {
	once  sync.Once
	table *jobs.Table

	mu        sync.Mutex
	term      *jobs.Terminal // nil without job control
	shellPgid int            // the shell's process group with job control
	origPgid  int            // the group the shell started in
	// shellModes are the terminal modes to give back to the shell when a
	// foreground job stops or dies: saved when each top-level statement
	// starts, updated when a program ends normally (so `stty` sticks).
	shellModes *unix.Termios
	fg         *jobRef   // the top-level statement running, if any
	fgJob      *jobs.Job // a background job brought to the foreground by fg
	tick       int       // counts top-level statements, for the exit warning
	interrupt  bool      // Ctrl+C ended the last top-level statement
	aborted    bool      // an error abandoned the last top-level statement
	warnedAt   int       // tick of the last "There are stopped jobs."
	// reclaimedAt is jobs.TerminalUses when the shell last made sure it
	// owned the terminal; reclaimed says it has.
	reclaimedAt uint64
	reclaimed   bool
	hangupHook  func()
	// modesAt is jobs.TerminalUses when a statement's start last read
	// shellModes; modesRead says one did.
	modesAt   uint64
	modesRead bool

	sig signals.Dispositions
	// catchingSoon says the interactive signal set-up runs beside the
	// start (initJobControl): statements of startup files need not wait
	// for it (beginStatement).
	catchingSoon bool
	frames       frameSignals // subshells' signal contexts (subshell_signals.go)
}

// jobs returns the job table.
func (s *Shell) jobs() *jobs.Table {
	s.job.once.Do(func() { s.job.table = jobs.NewTable() })
	return s.job.table
}

// jobRefKey keys the *jobRef in the context of a running statement.
type jobRefKey struct{}

// jobRef is what a running statement's context tells the exec handler:
// which job the processes it starts belong to.
type jobRef struct {
	// bg is the job of a background command's body; every process the
	// body starts joins it.
	bg *jobs.Job

	// For a top-level statement in the foreground: the job its processes
	// join, created at the first process and replaced after a stop.
	mu     sync.Mutex
	cur    *jobs.Job
	texts  map[syntax.Pos]string // pipeline source by command position
	cancel context.CancelCauseFunc
}

// Causes of cancelling a statement's context that are the shell's own:
// the exec handler does not kill the statement's processes for them.
var (
	errInterrupted = errors.New("interrupted")
	errFatalSignal = errors.New("fatal signal")
)

func refFrom(ctx context.Context) *jobRef {
	ref, _ := ctx.Value(jobRefKey{}).(*jobRef)
	return ref
}

// job returns the job a process started under ref joins.
func (ref *jobRef) job(s *Shell) *jobs.Job {
	if ref.bg != nil {
		return ref.bg
	}
	ref.mu.Lock()
	defer ref.mu.Unlock()
	if ref.cur == nil {
		ref.cur = s.jobs().NewJob("", s.Runner)
		ref.cur.SetForeground(true)
	}
	return ref.cur
}

// detach makes the next process of the statement start a new job, once
// j has stopped and gone to the job table.
func (ref *jobRef) detach(j *jobs.Job) {
	ref.mu.Lock()
	defer ref.mu.Unlock()
	if ref.cur == j {
		ref.cur = nil
	}
}

// fgStatement is one top-level statement being run by RunStmt.
type fgStatement struct {
	s      *Shell
	ctx    context.Context
	ref    *jobRef
	nested bool
}

// beginStatement gives a top-level statement its context: the job its
// processes join, and a cancel that Ctrl+C (SIGINT to the shell) or a
// fatal signal uses. A statement run from inside another one (a sourced
// file) shares the outer statement's. With job control, it notes the
// source of the statement's pipelines for `jobs`, so it must be called
// before the statement is rewritten.
func (s *Shell) beginStatement(ctx context.Context, st *syntax.Stmt) *fgStatement {
	// An interactive shell's startup files do not wait here for its
	// signal set-up (signals.CatchSoon), which finishes on its own a few
	// hundred microseconds later: most of what they run (function
	// definitions, aliases, exports, tests) never looks at a signal, and
	// the first of them would otherwise wait for all of it. What does
	// (a program, trap, kill, wait…) waits in settleBefore. A
	// non-interactive shell sets its signals up before the first
	// statement that is not signalFreeStatement, the same way.
	switch {
	case s.job.catchingSoon && ctx.Value(startupKey{}) == true:
	case !s.Interactive && s.signalFreeStatement(st):
	default:
		s.job.sig.Settle()
	}
	if refFrom(ctx) != nil {
		return &fgStatement{s: s, ctx: ctx, nested: true}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	ref := &jobRef{cancel: cancel}
	// The statement that reads a startup file (`. FILE`, built by
	// sourceFile) has no pipeline worth showing in `jobs`, and its
	// positions are those of a string, not of the file: the first command
	// of the file, at line 1 column 1, would have been shown as ". FILE".
	// A program the file starts is shown by its arguments. Nor has a
	// statement that cannot start a program (mayStartProgram).
	if s.terminal() != nil && ctx.Value(startupKey{}) != true && s.mayStartProgram(st) {
		ref.texts = pipelineTexts(st)
	}
	ctx = context.WithValue(ctx, jobRefKey{}, ref)
	s.job.mu.Lock()
	s.job.tick++
	s.job.fg = ref
	term := s.job.term
	s.job.mu.Unlock()
	if term != nil {
		s.noteShellModes(term)
	}
	if s.fatalSignal() != 0 {
		cancel(errFatalSignal)
	}
	return &fgStatement{s: s, ctx: ctx, ref: ref}
}

// noteShellModes reads the terminal's modes as a top-level statement
// starts, unless they were read since the last program ran: only a
// program can have changed them in between (jobs.TerminalUses; the
// builtins that change them, such as read -s, put them back), as the
// REPL's own reads assume. A TCGETS per line of builtins was about 5 %
// of an Enter (bench/ptybench, README Performance, part I).
func (s *Shell) noteShellModes(term *jobs.Terminal) {
	uses := jobs.TerminalUses()
	s.job.mu.Lock()
	fresh := s.job.shellModes != nil && s.job.modesRead && s.job.modesAt == uses
	s.job.mu.Unlock()
	if fresh {
		return
	}
	if m, err := term.Modes(); err == nil {
		s.job.mu.Lock()
		s.job.shellModes, s.job.modesAt, s.job.modesRead = m, uses, true
		s.job.mu.Unlock()
	}
}

// lineInterrupted reports whether Ctrl+C ended the last statement
// RunStmt ran: the REPL then drops the rest of the line, as bash does.
func (s *Shell) lineInterrupted() bool {
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	return s.job.interrupt
}

// interrupted reports whether Ctrl+C ended the statement. In an
// interactive shell, any cancellation of a statement is one: the REPL
// cancels on SIGINT too, and the shell must go on.
func (f *fgStatement) interrupted(err error) bool {
	if f.nested {
		return false
	}
	cause := context.Cause(f.ctx)
	yes := errors.Is(cause, errInterrupted) || (f.s.Interactive && f.ctx.Err() != nil &&
		errors.Is(err, context.Canceled) && !errors.Is(cause, errFatalSignal))
	f.s.job.mu.Lock()
	f.s.job.interrupt = yes
	f.s.job.mu.Unlock()
	return yes
}

// end releases the statement's context.
func (f *fgStatement) end() {
	if f.nested {
		return
	}
	s := f.s
	s.job.mu.Lock()
	if s.job.fg == f.ref {
		s.job.fg = nil
	}
	s.job.mu.Unlock()
	f.ref.cancel(nil)
}

// terminal returns the terminal when job control is on, else nil.
func (s *Shell) terminal() *jobs.Terminal {
	s.job.mu.Lock()
	t := s.job.term
	s.job.mu.Unlock()
	if t == nil {
		return nil
	}
	s.mu.Lock()
	on := s.flags.Monitor
	s.mu.Unlock()
	if !on {
		return nil
	}
	return t
}

// jobTTY is the terminal descriptor processes are put in groups for, or
// -1 without job control.
func (s *Shell) jobTTY() int {
	if t := s.terminal(); t != nil {
		return t.Fd()
	}
	return -1
}

// shellTerminal returns the terminal under job control (nil without job
// control) and the shell's own process group.
func (s *Shell) shellTerminal() (*jobs.Terminal, int) {
	t := s.terminal()
	if t == nil {
		return nil, 0
	}
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	return t, s.job.shellPgid
}

// takeTerminal gives the terminal back to the shell after a foreground
// job stopped or ended. keepModes says the job ended normally: its
// changes to the terminal modes (stty) stay; otherwise the shell's modes
// come back, so a program that died in raw mode does not break the editor.
func (s *Shell) takeTerminal(keepModes bool) {
	t, pgid := s.shellTerminal()
	if t == nil {
		return
	}
	t.SetForeground(pgid)
	if keepModes {
		if m, err := t.Modes(); err == nil {
			s.job.mu.Lock()
			s.job.shellModes = m
			s.job.mu.Unlock()
		}
		return
	}
	s.job.mu.Lock()
	m := s.job.shellModes
	s.job.mu.Unlock()
	if m != nil {
		t.SetModes(m)
	}
}

// stoppedJobs counts the listed jobs that are stopped.
func (s *Shell) stoppedJobs() int {
	n := 0
	for _, j := range s.jobs().Jobs() {
		if j.State() == jobs.Stopped {
			n++
		}
	}
	return n
}

// jobsCount is the number of jobs the shell manages, for \j in prompts.
func (s *Shell) jobsCount() int { return s.jobs().Len() }

// confirmExit is asked before the interactive shell leaves at end of
// input (Ctrl+D). With stopped jobs it warns and returns false the first
// time; asking again right away (or `exit`) returns true, as in bash.
func (s *Shell) confirmExit() bool {
	if !s.Interactive || s.stoppedJobs() == 0 {
		return true
	}
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	if s.job.warnedAt != 0 && s.job.warnedAt >= s.job.tick {
		return true
	}
	s.job.warnedAt = s.job.tick
	fmt.Fprintln(s.stderr, "There are stopped jobs.")
	return false
}

// exitAllowed is confirmExit for the exit builtin, which runs inside a
// statement: the warning counts if it was given during the previous one.
func (s *Shell) exitAllowed() bool {
	if !s.Interactive || s.stoppedJobs() == 0 {
		return true
	}
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	if s.job.warnedAt != 0 && s.job.warnedAt >= s.job.tick-1 {
		return true
	}
	s.job.warnedAt = s.job.tick
	return false
}

// onHangup sets what runs when the terminal hangs up, before nosh sends
// SIGHUP to its jobs and exits (the REPL saves its history there).
func (s *Shell) onHangup(f func()) {
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	s.job.hangupHook = f
}

// hangup sends SIGHUP (and SIGCONT, so that stopped jobs see it) to
// every job not disowned or marked with disown -h, as a login shell does
// when it exits and any interactive shell does when its terminal hangs up.
func (s *Shell) hangup() {
	for _, j := range s.jobs().Jobs() {
		if j.HangsUp() && j.State() != jobs.Done {
			j.Kill(syscall.SIGHUP)
			j.Kill(syscall.SIGCONT)
		}
	}
}

// leaveJobControl is run when the interactive shell exits: a login shell
// hangs up its jobs, any shell terminates its stopped jobs (they would
// stay stopped forever), and the terminal goes back to the process group
// that owned it before nosh.
func (s *Shell) leaveJobControl() {
	if s.Login {
		s.hangup()
	}
	for _, j := range s.jobs().Jobs() {
		if j.HangsUp() && j.State() == jobs.Stopped {
			j.Kill(syscall.SIGTERM)
		}
	}
	s.job.mu.Lock()
	t, orig, own := s.job.term, s.job.origPgid, s.job.shellPgid
	s.job.mu.Unlock()
	if t != nil {
		if _, err := t.Foreground(); err != nil && !s.Login {
			// The terminal hung up (the REPL saw end of input before
			// SIGHUP was handled): the jobs get SIGHUP, as they would.
			s.hangup()
		}
	}
	if t != nil && orig != 0 && orig != own {
		syscall.Setpgid(0, orig)
		t.SetForeground(orig)
	}
}

// runTraps runs the traps that became pending during the statement,
// within its context, keeping status unless a trap exits.
func (f *fgStatement) runTraps(status int) (exit bool, st int) {
	if f.nested {
		return false, status
	}
	return f.s.runTrapsBetween(f.ctx, status)
}
