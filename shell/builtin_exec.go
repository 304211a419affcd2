package shell

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/jobs"
)

// builtinExec is exec with a command: the shell process is replaced by
// the program, as in sh. Redirections alone (`exec 3>f`) never get here:
// the redirection builtin makes them permanent.
//
// Only the main shell can be replaced: a subshell in nosh is not a
// process of its own, so there the program runs and the subshell exits
// with its status, which is what a script can observe either way.
func builtinExec(ctx context.Context, c *call) error {
	argv0 := ""
	clearEnv := false
	args, err := c.options("cla:", func(opt byte, arg string) {
		switch opt {
		case 'c':
			clearEnv = true
		case 'l':
			argv0 = "-"
		case 'a':
			argv0 = arg
		}
	})
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return nil
	}
	hc := interp.HandlerCtx(ctx)
	path, err := c.sh().lookPathFor(ctx, hc, args[0], "")
	if err != nil {
		status := 127
		if le, ok := err.(*lookupError); ok && strings.Contains(args[0], "/") {
			// As bash words it: the path's own problem.
			fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.sh().Name, args[0], le.msg)
			status = le.status
		} else {
			fmt.Fprintf(c.Stderr, "%s: exec: %s: not found\n", c.sh().Name, args[0])
		}
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: uint8(status), Exiting: c.sh().execFailEnds(c.R)})
		return errKeepStatus
	}
	argv := append([]string(nil), args...)
	switch argv0 {
	case "":
	case "-":
		argv[0] = "-" + argv[0]
	default:
		argv[0] = argv0
	}
	env := execEnv(hc.Env)
	if clearEnv {
		env = nil
	}
	if c.R == c.sh().Runner {
		if err := c.sh().replaceProcess(ctx, c, path, argv, env); err != nil {
			fmt.Fprintf(c.Stderr, "%s: exec: %s: %s\n", c.sh().Name, args[0], describeErrno(err))
			interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 126, Exiting: c.sh().execFailEnds(c.R)})
			return errKeepStatus
		}
	}
	// An AI command's program may run confined (guard.go); exec has
	// never added the agent's environment.
	path, argv, _, _ = guardedProgram(ctx, path, argv, nil)
	path, argv, env = c.sh().launchWithSignals(ctx, path, argv, env)
	dir, release := c.sh().childDir(c.R.Dir)
	cmd := &exec.Cmd{Path: path, Args: argv, Env: env, Dir: dir,
		Stdin: hc.Stdin, Stdout: c.Stdout, Stderr: c.Stderr, ExtraFiles: c.sh().eng.ChildFiles(ctx)}
	status := 0
	jobs.NoteTerminalUse()
	err = cmd.Start()
	release()
	if err == nil {
		err = cmd.Wait()
	}
	if err != nil {
		if es, ok := waitStatus(err).(interp.ExitStatus); ok {
			status = int(es)
		} else {
			fmt.Fprintf(c.Stderr, "%s: exec: %s: %s\n", c.sh().Name, args[0], describeErrno(err))
			status = 126
		}
	}
	c.sh().noteExit(c.R)
	interpunsafe.SetExit(c.R, interpunsafe.Status{Code: uint8(status), Exiting: true})
	return errKeepStatus
}

// replaceProcess makes the shell's streams and descriptors the process's
// own and executes path in its place. It returns only if it could not:
// streams that are not files (a command substitution's buffer) cannot be
// handed over, and then nil is returned for the caller to run the program
// instead.
func (s *Shell) replaceProcess(ctx context.Context, c *call, path string, argv, env []string) error {
	st := interpunsafe.GetStreams(c.R)
	var files [3]*os.File
	files[0] = st.Stdin
	for i, w := range []any{st.Stdout, st.Stderr} {
		f, ok := w.(*os.File)
		if !ok {
			return nil
		}
		files[i+1] = f
	}
	extra := s.eng.ChildFiles(ctx)
	if err := s.chdirProcess(c.R.Dir); err != nil {
		return err
	}
	for i, f := range files {
		if f == nil {
			unix.Close(i)
			continue
		}
		if fd := int(f.Fd()); fd != i {
			if err := unix.Dup3(fd, i, 0); err != nil {
				return err
			}
		} else if _, err := unix.FcntlInt(uintptr(i), unix.F_SETFD, 0); err != nil {
			return err
		}
	}
	for i, f := range extra {
		if f == nil {
			continue
		}
		if err := unix.Dup3(int(f.Fd()), 3+i, 0); err != nil {
			return err
		}
	}
	// The environment lists a name twice when an assignment before exec
	// shadows an exported variable; exec.Cmd keeps the last, and so must
	// a real exec.
	env = lastOfEachName(env)
	if hint := s.execHint(ctx, path); hint != "" {
		env = append(env, hint)
	}
	err := syscall.Exec(path, argv, env)
	if err == syscall.ENOEXEC {
		// A script without a #! line runs in a new nosh, as POSIX asks.
		err = syscall.Exec(selfPath(), append([]string{"nosh", path}, argv[1:]...), env)
	}
	return err
}

// lastOfEachName keeps, of the NAME=value entries of env, the last one for
// each name, in order.
func lastOfEachName(env []string) []string {
	last := make(map[string]int, len(env))
	for i, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		last[name] = i
	}
	out := make([]string, 0, len(last))
	for i, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if last[name] == i {
			out = append(out, kv)
		}
	}
	return out
}

// execFailEnds reports whether an exec that fails to run its program
// ends the shell: not an interactive one, as in bash, nor with shopt
// execfail.
func (s *Shell) execFailEnds(r *interp.Runner) bool {
	return !s.interactiveMain(r) && !s.shoptOn("execfail")
}
