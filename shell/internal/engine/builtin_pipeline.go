package engine

import (
	"context"
	"fmt"
	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/stagepipe"
	"os"
	"strconv"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Pipelines. interp runs the last command of a pipeline in the shell
// itself (so `echo x | read v` sets v) and keeps no PIPESTATUS. nosh runs
// a pipeline with the private builtin \x00pipe: every command in a
// subshell of its own, connected by pipes, all at once; then PIPESTATUS
// holds their statuses and the pipeline's status is the last one's (with
// pipefail, the last failing one's).

const builtinPipeName = "\x00pipe"

// pipeStage is one command of a pipeline and whether its standard error
// goes down the pipe too (|&).
type pipeStage struct {
	stmt    *syntax.Stmt
	withErr bool
}

// pipeStash is a rewritten pipeline.
type pipeStash struct {
	stages []pipeStage
}

// rewritePipeline replaces st's pipeline with a call of \x00pipe.
func (s *Engine) rewritePipeline(st *syntax.Stmt, b *syntax.BinaryCmd) {
	var stages []pipeStage
	var flatten func(n *syntax.Stmt, withErr bool)
	flatten = func(n *syntax.Stmt, withErr bool) {
		if inner, ok := n.Cmd.(*syntax.BinaryCmd); ok && isPipe(inner) && len(n.Redirs) == 0 && !n.Negated && !n.Background {
			flatten(inner.X, inner.Op == syntax.PipeAll)
			flatten(inner.Y, withErr)
			return
		}
		stages = append(stages, pipeStage{stmt: n, withErr: withErr})
	}
	flatten(b.X, b.Op == syntax.PipeAll)
	flatten(b.Y, false)
	for _, stage := range stages {
		s.rewrite(stage.stmt)
	}
	call := SentinelCall(st.Position, builtinPipeName, "")
	s.StashArg(call, &pipeStash{stages: stages})
	st.Cmd = call
}

func isPipe(b *syntax.BinaryCmd) bool {
	return b.Op == syntax.Pipe || b.Op == syntax.PipeAll
}

// builtinPipe runs a rewritten pipeline.
func builtinPipe(ctx context.Context, c *call) error {
	ps, ok := c.sh().stash.get(FirstArg(c.Args)).(*pipeStash)
	if !ok {
		return fmt.Errorf("nosh: lost pipeline %q", c.Args)
	}
	r := c.R
	n := len(ps.stages)
	base := interpunsafe.GetStreams(r)
	results := make([]interpunsafe.Status, n)
	var wg sync.WaitGroup
	in := base.Stdin
	// shopt -s lastpipe without job control: the last command runs in
	// the shell itself, after the others have started.
	last := n
	if c.sh().host.ShoptOn("lastpipe") && c.sh().host.Terminal() == nil {
		last = n - 1
	}
	for i, stage := range ps.stages {
		if i == last {
			break
		}
		r2 := interpunsafe.Subshell(r, true)
		interpunsafe.InheritScope(r2, r)
		st := interpunsafe.Streams{Stdin: in, Stdout: base.Stdout, Stderr: base.Stderr}
		var pw *os.File
		if i < n-1 {
			pr, w, err := os.Pipe()
			if err != nil {
				// As bash: one line, and the stages started already end
				// (their reader gone, as the shell's child would be).
				fmt.Fprintf(c.Stderr, "%s: pipe error: %s\n", c.sh().name(), builtins.DescribeErrno(err))
				if i > 0 {
					in.Close()
				}
				wg.Wait()
				return interp.ExitStatus(1)
			}
			pw = w
			st.Stdout = pw
			if stage.withErr {
				st.Stderr = pw
			}
			in = pr
		}
		interpunsafe.SetStreams(r2, st)
		sctx, out := ctx, (*stagepipe.Output)(nil)
		if pw != nil {
			sctx, out = stagepipe.With(ctx, pw)
		}
		if _, simple := stage.stmt.Cmd.(*syntax.CallExpr); !simple && stage.stmt.Cmd != nil {
			enterSubshellDepth(r2)
		}
		wg.Go(func() {
			results[i] = c.sh().runSubshellBody(sctx, r2, []*syntax.Stmt{stage.stmt})
			if out != nil && out.Broken() {
				// Its reader gone, the stage died as a process dies of
				// SIGPIPE.
				results[i] = interpunsafe.Status{Code: 128 + uint8(syscall.SIGPIPE)}
			}
			if pw != nil {
				pw.Close()
			}
			if i > 0 {
				// Like a process that exits, the stage stops reading: a
				// writer still going gets a broken pipe.
				st.Stdin.Close()
			}
		})
	}
	var lastSt interpunsafe.Status
	if last < n {
		lastSt = c.runLastpipe(ctx, in, ps.stages[last].stmt)
		results[last] = lastSt
	}
	wg.Wait()
	codes := make([]string, n)
	for i, res := range results {
		codes[i] = strconv.Itoa(int(res.Code))
	}
	interpunsafe.SetVar(r, "PIPESTATUS", expand.Variable{Set: true, Kind: expand.Indexed, List: codes})
	interpunsafe.DelVar(r, pipeStaleVar)
	final := results[n-1]
	if *interpunsafe.Option(r, "pipefail") {
		for _, res := range results {
			if res.Code != 0 {
				final.Code = res.Code
			}
		}
	}
	for _, res := range results {
		if res.FatalExit {
			final = res
			final.Exiting = true
		}
	}
	if last < n && (lastSt.Exiting || lastSt.Returning) {
		// exit or return in the shell's own last command.
		final.Exiting, final.Returning = lastSt.Exiting, lastSt.Returning
	}
	interpunsafe.SetExit(r, final)
	return errKeepStatus
}

// runLastpipe runs a pipeline's last command in the shell's own runner,
// reading from in, and returns its status.
func (c *call) runLastpipe(ctx context.Context, in *os.File, st *syntax.Stmt) interpunsafe.Status {
	r := c.R
	saved := interpunsafe.GetStreams(r)
	cur := saved
	cur.Stdin = in
	interpunsafe.SetStreams(r, cur)
	interpunsafe.SetExit(r, interpunsafe.Status{})
	interpunsafe.Stmt(r, ctx, st)
	res := *interpunsafe.Exit(r)
	interpunsafe.SetStreams(r, saved)
	if in != saved.Stdin {
		// Like the process it stands for, it stops reading: a writer
		// still going gets a broken pipe.
		in.Close()
	}
	return res
}

// PIPESTATUS after a simple command holds its status alone, as bash sets
// it after every pipeline, of one command or more. Setting it after each
// command would cost every command: instead each command marks the
// pipeline's PIPESTATUS stale (pipeStaleVar, in the call handler), and a
// word that reads PIPESTATUS first runs pipestatusHook, which makes it
// ($?) when it is stale. (So after a compound command it is the compound
// command's status, where bash keeps its last simple command's.)

// pipeStaleVar is set when a command has run since the last pipeline.
const pipeStaleVar = "\x00pipestale"

var pipeStaleValue = expand.Variable{Set: true, Kind: expand.String, Str: "1"}

// MarkPipeStale records in r that a command runs after the last pipeline.
func MarkPipeStale(r *interp.Runner) {
	if !interpunsafe.LookupVar(r, pipeStaleVar).IsSet() {
		interpunsafe.SetVar(r, pipeStaleVar, pipeStaleValue)
	}
}

// pipestatusHook brings PIPESTATUS up to date before a word reads it.
type pipestatusHook struct{}

func (pipestatusHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	if interpunsafe.LookupVar(r, pipeStaleVar).IsSet() {
		code := strconv.Itoa(int(interpunsafe.LastExit(r).Code))
		interpunsafe.SetVar(r, "PIPESTATUS", expand.Variable{Set: true, Kind: expand.Indexed, List: []string{code}})
		interpunsafe.DelVar(r, pipeStaleVar)
	}
	return "", nil
}
