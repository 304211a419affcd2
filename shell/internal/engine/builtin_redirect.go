package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/internal/interpunsafe"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Redirections, performed by nosh for every statement that has any
// (but plain here-documents on standard input): interp knows only
// descriptors 0, 1 and 2, has no <>, >|, <&N or noclobber.
//
// Descriptors 0-2 are the runner's streams. Descriptors from 3 up live in
// tables: one carried by the context while a redirected command runs
// (cmd 3>f), and one per runner for those that `exec` opened.

// openFile is what a file descriptor refers to.
type openFile struct {
	f      *os.File  // nil when the stream is not a file (a command substitution's buffer)
	w      io.Writer // where output goes: f, or that writer
	owned  bool      // nosh opened f and closes it when no descriptor is left on it
	closer io.Closer // a stream that is not a file but that nosh opened
	// cloexec keeps the descriptor from programs (a coprocess's ends).
	cloexec bool
}

// close closes what nosh opened for o.
func (o *openFile) close() {
	switch {
	case o.owned && o.f != nil:
		o.f.Close()
	case o.closer != nil:
		o.closer.Close()
	}
}

// fdTable maps descriptors from 3 up to what they refer to; a nil entry
// is a descriptor closed in this scope.
type fdTable map[int]*openFile

func (t fdTable) clone() fdTable {
	out := make(fdTable, len(t))
	for n, o := range t {
		out[n] = o
	}
	return out
}

type fdScopeKey struct{}

// execFdTables holds, per runner, the descriptors from 3 up that `exec`
// opened (Engine.execFds). A runner not in the table (a subshell) sees the
// main shell's.
type execFdTables struct {
	sync.Mutex
	m map[*interp.Runner]fdTable
}

// fdView returns every open descriptor from 3 up that a command run by r
// in ctx can use.
func (s *Engine) fdView(ctx context.Context, r *interp.Runner) fdTable {
	s.execFds.Lock()
	base, ok := s.execFds.m[r]
	if !ok {
		base = s.execFds.m[s.host.MainRunner()]
	}
	view := base.clone()
	s.execFds.Unlock()
	if scoped, ok := ctx.Value(fdScopeKey{}).(fdTable); ok {
		for n, o := range scoped {
			view[n] = o
		}
	}
	for n, o := range view {
		if o == nil {
			delete(view, n)
		}
	}
	return view
}

// ChildFiles returns the descriptors from 3 up that a program started in
// ctx inherits, for exec.Cmd.ExtraFiles (index i is descriptor 3+i).
func (s *Engine) ChildFiles(ctx context.Context) []*os.File {
	r := interpunsafe.Of(interp.HandlerCtx(ctx))
	if r == nil {
		return nil
	}
	view := s.fdView(ctx, r)
	maxFd := 2
	for n, o := range view {
		if o.cloexec {
			delete(view, n)
		} else if o.f != nil && n > maxFd {
			maxFd = n
		}
	}
	if maxFd < 3 {
		return nil
	}
	files := make([]*os.File, maxFd-2)
	for n, o := range view {
		if o.f != nil {
			files[n-3] = o.f
		}
	}
	return files
}

// redirState is the descriptors while a statement's redirections are
// performed, left to right.
type redirState struct {
	std     [3]*openFile
	touched [3]bool
	// inClosed is set when standard input was closed (<&-) before.
	inClosed bool
	fds      fdTable
	changed  map[int]bool // descriptors from 3 up that this statement set
	opened   []*openFile  // files opened for this statement
}

func newRedirState(cur interpunsafe.Streams, fds fdTable) *redirState {
	st := &redirState{fds: fds, changed: map[int]bool{}}
	switch {
	case cur.Stdin == nil:
	case isClosedInput(cur.Stdin):
		st.inClosed = true
	default:
		st.std[0] = &openFile{f: cur.Stdin, w: cur.Stdin}
	}
	for i, w := range []io.Writer{cur.Stdout, cur.Stderr} {
		if w == nil {
			continue
		}
		if IsClosed(w) {
			continue
		}
		o := &openFile{w: w}
		o.f, _ = w.(*os.File)
		st.std[i+1] = o
	}
	return st
}

func (st *redirState) get(n int) *openFile {
	if n < 3 {
		return st.std[n]
	}
	return st.fds[n]
}

func (st *redirState) set(n int, o *openFile) {
	if n < 3 {
		st.std[n] = o
		st.touched[n] = true
		return
	}
	st.fds[n] = o
	st.changed[n] = true
}

