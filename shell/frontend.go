package shell

import (
	"context"
	"io"
	"nosh/shell/builtins"
	"nosh/shell/internal/dynvars"
	"nosh/shell/internal/options"
	"os"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
	intr "nosh/shell/internal/interrupt"
	"nosh/shell/jobs"
)

// What the layers above the core (shell/repl: the prompt, the line
// editor, history) use of it. The core knows nothing of them: they add
// their builtins with Register and drive the shell through these methods.

// ErrKeepStatus is what a builtin returns when it ran shell code itself
// (builtins.Call.Eval): the runner's exit state is its result.
var ErrKeepStatus = errKeepStatus

// Register adds (or replaces) the builtin name, a builtins.Func as every
// builtin is. Functions of the same name win, as for every builtin.
func (s *Shell) Register(name string, f builtins.Func) {
	s.builtins[name] = f
}

// Stdio returns the shell's own standard input, output and error (the
// terminal, for an interactive shell).
func (s *Shell) Stdio() (stdin *os.File, stdout, stderr io.Writer) {
	return s.stdin, s.stdout, s.stderr
}

// Getenv returns the value of the shell variable name ("" when unset),
// so that a variable set in the session counts at once.
func (s *Shell) Getenv(name string) string { return s.getenv(name) }

// getenv is Getenv.
func (s *Shell) getenv(name string) string {
	v, _ := s.Var(name)
	return v
}

// Option reports whether one of the shell's own `set -o` options (such
// as ignoreeof or histexpand) is on.
func (s *Shell) Option(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.flags.ByName(name)
	return p != nil && *p
}

// ShoptOn reports whether the shopt option name is on.
func (s *Shell) ShoptOn(name string) bool { return s.shoptOn(name) }

// ShoptNames lists the shopt options, sorted.
func (s *Shell) ShoptNames() []string { return options.ShoptNames() }

// SetLineEditor gives read -e the interactive shell's line editor (nil
// for none). Only the interactive front end, before it runs commands,
// sets it.
func (s *Shell) SetLineEditor(f builtins.LineEditFunc) { s.lineEditor = f }

// SetEditingMode records vi (true) or emacs mode in the shell's options,
// as set -o vi / set -o emacs do. explicit marks a choice made by the
// user (set -o, bind, config) rather than a default.
func (s *Shell) SetEditingMode(vi, explicit bool) { s.setEditingMode(vi, explicit) }

// setEditingMode is SetEditingMode.
func (s *Shell) setEditingMode(vi, explicit bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flags.Vi, s.flags.Emacs = vi, !vi
	if explicit {
		s.flags.ModeChosen = true
	}
}

// ViMode reports whether set -o vi is on, and whether a mode was chosen
// explicitly.
func (s *Shell) ViMode() (vi, chosen bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flags.Vi, s.flags.ModeChosen
}

// UpdateWinSize sets COLUMNS and LINES from the terminal's size.
func (s *Shell) UpdateWinSize() { s.updateWinSize(s.Runner) }

// SetWinSize sets COLUMNS and LINES to a size the caller knows, as
// UpdateWinSize would after asking the terminal.
func (s *Shell) SetWinSize(cols, rows int) {
	if s.Runner != nil {
		dynvars.SetWinSize(s.Runner, cols, rows)
	}
}

// BuiltinNames lists nosh's own builtins (interp's are not included).
func (s *Shell) BuiltinNames() []string { return s.builtinNames() }

// Aliases returns the aliases of the main runner, by name.
func (s *Shell) Aliases() map[string]string { return aliases(s.Runner) }

// HasAlias reports whether name is an alias in the main runner.
func (s *Shell) HasAlias(name string) bool { return hasAlias(s.Runner, name) }

// Jobs is the shell's job table.
func (s *Shell) Jobs() *jobs.Table { return s.jobs() }

// ExpandString expands the parameters, command substitutions and
// arithmetic in text, as for PS1 and $ENV.
func (s *Shell) ExpandString(ctx context.Context, text string) string {
	return s.expandPromptVars(ctx, text)
}

// ReportSyntax prints a parse error to standard error as
// NAME: FILE:LINE:COL: message.
func (s *Shell) ReportSyntax(err error, name string) { s.reportSyntax(err, name) }

// ReportSyntaxTo prints a parse error as ReportSyntax does, to w.
func (s *Shell) ReportSyntaxTo(w io.Writer, err error, name string) {
	s.reportSyntaxTo(w, err, name)
}

// LineParser is the parser of the lines typed at the prompt, made once
// and used only by the goroutine that reads and runs them.
func (s *Shell) LineParser() *syntax.Parser { return s.lineParser() }

