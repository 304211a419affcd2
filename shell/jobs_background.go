package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/internal/engine"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/guard"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/jobs"
)

// Background commands.
//
// interp runs `cmd &` in a goroutine of its own, with the same context as
// the statement around it, so nothing it runs can tell which job it
// belongs to, and `$!` is "g1". nosh's rewrite instead turns every
// background statement into a call of the private builtin \x00bg, which
// starts the body itself: in a subshell of the runner that reached the
// `&`, in a goroutine, with a context that names the job. Every process
// the body starts joins that job (its process group, with job control).
//
// `$!` is rewritten to read a private variable that \x00bg sets in the
// runner that ran the `&`, so it follows subshells as bash's does. Its
// value is the process ID of the job's first process. A job whose first
// command is a builtin or function has no process to name; it gets a
// synthetic ID above any real PID (jobs.SyntheticBase), which kill and
// wait understand like any other.

// Private builtins and variables of background commands.
const (
	builtinBgName = "\x00bg"
	// bangVar holds $!. No script can name it: it is not an identifier
	// (and it makes "$!: unbound variable" read as in bash).
	bangVar = "$!"
)

// pidWait bounds how long `cmd &` waits for the job to start its first
// process before $! falls back to a synthetic ID. It is only reached when
// the job blocks before running any command, such as opening a FIFO, or
// when a loaded machine has not scheduled the job's goroutine yet: long
// enough that the latter does not happen in practice.
const pidWait = 5 * time.Second

// bgStash is a background command taken out of the AST by the rewrite.
type bgStash struct {
	stmt   *syntax.Stmt // with Background cleared, rewritten
	text   string       // for `jobs`
	disown bool         // zsh's &| and &!
}

// rewriteBackground turns `cmd &` into `\x00bg N` in place, with the
// command kept in the stash under N.
func (s *Shell) rewriteBackground(st *syntax.Stmt) {
	body := *st
	body.Background, body.Disown = false, false
	text := sourceText(&body)
	s.rewrite(&body)
	call := sentinelCall(st.Position, builtinBgName, "")
	s.stashArg(call, &bgStash{stmt: &body, text: text, disown: st.Disown})
	*st = syntax.Stmt{Comments: st.Comments, Position: st.Position, Semicolon: st.Semicolon, Cmd: call}
}

// rewriteBang makes a $! parameter expansion read bangVar.
func rewriteBang(pe *syntax.ParamExp) {
	if !pe.Excl {
		pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: bangVar}
	}
}

// sourceText prints a node on one line, for job listings. It must be
// given the node before the rewrite, which hides parts of it.
func sourceText(n syntax.Node) string {
	var b strings.Builder
	syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, n)
	return b.String()
}

// agentRunOver ends the background jobs of an agent's run with it (a
// type, not a variable: nothing to make at start-up).
type agentRunOver struct{}

func (agentRunOver) Error() string { return "the agent's run is over" }

// builtinBackground starts a background command: \x00bg N.
func builtinBackground(ctx context.Context, c *call) error {
	bs, ok := c.sh().stashed(firstArg(c.Args)).(*bgStash)
	if !ok {
		return fmt.Errorf("nosh: lost background command %q", c.Args)
	}
	if c.R == nil {
		return errors.New("nosh: background command outside a runner")
	}
	c.sh().startJob(ctx, c.R, c.Stderr, bs.stmt, bs.text, bs.disown, nil, nil)
	return nil
}

// startJob starts stmt as a background job of r, as `stmt &` does, and
// sets $! in r. prepare, when not nil, is applied to the job's subshell
// before it starts; ended, when not nil, is called in the job's goroutine
// after its body ends. It returns the job's process ID.
func (s *Shell) startJob(ctx context.Context, r *interp.Runner, stderr io.Writer, stmt *syntax.Stmt, text string,
	disown bool, prepare func(r2 *interp.Runner), ended func()) int {
	j := s.jobs().NewJob(text, r)
	// The job outlives the statement: Ctrl+C on the statement must not
	// reach it, only `kill`.
	jctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	if run := guard.ProgramsOf(ctx).Lifetime(); run != nil {
		// An agent's background job ends with its run, never later.
		context.AfterFunc(run, func() { cancel(agentRunOver{}) })
	}
	jctx = context.WithValue(jctx, jobRefKey{}, &jobRef{bg: j})
	j.SetBody(cancel)
	r2 := r.Subshell()
	var devnull *os.File
	if s.jobTTY() < 0 {
		// POSIX: without job control, an asynchronous list's standard
		// input is /dev/null unless it redirects it.
		if f, err := os.Open(os.DevNull); err == nil {
			devnull = f
			st := interpunsafe.GetStreams(r2)
			st.Stdin = f
			interpunsafe.SetStreams(r2, st)
		}
	}
	if prepare != nil {
		prepare(r2)
	}
	listed := r == s.Runner && !disown
	if listed {
		if !s.Interactive {
			// A script is never told about finished jobs: drop them
			// (`wait PID` still finds them).
			s.jobs().RemoveDone()
		}
		s.jobs().Add(j)
	}
	fctx, frame := s.enterFrame(jctx, r2, true)
	s.noteJobFrame(j, fctx)
	go func() {
		defer cancel(nil)
		s.eng.SetSubshellPid(r2)
		engine.EnterBackgroundDepth(r2, stmt)
		err := s.eng.RunGuarded(fctx, r2, stmt)
		status := exitStatusOf(err)
		if sig := s.leaveFrame(frame); sig != 0 {
			status = 128 + int(sig)
		}
		if sig := j.KilledBy(); sig != 0 && errors.Is(context.Cause(jctx), jobs.ErrKilled) &&
			(status < 0 || errors.Is(err, context.Canceled)) {
			status = 128 + int(sig)
		}
		if status < 0 {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			status = 1
		}
		if devnull != nil {
			devnull.Close()
		}
		if ended != nil {
			ended()
		}
		j.EndBody(status)
	}()
	pid := j.Pid(pidWait)
	interpunsafe.SetVar(r, bangVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(pid)})
	if listed && s.Interactive {
		fmt.Fprintf(stderr, "[%d] %d\n", j.ID(), pid)
	}
	return pid
}

// noteCall is called for every simple command before it runs. In a
// background job that has not named its process yet, a command that is
// not a program means the job's first action is not a process: `$!`
// gets a synthetic ID at once instead of waiting.
func (s *Shell) noteCall(ctx context.Context, r *interp.Runner, args []string) {
	ref := refFrom(ctx)
	if ref == nil || ref.bg == nil || len(args) == 0 {
		return
	}
	name := args[0]
	if internal, ok := strings.CutPrefix(name, sentinel); ok {
		// Rewritten statements call private builtins that run the real
		// command later; only nosh's own user-visible builtins (and the
		// background builtin) are commands in their own right.
		if strings.HasPrefix(internal, "\x00") && internal != builtinBgName {
			return
		}
		ref.bg.DecidePid(0)
		return
	}
	if interp.IsBuiltin(name) {
		ref.bg.DecidePid(0)
		return
	}
	if r != nil && r.Funcs[name] != nil {
		ref.bg.DecidePid(0)
	}
}