// streams returns the runner streams for the descriptors 0-2 now.
func (st *redirState) streams() interpunsafe.Streams {
	var out interpunsafe.Streams
	if o := st.std[0]; o != nil {
		out.Stdin = o.f
	} else if st.touched[0] || st.inClosed {
		out.Stdin = closedInput()
	}
	if o := st.std[1]; o != nil {
		out.Stdout = o.w
	} else {
		out.Stdout = closedOutput()
	}
	if o := st.std[2]; o != nil {
		out.Stderr = o.w
	} else {
		out.Stderr = closedOutput()
	}
	return out
}

// closedOutput stands for a closed output descriptor (>&-). nosh's
// builtins refuse to write to it (Bad file descriptor); programs get
// closedForPrograms, since interp cannot start one with the descriptor
// closed.
// It is opened on first use, not at start-up, nor to compare a stream
// with it (IsClosed): a shell near its limit of open files (ulimit -n)
// has none to spare.
var closedOutput = sync.OnceValue(func() *os.File {
	f := openDevNull()
	closedOutputFile.Store(f)
	return f
})

// closedOutputFile and closedInputFile are closedOutput's and
// closedInput's files once opened.
var closedOutputFile, closedInputFile atomic.Pointer[os.File]

// IsClosed reports whether w stands for a closed descriptor (>&-).
func IsClosed(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && f != nil && f == closedOutputFile.Load()
}

// isClosedInput reports whether f stands for a closed standard input.
func isClosedInput(f *os.File) bool { return f != nil && f == closedInputFile.Load() }

// closedInput stands for a closed standard input (<&-): /dev/null open
// for writing only, so that a builtin or a program reading it fails with
// "Bad file descriptor", as it would with the descriptor closed.
var closedInput = sync.OnceValue(func() *os.File {
	f := openDevNullMode(os.O_WRONLY)
	closedInputFile.Store(f)
	return f
})

// closedForPrograms is what a program gets for a closed output (>&-):
// /dev/null open for reading only, so that its writes fail with "Bad file
// descriptor", as with the descriptor closed.
var closedForPrograms = sync.OnceValue(func() *os.File { return openDevNullMode(os.O_RDONLY) })

// ProgramStream returns the file a program gets for one of the shell's
// standard streams.
func ProgramStream(w io.Writer) io.Writer {
	if IsClosed(w) {
		return closedForPrograms()
	}
	return w
}

func openDevNull() *os.File { return openDevNullMode(os.O_WRONLY) }

func openDevNullMode(mode int) *os.File {
	f, err := os.OpenFile(os.DevNull, mode, 0)
	if err != nil {
		panic(fmt.Sprintf("nosh: opening %s: %v", os.DevNull, err))
	}
	return f
}