// ExpandAliasesIn returns text with the main runner's aliases expanded,
// as the lines of one command line typed at the prompt.
func (s *Shell) ExpandAliasesIn(text string) string { return s.expandAliasesIn(text) }

// ConfirmExit is called when an interactive shell is about to exit on
// end of input: with stopped jobs it warns and returns false the first
// time, as bash does.
func (s *Shell) ConfirmExit() bool { return s.confirmExit() }

// BeforePrompt does what comes before each prompt: the shell takes its
// terminal back, runs the traps of signals that arrived and reports the
// jobs that finished or stopped. exit is set when a trap ran exit, with
// the status to exit with.
func (s *Shell) BeforePrompt(ctx context.Context) (exit bool, status int) {
	return s.beforePrompt(ctx)
}

// ErrNoTerminal is StartJobControl's error when standard input is not a
// terminal: not worth a warning.
var ErrNoTerminal = errNoTerminal

// StartJobControl sets up the signals an interactive shell handles and,
// when tty is a terminal, turns job control on.
func (s *Shell) StartJobControl(tty *os.File) error { return s.initJobControl(tty) }

// StopJobControl is run when the interactive shell exits: it hangs up or
// ends its jobs and gives the terminal back.
func (s *Shell) StopJobControl() { s.leaveJobControl() }

// SetStartup says whether the interactive shell is reading its startup
// files, where an error goes on with the file's next line.
func (s *Shell) SetStartup(on bool) {
	s.mu.Lock()
	s.startup = on
	s.mu.Unlock()
}

// SourceFile runs a startup file in the current shell. optional: a file
// that does not exist is no error.
func (s *Shell) SourceFile(ctx context.Context, path string, optional bool) (exited bool, status int) {
	return s.sourceFile(ctx, path, optional)
}

// RunQuoted runs prefix followed by each arg quoted as one word, e.g.
// RunQuoted(ctx, "vi ", path).
func (s *Shell) RunQuoted(ctx context.Context, prefix string, args ...string) (exit bool, status int) {
	return s.runQuoted(ctx, prefix, args...)
}

// RunStmts runs parsed statements as one line typed at the prompt: each
// gets its own context, cancelled by an interrupt (Ctrl+C), and an
// interrupt or an error abandons the rest of the line, as in bash.
func (s *Shell) RunStmts(ctx context.Context, stmts []*syntax.Stmt, interrupts <-chan os.Signal) (exit bool, status int) {
	for _, st := range stmts {
		// The cancellation says it is Ctrl+C's, as the shell's own
		// handler does: whichever of the two sees the key first, the
		// statement counts as interrupted and the rest of the line is
		// dropped. A builtin that returns a status of its own when
		// cancelled (read: 1) let the line go on when this watch came
		// first.
		runCtx, cancel := context.WithCancelCause(ctx)
		stop := intr.Watch(interrupts, func() { cancel(errInterrupted) })
		exit, status = s.RunStmt(runCtx, st)
		// An exit inside an ERR or EXIT trap is only seen here.
		exit, status = s.AfterStatement(runCtx, exit, status)
		stop()
		cancel(nil)
		if exit {
			return true, status
		}
		if s.lineInterrupted() || s.lineAborted() {
			break
		}
	}
	return false, status
}

// RunSource runs shell code in r quietly, as a completion does: its
// status is returned and the runner's last status is left as it was.
// inside says r is running a statement already (compgen): the code then
// runs in it; otherwise (from the line editor, the main runner idle) each
// statement runs as one of its own.
func (s *Shell) RunSource(ctx context.Context, r *interp.Runner, src string, inside bool) (status int) {
	f, err := s.Parser().Parse(strings.NewReader(src), "")
	if err != nil {
		return 2
	}
	saved := *interpunsafe.LastExit(r)
	for _, st := range f.Stmts {
		s.rewrite(st)
		if inside {
			interpunsafe.Stmt(r, ctx, st)
			status = int(interpunsafe.Exit(r).Code)
		} else {
			status = max(exitStatusOf(r.Run(ctx, st)), 0)
		}
	}
	*interpunsafe.LastExit(r) = saved
	if inside {
		interpunsafe.SetExit(r, interpunsafe.Status{})
	}
	return status
}

// DescribeOpenError says why a file could not be opened, as bash words
// it ("No such file or directory").
func DescribeOpenError(err error) string { return describeOpenError(err) }

// ExitStatusOf maps a Run error to a status: 0 for nil, N for an exit
// status, 130 for a cancelled context, -1 for anything else.
func ExitStatusOf(err error) int { return exitStatusOf(err) }
