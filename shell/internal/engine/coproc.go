package engine

import (
	"context"
	"fmt"
	"nosh/shell/builtins"
	"os"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Coprocesses: `coproc [NAME] command`, as bash runs them. interp has no
// coprocesses (it reports the statement as an internal error), so the
// rewrite turns one into \x00coproc N, with the clause in the stash; the
// builtin starts the command as a background job (Host.StartJob) whose
// standard input and output are two pipes, and gives the shell the other
// ends as descriptors: NAME[0] reads what the command writes, NAME[1]
// writes to its input. NAME_PID is its process ID, which `wait` takes.
// The descriptors are close-on-exec, as bash makes them: programs the
// shell starts later do not hold the pipes open.

const builtinCoprocName = "\x00coproc"

// coprocStash is a coproc clause taken out of the AST by the rewrite.
type coprocStash struct {
	name string       // NAME, "COPROC" when not given
	body *syntax.Stmt // rewritten
	text string       // for jobs: "coproc NAME command"
}

// coprocState is the last coprocess started: bash keeps one, and warns
// when another starts while it runs.
type coprocState struct {
	sync.Mutex
	name    string
	pid     int
	running bool
}

// rewriteCoproc turns the coproc statement st into \x00coproc N.
func (s *Engine) rewriteCoproc(st *syntax.Stmt, cl *syntax.CoprocClause) {
	name := "COPROC"
	body := *cl.Stmt
	if cl.Name != nil {
		if body.Cmd == nil {
			// `coproc cat >f`: the parser takes cat for a name and leaves
			// the statement its redirections alone; bash, which takes a
			// name only before a compound command, runs cat.
			body.Cmd = &syntax.CallExpr{Args: []*syntax.Word{cl.Name}}
		} else {
			name = cl.Name.Lit()
		}
	}
	// The parser puts the redirections after a coproc's command on the
	// statement; in bash they are the command's.
	body.Redirs = append(body.Redirs[:len(body.Redirs):len(body.Redirs)], st.Redirs...)
	st.Redirs = nil
	text := "coproc " + name + " " + printedText(&body)
	s.rewrite(&body)
	call := SentinelCall(cl.Coproc, builtinCoprocName, "")
	s.StashArg(call, &coprocStash{name: name, body: &body, text: text})
	st.Cmd = call
}

// printedText prints a node on one line, for job listings.
func printedText(n syntax.Node) string {
	var b strings.Builder
	syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, n)
	return b.String()
}

func builtinCoproc(ctx context.Context, c *call) error {
	cs, ok := c.sh().stash.get(FirstArg(c.Args)).(*coprocStash)
	if !ok {
		return fmt.Errorf("nosh: lost coproc %q", c.Args)
	}
	s, r := c.sh(), c.R
	if !syntax.ValidName(cs.name) {
		fmt.Fprintf(c.Stderr, "%s: `%s': not a valid identifier\n", s.name(), cs.name)
		return interp.ExitStatus(1)
	}
	s.coproc.Lock()
	if s.coproc.running {
		fmt.Fprintf(c.Stderr, "%s: warning: execute_coproc: coproc [%d:%s] still exists\n", s.name(), s.coproc.pid, s.coproc.name)
	}
	s.coproc.Unlock()
	// in carries the shell's writes to the command's input; out its
	// output to the shell.
	inR, inW, err := os.Pipe()
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: pipe error: %s\n", s.name(), builtins.DescribeErrno(err))
		return interp.ExitStatus(1)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		fmt.Fprintf(c.Stderr, "%s: pipe error: %s\n", s.name(), builtins.DescribeErrno(err))
		return interp.ExitStatus(1)
	}
	// The job sees the descriptors open now, not the shell's ends.
	view := s.fdView(ctx, r)
	var job *interp.Runner
	prepare := func(r2 *interp.Runner) {
		job = r2
		st := interpunsafe.GetStreams(r2)
		st.Stdin, st.Stdout = inR, outW
		interpunsafe.SetStreams(r2, st)
		s.execFds.Lock()
		s.execFds.m[r2] = view
		s.execFds.Unlock()
	}
	state := &s.coproc
	ended := func() {
		inR.Close()
		outW.Close()
		s.execFds.Lock()
		delete(s.execFds.m, job)
		s.execFds.Unlock()
		state.Lock()
		if state.name == cs.name {
			state.running = false
		}
		state.Unlock()
	}
	readFd, writeFd := s.addCoprocFds(r, outR, inW)
	state.Lock()
	state.name, state.running = cs.name, true
	state.Unlock()
	pid := s.host.StartJob(ctx, r, c.Stderr, cs.body, cs.text, prepare, ended)
	state.Lock()
	if state.name == cs.name {
		state.pid = pid
	}
	state.Unlock()
	interpunsafe.SetVar(r, cs.name, expand.Variable{Set: true, Kind: expand.Indexed,
		List: []string{strconv.Itoa(readFd), strconv.Itoa(writeFd)}})
	interpunsafe.SetVar(r, cs.name+"_PID", expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(pid)})
	return nil
}

// addCoprocFds gives r's shell the descriptors of a coprocess's ends,
// numbered as bash numbers them (from 63 down), and returns their
// numbers.
func (s *Engine) addCoprocFds(r *interp.Runner, read, write *os.File) (int, int) {
	s.execFds.Lock()
	defer s.execFds.Unlock()
	table, ok := s.execFds.m[r]
	if !ok {
		table = s.execFds.m[s.host.MainRunner()].clone()
		s.execFds.m[r] = table
	}
	free := func(from int) int {
		n := from
		for n > 3 && table[n] != nil {
			n--
		}
		for table[n] != nil { // all of 3-63 taken: go up
			n++
		}
		return n
	}
	rn := free(63)
	table[rn] = &openFile{f: read, w: read, owned: true, cloexec: true}
	wn := free(rn - 1)
	table[wn] = &openFile{f: write, w: write, owned: true, cloexec: true}
	return rn, wn
}