// builtinRedir runs a statement with its redirections (see rewriteStmt).
func builtinRedir(ctx context.Context, c *call) error {
	rs, ok := c.sh().stash.get(FirstArg(c.Args)).(*redirStash)
	if !ok {
		return fmt.Errorf("nosh: lost redirections %q", c.Args)
	}
	r := c.R
	saved := interpunsafe.GetStreams(r)
	st := newRedirState(saved, c.sh().fdView(ctx, r))
	lastExpand := interpunsafe.LastExpandExit(r)
	*lastExpand = interpunsafe.Status{}
	cmd := rs.cmd
	if call := c.sh().redirCall(cmd); call != nil && !rs.exec {
		// The words first (redir_expand_first.go).
		var ok bool
		if cmd, ok = c.expandBeforeRedirs(call); !ok {
			return errKeepStatus
		}
	}
	for i, rd := range rs.redirs {
		text := ""
		if rs.texts != nil {
			text = rs.texts[i]
		}
		if err := c.sh().applyRedir(ctx, r, st, rd, text); err != nil {
			for _, o := range st.opened {
				o.close()
			}
			if errors.Is(err, errExpansion) {
				c.sh().abortLine(r)
			} else {
				w := io.Writer(closedOutput())
				if o := st.std[2]; o != nil {
					w = o.w
				}
				fmt.Fprintf(w, "%s: %v\n", c.sh().name(), err)
				interpunsafe.SetExit(r, interpunsafe.Status{Code: 1})
			}
			return c.sh().host.SpecialFailed(c.sh().commandName(rs.cmd), errKeepStatus, 1)
		}
	}
	if rs.exec {
		c.sh().persistRedirs(r, saved, st)
		interpunsafe.SetExit(r, interpunsafe.Status{})
		return errKeepStatus
	}
	if rs.cmd == nil {
		for _, o := range st.opened {
			o.close()
		}
		// Redirections alone: the status of the last command
		// substitution in them, as with assignments alone.
		interpunsafe.SetExit(r, interpunsafe.Status{Code: lastExpand.Code})
		return errKeepStatus
	}
	now := st.streams()
	interpunsafe.SetStreams(r, now)
	scoped := st.fds
	if len(st.changed) == 0 {
		scoped = nil
	}
	inner := ctx
	outerEctx := interpunsafe.ExpandContext(r)
	if scoped != nil {
		// Command substitutions in the command see the descriptors too.
		inner = context.WithValue(ctx, fdScopeKey{}, scoped)
		interpunsafe.FillExpandConfig(r, inner)
	}
	interpunsafe.SetExit(r, interpunsafe.Status{})
	interpunsafe.Cmd(r, inner, cmd)
	if scoped != nil {
		interpunsafe.FillExpandConfig(r, outerEctx)
	}
	// Put back only the streams this statement redirected: an `exec`
	// inside a redirected group changes the shell's own.
	after := interpunsafe.GetStreams(r)
	if st.touched[0] && after.Stdin == now.Stdin {
		after.Stdin = saved.Stdin
	}
	if st.touched[1] && after.Stdout == now.Stdout {
		after.Stdout = saved.Stdout
	}
	if st.touched[2] && after.Stderr == now.Stderr {
		after.Stderr = saved.Stderr
	}
	interpunsafe.SetStreams(r, after)
	for _, o := range st.opened {
		o.close()
	}
	return errKeepStatus
}

func FirstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// persistRedirs makes the redirections of a bare `exec` the shell's own.
func (s *Engine) persistRedirs(r *interp.Runner, saved interpunsafe.Streams, st *redirState) {
	s.execFds.Lock()
	defer s.execFds.Unlock()
	table, ok := s.execFds.m[r]
	if !ok {
		table = s.execFds.m[s.host.MainRunner()].clone()
		s.execFds.m[r] = table
	}
	var replaced []*openFile
	for n := range st.changed {
		if old := table[n]; old != nil {
			replaced = append(replaced, old)
		}
		if o := st.fds[n]; o != nil {
			table[n] = o
		} else {
			delete(table, n)
		}
	}
	old := newRedirState(saved, nil)
	for i := range 3 {
		if st.touched[i] && old.std[i] != nil {
			replaced = append(replaced, old.std[i])
		}
	}
	interpunsafe.SetStreams(r, st.streams())
	// A file that no descriptor refers to any more is closed, as the
	// kernel would.
	now := interpunsafe.GetStreams(r)
	inUse := func(o *openFile) bool {
		if o.f != nil && (now.Stdin == o.f || now.Stdout == io.Writer(o.f) || now.Stderr == io.Writer(o.f)) {
			return true
		}
		for _, t := range table {
			if t == o || (o.f != nil && t.f == o.f) {
				return true
			}
		}
		return false
	}
	for _, o := range replaced {
		if !inUse(o) {
			o.close()
		}
	}
}

// errExpansion is a redirection whose word failed to expand; interp has
// reported it already.
var errExpansion = errors.New("expansion failed")

