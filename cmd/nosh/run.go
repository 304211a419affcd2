package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/term"

	"nosh/config/dialect"
	"nosh/shell"
	"nosh/shell/assistant"
	"nosh/shell/repl"
)

// version is nosh's version, set at build time with
// -ldflags '-X main.version=…'.
var version = "0.1.0-dev"

const usageText = `usage: nosh [options] [-c STRING [NAME [ARG...]] | FILE [ARG...] | -s [ARG...]]
       nosh ask TEXT...   translate TEXT into a command and print it
       nosh perms list|allow|deny|rm|check ...
       nosh doctor [--live]
       nosh log

options:
  -c STRING        run STRING; NAME becomes $0 and ARGs the positional parameters
  -s               read commands from standard input (the default without FILE)
  -i               interactive, even when standard input is not a terminal
  -l, --login      a login shell: read /etc/profile and ~/.profile first
  -e -u -x -v -f -n -C -a -o NAME, and + to turn them off: as in set
  --norc           do not read init.sh (or $ENV)
  --noprofile      do not read /etc/profile or ~/.profile
  --rcfile FILE    read FILE instead of init.sh
  -O NAME, +O NAME set or unset a shopt option (-O alone lists them)
  --posix          POSIX mode, as bash's (also when invoked as sh)
  --version, --help
`

// run runs nosh with the given argv and returns its exit status. A first
// argument that is a subcommand word (ask, perms, doctor, log) runs that
// subcommand; anything else is the shell, so `nosh ./ask` runs a script.
func run(argv []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(argv) > 1 {
		switch argv[1] {
		case "ask":
			return assistant.Ask(argv[2:], stdout, stderr)
		case "perms":
			return permsMain(argv[2:], stdout, stderr)
		case "doctor":
			return doctorMain(argv[2:], stdout, stderr)
		case "log":
			return logMain(argv[2:], stdout, stderr)
		}
	}
	return runShell(argv, stdin, stdout, stderr)
}

// runShell runs nosh as a shell.
func runShell(argv []string, stdin *os.File, stdout, stderr io.Writer) int {
	opts, err := ParseOptions(argv)
	if err != nil {
		fmt.Fprintf(stderr, "nosh: %v\n%s", err, usageText)
		return 2
	}
	if opts.Help {
		fmt.Fprint(stdout, usageText)
		return 0
	}
	if opts.Version {
		fmt.Fprintf(stdout, "nosh %s\n", version)
		return 0
	}
	interactive := opts.Interactive
	if !opts.InteractiveSet {
		interactive = !opts.HasCommand && opts.Script == "" &&
			isTerminal(stdin) && isTerminal(stderr)
	}
	// The environment is read before the editor's build may change
	// $INPUTRC for a moment (newBlankReadline).
	env := os.Environ()
	var early *repl.EarlyEditor
	if interactive && isTerminal(stdin) && isTerminal(stdout) {
		// The editor is the costliest part of an interactive start:
		// building it starts first, beside everything else.
		early = repl.BuildEditorEarly()
	}
	sh, err := shell.New(shell.Config{
		// POSIX mode changes what the shell does, not what it parses, as
		// in bash.
		Dialect:     dialect.Bash,
		Posix:       opts.Posix,
		Name:        filepath.Base(opts.Name),
		Args:        opts.Args,
		Interactive: interactive,
		Login:       opts.Login,
		Stdin:       stdin,
		Stdout:      stdout,
		Stderr:      stderr,
		Env:         env,
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	// $0 for error messages is "nosh" for -c and stdin, the script path
	// otherwise; the NAME operand of -c is only $0.
	sh.Name = "nosh"
	sh.SetArg0(opts.Name)
	sh.SetSource(opts.HasCommand, !opts.HasCommand && opts.Script == "")
	ctx := context.Background()
	if len(opts.Set) > 0 {
		if exit, st := sh.SetOptions(ctx, opts.Set); exit || st != 0 {
			return 2
		}
	}
	if st := sh.ShoptOptions(ctx, opts.Shopt); st != 0 {
		return st
	}
	// The REPL's builtins (history, fc, bind, complete, compgen,
	// compopt) are every shell's, as in bash.
	rs := repl.Attach(sh)
	if interactive {
		return rs.Run(ctx, repl.Options{
			Login: opts.Login, NoProfile: opts.NoProfile, NoRC: opts.NoRC, RCFile: opts.RCFile,
			Editor: early, Version: version,
			HasCommand: opts.HasCommand, Command: opts.Command,
		})
	}
	if opts.Login && !opts.NoProfile {
		if exited, st := sh.SourceProfile(ctx); exited {
			return st
		}
	}
	var status int
	var exited bool
	switch {
	case opts.HasCommand:
		status, exited = sh.RunString(ctx, opts.Command, "-c")
	case opts.Script != "":
		status, exited = sh.RunFile(ctx, opts.Script)
	default:
		status, exited = sh.RunReader(ctx, stdin, "stdin")
	}
	if exited {
		return status
	}
	return sh.Exit(ctx, status)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && f != nil && term.IsTerminal(int(f.Fd()))
}
