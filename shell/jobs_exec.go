package shell

import (
	"context"
	"errors"
	"fmt"
	"nosh/shell/internal/engine"
	"strings"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/jobs"
)

// processJob returns the job a process started under ref joins: the
// background command's, the statement's current foreground job, or, for
// code run outside any statement, a job of its own.
func (s *Shell) processJob(ref *jobRef) *jobs.Job {
	if ref == nil {
		j := s.jobs().NewJob("", s.Runner)
		j.SetForeground(true)
		return j
	}
	return ref.job(s)
}

// waitProcess waits for a process the exec handler started and returns
// its status: the exit code, 128+N when killed by signal N, or, when it
// stops, 128+N for the stop signal, once the job is in the job table.
func (s *Shell) waitProcess(ctx context.Context, hc interp.HandlerContext, ref *jobRef, j *jobs.Job, p *jobs.Process) error {
	stop := context.AfterFunc(ctx, func() {
		switch cause := context.Cause(ctx); {
		case errors.Is(cause, errInterrupted) && p.OwnSession():
			// An agent's program, in a session of its own, away from
			// the terminal: Ctrl+C reaches it through the shell.
			p.SignalGroup(syscall.SIGINT)
		case errors.Is(cause, errInterrupted), errors.Is(cause, jobs.ErrKilled):
			// The process got the signal itself, from the terminal or
			// from kill; it decides what to do with it.
		case errors.Is(cause, errFatalSignal), errors.Is(cause, errSubshellSignal):
			// The shell (or the subshell running it) is dying: the
			// process is left alone, as bash does. (A subshell waits
			// for it all the same: its output may be going to a
			// command substitution, which reads it to the end in sh
			// too.)
		case errors.Is(cause, engine.ErrBrokenPipe):
			// Its pipeline stage died of SIGPIPE: so does it.
			p.Signal(syscall.SIGPIPE)
		default:
			p.SignalGroup(syscall.SIGKILL)
		}
	})
	defer stop()
	waitCtx := ctx
	from := jobs.Running
	for {
		if err := s.jobs().WaitProcess(waitCtx, p, from); err != nil {
			if errors.Is(context.Cause(ctx), errFatalSignal) {
				return interp.ExitStatus(128 + int(s.fatalSignal()))
			}
			waitCtx = context.WithoutCancel(ctx)
			continue
		}
		switch p.State() {
		case jobs.Stopped:
			if ref == nil || ref.bg == nil {
				if st, stopped := s.stoppedInForeground(ref, j, p, hc.Pos); stopped {
					return st
				}
				from = jobs.Running
				continue
			}
			// A background job's body waits until the job is continued
			// (bg, fg, SIGCONT) or killed.
			from = jobs.Stopped
		case jobs.Running:
			from = jobs.Running
		case jobs.Done:
			s.endedInForeground(ref, j, p)
			return waitStatus(p.WaitError())
		}
	}
}

// stoppedInForeground handles a stop of a foreground process: once every
// process of its job has stopped, the job goes to the job table (with its
// terminal modes), the shell takes the terminal back, and the statement
// goes on with status 128+N, as in bash. If the process runs again before
// its job is all stopped, it reports false.
func (s *Shell) stoppedInForeground(ref *jobRef, j *jobs.Job, p *jobs.Process, pos syntax.Pos) (error, bool) {
	tbl := s.jobs()
	tbl.WaitSettled(context.Background(), j, p)
	if p.State() != jobs.Stopped {
		return nil, false
	}
	status := interp.ExitStatus(128 + int(p.StopSignal()))
	unlock := j.LockTerminal()
	defer unlock()
	if j.ID() != 0 {
		return status, true // another stage of the pipeline did it
	}
	if ref != nil {
		ref.detach(j)
	}
	if t := s.terminal(); t != nil && j.Foreground() {
		if m, err := t.Modes(); err == nil {
			j.SaveModes(m)
		}
		s.takeTerminal(false)
	}
	j.SetForeground(false)
	j.SetText(s.jobText(ref, j, pos))
	tbl.Add(j)
	j.MarkReported(jobs.Stopped)
	if s.Interactive {
		fmt.Fprintf(s.stderr, "\n%s\n", tbl.Line(j, false))
	}
	return status, true
}