// applyRedir performs one redirection on st.
func (s *Engine) applyRedir(ctx context.Context, r *interp.Runner, st *redirState, rd *syntax.Redirect, text string) error {
	n, err := s.redirFd(r, st, rd)
	if err != nil {
		return err
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		var body string
		if rd.Op == syntax.WordHdoc {
			w, err := redirWordLiteral(r, rd.Word)
			if err != nil {
				return err
			}
			body = w + "\n"
		} else {
			body, err = hdocBody(r, rd)
			if err != nil {
				return err
			}
		}
		f, err := hdocFile(body)
		if err != nil {
			return err
		}
		o := &openFile{f: f, w: f, owned: true}
		st.opened = append(st.opened, o)
		st.set(n, o)
		return nil
	}
	target, err := redirTarget(r, rd.Word, text, s.posixMode() && !s.host.IsInteractive())
	if err != nil {
		return err
	}
	switch rd.Op {
	case syntax.DplIn, syntax.DplOut:
		if target == "-" {
			st.set(n, nil)
			return nil
		}
		if m, err := strconv.Atoi(target); err == nil && m >= 0 {
			src := st.get(m)
			if src == nil {
				return fmt.Errorf("%d: Bad file descriptor", m)
			}
			if n == 0 && src.f == nil {
				return fmt.Errorf("%d: Bad file descriptor", m)
			}
			st.set(n, &openFile{f: src.f, w: src.w})
			return nil
		}
		if rd.Op == syntax.DplOut && (rd.N == nil || n == 1) {
			// >&file is &>file.
			o, err := s.openRedir(ctx, r, target, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC, true)
			if err != nil {
				return err
			}
			st.opened = append(st.opened, o)
			st.set(1, o)
			st.set(2, o)
			return nil
		}
		return fmt.Errorf("%s: ambiguous redirect", target)
	}
	var flags int
	clobberCheck := false
	switch rd.Op {
	case syntax.RdrIn:
		flags = syscall.O_RDONLY
	case syntax.RdrOut, syntax.RdrAll:
		flags = syscall.O_WRONLY | syscall.O_CREAT | syscall.O_TRUNC
		clobberCheck = true
	case syntax.RdrClob, syntax.RdrAllClob:
		flags = syscall.O_WRONLY | syscall.O_CREAT | syscall.O_TRUNC
	case syntax.AppOut, syntax.AppAll, syntax.AppClob, syntax.AppAllClob:
		flags = syscall.O_WRONLY | syscall.O_CREAT | syscall.O_APPEND
	case syntax.RdrInOut:
		flags = syscall.O_RDWR | syscall.O_CREAT
	default:
		return fmt.Errorf("unsupported redirection %v", rd.Op)
	}
	o, err := s.openRedir(ctx, r, target, flags, clobberCheck)
	if err != nil {
		return err
	}
	st.opened = append(st.opened, o)
	switch rd.Op {
	case syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
		st.set(1, o)
		st.set(2, o)
	default:
		st.set(n, o)
	}
	return nil
}

// redirFd returns the descriptor a redirection applies to. A {name}
// descriptor is allocated from 10 up and its number stored in name.
func (s *Engine) redirFd(r *interp.Runner, st *redirState, rd *syntax.Redirect) (int, error) {
	if rd.N == nil {
		switch rd.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return 0, nil
		}
		return 1, nil
	}
	v := rd.N.Value
	if name, ok := strings.CutPrefix(v, "{"); ok {
		name = strings.TrimSuffix(name, "}")
		if isCloseRedir(rd) {
			n, err := strconv.Atoi(fdVarValue(r, name))
			if err != nil {
				return 0, fmt.Errorf("%s: ambiguous redirect", v)
			}
			return n, nil
		}
		n := 10
		for st.get(n) != nil {
			n++
		}
		if err := interpunsafe.SetString(r, name, strconv.Itoa(n)); err != nil {
			return 0, err
		}
		return n, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: bad file descriptor", v)
	}
	return n, nil
}

// fdVarValue is the value of the variable of a {name} redirection; name
// may be an array element, as in `exec {COPROC[1]}>&-`.
func fdVarValue(r *interp.Runner, name string) string {
	if !strings.HasSuffix(name, "]") {
		return interpunsafe.LookupVar(r, name).String()
	}
	w, err := syntax.NewParser().Document(strings.NewReader("${" + name + "}"))
	if err != nil {
		return ""
	}
	v, err := expand.Literal(interpunsafe.ExpandConfig(r), w)
	if err != nil {
		return ""
	}
	return v
}

func isCloseRedir(rd *syntax.Redirect) bool {
	return (rd.Op == syntax.DplIn || rd.Op == syntax.DplOut) && rd.Word != nil && rd.Word.Lit() == "-"
}

// hdocPipeMax is how much a pipe holds without a reader on Linux.
const hdocPipeMax = 64 << 10

// hdocFile returns a file to read a here-document's body from, written
// in full before it is returned, as bash does: a pipe when the body fits
// in one, else an unlinked temporary file. (A goroutine writing into a
// pipe would be lost when `exec cmd <<EOF` replaces the process.)
func hdocFile(body string) (*os.File, error) {
	if len(body) <= hdocPipeMax {
		pr, pw, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		_, err = io.WriteString(pw, body)
		pw.Close()
		if err != nil {
			pr.Close()
			return nil, err
		}
		return pr, nil
	}
	f, err := os.CreateTemp("", "nosh-hdoc-")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	if _, err := io.WriteString(f, body); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
