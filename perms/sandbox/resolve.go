package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Files nosh opens itself for an agent command (redirections) are opened
// outside the kernel's sandbox, so nosh must judge them as Landlock
// would: on the file the path really names, through every symbolic link
// and `..`, not on its spelling. Resolve finds that file; OpenResolved
// opens exactly it, following no link on the way, so that nothing can
// swap a link in between; Policy.OpenForWrite does both under a policy.

// maxLinks bounds the links one resolution follows, as the kernel does.
const maxLinks = 40

// ErrNotAFile is the error of a path that leads to something that has
// no name in the file system: a pipe's or a socket's descriptor.
var ErrNotAFile = errors.New("it leads to a pipe or socket, not a file")

// Resolve returns the real path that path (absolute) names: every
// symbolic link in it followed, including a last one that leads nowhere
// yet (opening it with O_CREAT would create its target), and /proc's
// descriptor links read. What does not exist is taken as spelled, since
// it cannot be a link.
func Resolve(path string) (string, error) {
	return resolve(path, nil)
}

// OwnProcess reports whether path (absolute) leads, on the way to the
// file it names, through this process's own directory in /proc
// (/proc/self, /proc/thread-self, /dev/fd, /dev/stdin… or its PID):
// its descriptors, memory, environment and working directory. A
// sandboxed program cannot reach another process's there (Landlock
// scopes ptrace), so what nosh opens itself for an agent command must
// not either.
func OwnProcess(path string) bool {
	own := "/proc/" + strconv.Itoa(os.Getpid())
	through := false
	_, err := resolve(path, func(dir string) {
		through = through || ownProcDir(dir)
	})
	if err != nil && !through {
		// Unresolvable (a pipe's descriptor, a loop): judge the spelling.
		p := filepath.Clean(path)
		for _, pre := range []string{"/proc/self", "/proc/thread-self", "/dev/fd", own} {
			if p == pre || strings.HasPrefix(p, pre+"/") {
				return true
			}
		}
	}
	return through
}

// ownProcDir reports whether dir is /proc/N or below it, N this
// process or one of its threads (each has a /proc/TID of its own).
func ownProcDir(dir string) bool {
	rest, ok := strings.CutPrefix(dir, "/proc/")
	if !ok {
		return false
	}
	n, _, _ := strings.Cut(rest, "/")
	if _, err := strconv.Atoi(n); err != nil {
		return false
	}
	if n == strconv.Itoa(os.Getpid()) {
		return true
	}
	_, err := os.Lstat("/proc/self/task/" + n)
	return err == nil
}

// resolve is Resolve, telling visit each directory it reaches.
func resolve(path string, visit func(dir string)) (string, error) {
	if !filepath.IsAbs(path) {
		return "", fmt.Errorf("resolving %s: not an absolute path", path)
	}
	rest := components(path)
	resolved := "/"
	links := 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case ".":
			continue
		case "..":
			resolved = filepath.Dir(resolved)
			continue
		}
		next := filepath.Join(resolved, c)
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			// Nothing there: the rest cannot be a link either (and
			// opening it fails unless only the last part is missing).
			return filepath.Join(append([]string{next}, rest...)...), nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			if visit != nil {
				visit(resolved)
			}
			continue
		}
		if links++; links > maxLinks {
			return "", &fs.PathError{Op: "resolve", Path: path, Err: syscall.ELOOP}
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) && strings.HasPrefix(next, "/proc/") && strings.Contains(target, ":") {
			// /proc/PID/fd/N of a pipe reads "pipe:[1234]".
			return "", &fs.PathError{Op: "resolve", Path: path, Err: ErrNotAFile}
		}
		if filepath.IsAbs(target) {
			resolved = "/"
		}
		// A relative target is resolved from the link's directory, part
		// by part: `..` after a link is the link target's parent.
		rest = append(components(target), rest...)
	}
	return resolved, nil
}

// components splits a path into its names, dropping empty ones.
func components(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// OutsideError is a write Policy.OpenForWrite refused: the file path
// names, at Real, is not a place the policy lets a command write.
type OutsideError struct {
	Path, Real string
}

func (e *OutsideError) Error() string {
	if e.Real != e.Path {
		return e.Path + " (really " + e.Real + ") is outside the places the agent may write"
	}
	return e.Path + " is outside the places the agent may write"
}

// ErrHardLinked refuses writing a file with other names: one of them
// may be outside the places a command may write.
var ErrHardLinked = errors.New("it has other hard links, which may be outside the workspace")

// Judge resolves path (absolute) and reports the real file and whether
// p lets a command write it: an existing file needs Write, a new one
// Create in its directory.
func (p Policy) Judge(path string) (real string, ok bool, err error) {
	real, err = Resolve(path)
	if err != nil {
		return "", false, err
	}
	need := Write
	if _, err := os.Lstat(real); errors.Is(err, fs.ErrNotExist) {
		need = Create
	}
	return real, p.Writable(real, need), nil
}

// OpenForWrite opens path (absolute) for a write the shell makes itself
// on behalf of a sandboxed command, as Landlock would let the command
// make it: the real file must be a place p lets it write, else the error
// is an *OutsideError.
func (p Policy) OpenForWrite(path string, flag int, perm os.FileMode) (*os.File, error) {
	real, ok, err := p.Judge(path)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &OutsideError{Path: path, Real: real}
	}
	return OpenResolved(real, flag, perm)
}