// endedInForeground runs after a process of a foreground job ended: when
// it was the job's last running process, the shell takes the terminal
// back. A job killed by Ctrl+C interrupts the statement that ran it (so a
// loop around it stops, as in bash); in an interactive shell, a death by
// another signal is reported like bash does ("Killed").
func (s *Shell) endedInForeground(ref *jobRef, j *jobs.Job, p *jobs.Process) {
	if !j.Foreground() {
		return
	}
	unlock := j.LockTerminal()
	defer unlock()
	if j.RunningProcesses() > 0 {
		return
	}
	sig, core := p.Termination()
	if s.terminal() != nil {
		s.takeTerminal(sig == 0 && p.ExitedZero())
	}
	if s.Interactive && (ref == nil || ref.bg == nil) {
		// (A background job brought back by fg is reported by fg.)
		s.reportDeath(sig, core)
	}
	if sig == syscall.SIGINT && ref != nil {
		if ref.bg != nil {
			ref.bg.Cancel(syscall.SIGINT)
		} else if ref.cancel != nil {
			ref.cancel(errInterrupted)
		}
	}
}

// reportDeath prints how a signal ended a foreground job, as bash does: a
// line break after ^C, and the signal's description for others except
// SIGPIPE (a pipeline's first stage dies of it all the time).
func (s *Shell) reportDeath(sig syscall.Signal, core bool) {
	switch sig {
	case 0, syscall.SIGPIPE:
	case syscall.SIGINT:
		fmt.Fprintln(s.stderr)
	default:
		d := jobs.DescribeSignal(sig)
		if core {
			d += " (core dumped)"
		}
		fmt.Fprintln(s.stderr, d)
	}
}

// jobText is the command text of a stopped foreground job: the source of
// the pipeline the process at pos belongs to, or, for a process started
// from code elsewhere (a function), the argument lists of its processes.
func (s *Shell) jobText(ref *jobRef, j *jobs.Job, pos syntax.Pos) string {
	if ref != nil {
		if text := ref.texts[pos]; text != "" {
			return text
		}
	}
	var stages []string
	for _, p := range j.Processes() {
		var words []string
		for _, a := range p.Args {
			q, err := syntax.Quote(a, syntax.LangBash)
			if err != nil {
				q = a
			}
			words = append(words, q)
		}
		stages = append(stages, strings.Join(words, " "))
	}
	return strings.Join(stages, " | ")
}

// mayStartProgram reports whether a simple command of root may start a
// program itself, and so become a job that needs its text: one whose
// name is not a literal builtin's, or `command`. A line of builtins (cd,
// echo, true) starts none, and printing its pipelines' texts was about
// 5 % of its Enter (bench/ptybench, README Performance, part I). A
// function's processes come from its body, a statement of its own, and
// so do eval's and source's: their texts are never this statement's.
func (s *Shell) mayStartProgram(root syntax.Node) bool {
	may := false
	syntax.Walk(root, func(n syntax.Node) bool {
		if may {
			return false
		}
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false // its body runs in later statements
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				name := n.Args[0].Lit()
				may = name == "" || name == "command" || !s.IsBuiltin(name)
			}
		}
		return !may
	})
	return may
}

// pipelineTexts maps the position of every simple command in root to the
// source, on one line, of the whole pipeline it is part of. It must see
// the statement before the rewrite, which hides pieces of it.
//
// It runs for every statement typed, so it allocates little: printers are
// pooled, and the maps are made only for a statement that has a command.
func pipelineTexts(root syntax.Node) map[syntax.Pos]string {
	var texts map[syntax.Pos]string
	var printed map[syntax.Node]string
	stack := make([]syntax.Node, 0, 16)
	var printer *syntax.Printer
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*syntax.FuncDecl); ok {
			// A function body runs in later statements, which map
			// their own commands; startup files define dozens.
			return false
		}
		stack = append(stack, n)
		ce, ok := n.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || len(stack) < 2 {
			return true
		}
		top := pipelineTop(stack)
		text, ok := printed[top]
		if !ok {
			if printer == nil {
				printer = jobTextPrinters.Get().(*syntax.Printer)
			}
			if printed == nil {
				texts, printed = map[syntax.Pos]string{}, map[syntax.Node]string{}
			}
			var b strings.Builder
			printer.Print(&b, top)
			text = b.String()
			printed[top] = text
		}
		texts[ce.Args[0].Pos()] = text
		return true
	})
	if printer != nil {
		jobTextPrinters.Put(printer)
	}
	return texts
}

// jobTextPrinters are the printers pipelineTexts uses.
var jobTextPrinters = sync.Pool{New: func() any { return syntax.NewPrinter(syntax.SingleLine(true)) }}

// pipelineTop returns, for a walk stack ending in a simple command, the
// statement of the widest pipeline around it.
func pipelineTop(stack []syntax.Node) syntax.Node {
	top := stack[len(stack)-2]
	for i := len(stack) - 3; i >= 1; i -= 2 {
		b, ok := stack[i].(*syntax.BinaryCmd)
		if !ok || (b.Op != syntax.Pipe && b.Op != syntax.PipeAll) {
			break
		}
		st, ok := stack[i-1].(*syntax.Stmt)
		if !ok {
			break
		}
		top = st
	}
	return top
}
