package shell

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"nosh/shell/internal/engine"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/jobs"
)

// execMiddleware ends the handler chain: it runs external programs.
func (s *Shell) execMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		return s.execExternal(ctx, args, "")
	}
}

// lookPath finds the program for name the way a shell does: names with a
// slash are paths relative to the shell's directory; others are looked up
// in PATH (or in path, when not empty), with the hash table consulted first.
func (s *Shell) lookPath(hc interp.HandlerContext, name, path string) (string, error) {
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(hc.Dir, p)
		}
		fi, err := os.Stat(p)
		if err != nil {
			return "", &lookupError{name: name, status: 127, msg: "No such file or directory"}
		}
		if fi.IsDir() {
			return "", &lookupError{name: name, status: 126, msg: "Is a directory"}
		}
		if fi.Mode()&0o111 == 0 {
			return "", &lookupError{name: name, status: 126, msg: "Permission denied"}
		}
		return p, nil
	}
	if path == "" {
		s.mu.Lock()
		hashed, ok := s.hashs[name]
		s.mu.Unlock()
		if ok && isExecutable(hashed) {
			return hashed, nil
		}
		path = hc.Env.Get("PATH").String()
	}
	p, err := findInPath(hc.Dir, path, name)
	if err != nil {
		return "", err
	}
	if s.flags.Hashall && fromAbsoluteEntry(path, p) {
		// A command found through a relative entry (., or empty) is
		// not remembered: it depends on the current directory.
		s.mu.Lock()
		s.hashs[name] = p
		s.mu.Unlock()
	}
	return p, nil
}

// fromAbsoluteEntry reports whether p, found in path, is in one of its
// absolute directories.
func fromAbsoluteEntry(path, p string) bool {
	dir := filepath.Dir(p)
	for _, entry := range filepath.SplitList(path) {
		if filepath.IsAbs(entry) && filepath.Clean(entry) == dir {
			return true
		}
	}
	return false
}

// lookPathFor is lookPath for a command run under ctx: an agent
// command neither uses nor fills the hash table, which is the user's
// shell's (a program it found through its own PATH must not become what
// the user runs later).
func (s *Shell) lookPathFor(ctx context.Context, hc interp.HandlerContext, name, path string) (string, error) {
	if !isAgentCommand(ctx) || strings.Contains(name, "/") {
		return s.lookPath(hc, name, path)
	}
	if path == "" {
		path = hc.Env.Get("PATH").String()
	}
	return findInPath(hc.Dir, path, name)
}

// lookupError is a command that cannot be run, with the status a shell
// gives it: 127 not found, 126 found but not executable.
type lookupError struct {
	name   string
	status int
	msg    string
}

func (e *lookupError) Error() string { return e.name + ": " + e.msg }

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// findInPath searches path for an executable regular file called name.
// A match that exists but is not executable is remembered, so that the
// error is "Permission denied" (126) rather than "not found" (127).
func findInPath(dir, path, name string) (string, error) {
	denied := ""
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		p := filepath.Join(d, name)
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() {
			continue
		}
		if fi.Mode()&0o111 != 0 {
			return p, nil
		}
		if denied == "" {
			denied = p
		}
	}
	if denied != "" {
		return "", &lookupError{name: name, status: 126, msg: "Permission denied"}
	}
	return "", &lookupError{name: name, status: 127, msg: "command not found"}
}

// execEnv lists the exported variables as NAME=value. nosh's private
// variables (their names have a NUL byte) never leave the shell, even
// when set -a exported them: no program could be started with one
// (execve refuses it).
func execEnv(env expand.Environ) []string {
	var list []string
	for name, vr := range env.Each {
		if !vr.Exported || !vr.IsSet() || strings.IndexByte(name, 0) >= 0 {
			continue
		}
		if vr.Kind == expand.String || vr.Kind == expand.Unknown {
			list = append(list, name+"="+vr.String())
		}
	}
	return list
}

