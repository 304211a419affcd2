package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/linefeed"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// eval and `.` parse their text with nosh's parser and rewrite it as
// top-level code is (so $0, $LINENO, redirections and the rest behave the
// same), then run it statement by statement in the current runner and
// scope, as interp's own would.

// runParsed runs the statements of src in c's runner until one returns,
// exits or breaks out of a loop. It reports a syntax error after running
// what came before it.
func (c *call) runParsed(ctx context.Context, src io.Reader, name string, verbose, startupFile bool) (parseErr error) {
	r := c.R
	interpunsafe.SetExit(r, interpunsafe.Status{})
	ran := false
	if startupFile {
		// Files it sources in turn are not startup files: an error there
		// abandons the line of the startup file that sourced them.
		ctx = context.WithValue(ctx, startupKey{}, false)
	}
	var skipLine uint // after an error in a startup file, the rest of its line
	src, noted := linefeed.ReadAhead(src, func(text string) { c.sh().noteSourceUse(r, text) })
	_, err := c.sh().parseLines(r, linefeed.Buffered(src), verbose, noted, func(st *syntax.Stmt) bool {
		if skipLine != 0 && st.Pos().Line() == skipLine {
			return false
		}
		c.sh().rewrite(st)
		interpunsafe.Stmt(r, ctx, st)
		ran = true
		if startupFile && c.sh().continueStartup(r, name, st.Pos().Line()) {
			skipLine = st.End().Line()
			return false
		}
		if catchAbort(r) {
			// An error abandoned the text; eval or . fails.
			return true
		}
		e := interpunsafe.Exit(r)
		return e.Returning || e.Exiting || *interpunsafe.Break(r) > 0 || *interpunsafe.Continue(r) > 0
	})
	if !ran {
		interpunsafe.SetExit(r, interpunsafe.Status{})
	}
	return err
}

// builtinEval is eval.
func builtinEval(ctx context.Context, c *call) error {
	// eval has no options, but refuses them as bash does.
	args, err := c.options("", nil)
	if err != nil {
		return err
	}
	src := strings.Join(args, " ")
	// Leading newlines put the code on the eval's own line, for $LINENO
	// and messages.
	if line := interp.HandlerCtx(ctx).Pos.Line(); line > 1 {
		src = strings.Repeat("\n", int(line)-1) + src
	}
	if err := c.runParsed(ctx, strings.NewReader(src), "eval", false, false); err != nil {
		c.sh().reportSyntaxTo(c.Stderr, err, "eval")
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 2})
		return c.specialFailed(errKeepStatus, 2)
	}
	return errKeepStatus
}

// reportSyntaxTo prints a parse error as reportSyntax does, to w.
func (s *Shell) reportSyntaxTo(w io.Writer, err error, name string) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		pe.Filename = name
		fmt.Fprintf(w, "%s: %v\n", s.Name, pe)
		return
	}
	fmt.Fprintf(w, "%s: %s: %v\n", s.Name, name, err)
}

// builtinSource is `.` and source: the file is found through PATH when
// its name has no slash (then in the current directory, as bash does),
// and arguments become the positional parameters while it runs.
func builtinSource(ctx context.Context, c *call) error {
	args, err := c.options("", nil)
	if err != nil {
		return err
	}
	c.Args = args
	if len(c.Args) == 0 {
		return c.errorf(2, "filename argument required\n%s: usage: %s", c.Name, builtins.Synopsis(c.Name))
	}
	name := c.Args[0]
	path := c.sourcePath(name)
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return c.errorf(1, "%s: is a directory", name)
	}
	// Through the runner's open handler, like any file the shell reads.
	f, err := interpunsafe.Open(c.R, ctx, path, os.O_RDONLY, 0, false)
	if err != nil {
		if interpunsafe.Exit(c.R).FatalExit {
			return errKeepStatus
		}
		fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.sh().Name, name, describeOpenError(err))
		return c.specialFailed(interp.ExitStatus(1), 1)
	}
	defer f.Close()

	r := c.R
	inSource := interpunsafe.InSource(r)
	setParams := interpunsafe.SourceSetParams(r)
	oldParams, oldInSource, oldSetParams := r.Params, *inSource, *setParams
	hasArgs := len(c.Args) > 1
	if hasArgs {
		r.Params = c.Args[1:]
	}
	*inSource, *setParams = true, false
	// set -v shows a sourced file's lines as they are read, as bash does.
	leave := c.sh().enterSource(r, name)
	perr := c.runParsed(ctx, f, name, true, ctx.Value(startupKey{}) == true)
	leave()
	if hasArgs && !*setParams {
		r.Params = oldParams
	}
	*inSource, *setParams = oldInSource, oldSetParams
	interpunsafe.Exit(r).Returning = false
	if perr != nil {
		c.sh().reportSyntaxTo(c.Stderr, perr, name)
		interpunsafe.SetExit(r, interpunsafe.Status{Code: 2})
		return c.specialFailed(errKeepStatus, 2)
	}
	return errKeepStatus
}

// sourcePath finds the file `.` reads.
func (c *call) sourcePath(name string) string {
	if strings.Contains(name, "/") {
		if filepath.IsAbs(name) {
			return name
		}
		return filepath.Join(c.R.Dir, name)
	}
	for _, dir := range filepath.SplitList(interpunsafe.LookupVar(c.R, "PATH").String()) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.R.Dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return filepath.Join(c.R.Dir, name)
}

// builtinReturn is return: its status defaults to $?, and it works in
// functions and in sourced files.
func builtinReturn(ctx context.Context, c *call) error {
	r := c.R
	def := interpunsafe.LastExit(r).Code
	if st, ok := ctx.Value(signalTrapKey{}).(uint8); ok {
		def = st
	}
	// The status is read first: bash reports a bad one even where
	// return cannot return.
	code, err := c.statusArg(def)
	if err != nil {
		return err
	}
	if !*interpunsafe.InFunc(r) && !*interpunsafe.InSource(r) {
		return c.errorf(2, "can only `return' from a function or sourced script")
	}
	interpunsafe.SetExit(r, interpunsafe.Status{Code: code, Returning: true})
	return errKeepStatus
}

// statusArg reads the optional status argument of exit and return.
func (c *call) statusArg(def uint8) (uint8, error) {
	if len(c.Args) > 0 && c.Args[0] == "--" {
		// No options, but "--" may end them, as for every builtin.
		c.Args = c.Args[1:]
	}
	switch len(c.Args) {
	case 0:
		return def, nil
	case 1:
	default:
		return 0, c.errorf(1, "too many arguments")
	}
	var n int64
	if _, err := fmt.Sscan(strings.TrimSpace(c.Args[0]), &n); err != nil || !builtins.IsInteger(strings.TrimSpace(c.Args[0])) {
		fmt.Fprintf(c.Stderr, "%s: %s: %s: numeric argument required\n", c.sh().Name, c.Name, c.Args[0])
		return 2, nil
	}
	return uint8(n), nil
}