// execExternal runs a program and waits for it. path, when not empty,
// replaces $PATH for the lookup (command -p). The process joins the job
// of the statement (or background command) that runs it; see
// jobs_exec.go.
func (s *Shell) execExternal(ctx context.Context, args []string, path string) error {
	hc := interp.HandlerCtx(ctx)
	prog, err := s.lookPathFor(ctx, hc, args[0], path)
	if err != nil {
		if done, err := s.autocd(ctx, hc, args); done {
			return err
		}
		return s.reportLookup(hc, err)
	}
	// An AI command's program may run confined, under a launcher, with
	// its environment changed (guard.go). A program finds its own path
	// in $_, as bash passes it.
	path, argv, env, sandboxed := guardedProgram(ctx, prog, args, append(execEnv(hc.Env), "_="+prog))
	path, argv, env = s.launchWithSignals(ctx, path, argv, env)
	dir, release := s.childDir(hc.Dir)
	// An agent's program starts in a session of its own, with no
	// controlling terminal: /dev/tty is no way to the user's keys or
	// screen (its input is /dev/null, its output the conversation's).
	agent := isAgentCommand(ctx)
	build := func() *exec.Cmd {
		var a *syscall.SysProcAttr
		if agent {
			a = &syscall.SysProcAttr{Setsid: true}
		}
		return &exec.Cmd{
			SysProcAttr: a,
			Path:        path,
			Args:        argv,
			Env:         env,
			Dir:         dir,
			Stdin:       hc.Stdin,
			Stdout:      engine.ProgramStream(hc.Stdout),
			Stderr:      engine.ProgramStream(hc.Stderr),
			// Descriptors above 2 opened by redirections (exec 3>f).
			ExtraFiles: s.eng.ChildFiles(ctx),
		}
	}
	ref := refFrom(ctx)
	j := s.processJob(ref)
	p, err := j.Start(build, int(hc.Pos.Offset()), s.jobTTY())
	release()
	if sandboxed && err == nil {
		// The agent may signal and wait for it, and it ends with the run.
		agentProcsOf(ctx).note(p, j)
	}
	if errors.Is(err, jobs.ErrKilled) {
		return interp.ExitStatus(128 + int(j.KilledBy()))
	}
	if errors.Is(err, syscall.ENOEXEC) {
		// A script without a #! line: run it with a new nosh, as POSIX asks.
		return s.execExternal(ctx, append([]string{selfPath(), prog}, args[1:]...), "")
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && errors.Is(pe.Err, syscall.EACCES) {
			return s.reportLookup(hc, &lookupError{name: args[0], status: 126, msg: "Permission denied"})
		}
		if errors.Is(err, syscall.ENOENT) {
			// The program exists (lookPath found it): what is missing is
			// its #! interpreter, or the directory to start it in.
			return s.reportLookup(hc, missingForStart(args[0], prog, hc.Dir))
		}
		fmt.Fprintf(hc.Stderr, "%s: %s: %s\n", s.Name, args[0], describeErrno(err))
		return interp.ExitStatus(126)
	}
	err = s.waitProcess(ctx, hc, ref, j, p)
	s.settleSignals(ctx)
	return err
}

// waitStatus turns the result of exec.Cmd.Wait into a shell status:
// the exit code, or 128+N for a process killed by signal N.
func waitStatus(err error) error {
	if err == nil {
		return nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return interp.ExitStatus(128 + int(ws.Signal()))
		}
		return interp.ExitStatus(ee.ExitCode())
	}
	if errors.Is(err, exec.ErrWaitDelay) {
		return nil
	}
	return err
}

func (s *Shell) reportLookup(hc interp.HandlerContext, err error) error {
	var le *lookupError
	if errors.As(err, &le) {
		fmt.Fprintf(hc.Stderr, "%s: %s: %s\n", s.Name, le.name, le.msg)
		return interp.ExitStatus(le.status)
	}
	fmt.Fprintf(hc.Stderr, "%s: %v\n", s.Name, err)
	return interp.ExitStatus(127)
}

// selfPath is the nosh binary, for running scripts that lack a #! line.
func selfPath() string {
	if p, err := os.Executable(); err == nil {
		return p
	}
	return "nosh"
}

// missingForStart explains why a program that exists could not start with
// "no such file or directory", as bash does: its #! line names an
// interpreter that does not exist, or the directory is gone.
func missingForStart(name, prog, dir string) *lookupError {
	if _, err := os.Stat(dir); err != nil {
		return &lookupError{name: name, status: 126, msg: "cannot start in a directory that no longer exists"}
	}
	msg := "No such file or directory"
	if f, err := os.Open(prog); err == nil {
		var head [256]byte
		n, _ := f.Read(head[:])
		f.Close()
		if line, ok := strings.CutPrefix(string(head[:n]), "#!"); ok {
			line, _, _ = strings.Cut(line, "\n")
			if fields := strings.Fields(line); len(fields) > 0 {
				msg = fields[0] + ": bad interpreter: No such file or directory"
			}
		}
	}
	return &lookupError{name: name, status: 127, msg: msg}
}
