package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// sourceFile runs the file at path in the shell, as `.` does, reporting
// problems as FILE:LINE: message. A missing file is not an error when
// optional. It reports whether the file ran `exit`.
func (s *Shell) sourceFile(ctx context.Context, path string, optional bool) (exited bool, status int) {
	// Whether it can be opened, asked with the two system calls alone:
	// os.Open would try to register the file with the runtime's poller
	// (five calls more) for a descriptor closed at once; `.` opens it
	// again to read it.
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	}
	if err != nil {
		if optional && errors.Is(err, os.ErrNotExist) {
			return false, 0
		}
		fmt.Fprintf(s.stderr, "%s: %s: %s\n", s.Name, path, describeOpenError(err))
		return false, 1
	}
	syscall.Close(fd)
	prev := s.setSource(path)
	defer s.setSource(prev)
	// Sourced as `. FILE`, one statement, as bash reads its startup
	// files: return ends the file, and the statements inside skip the
	// per-statement work of the top level (about 30 µs each, a
	// millisecond for a startup file of a few dozen lines).
	if !strings.Contains(path, "/") {
		path = "./" + path
	}
	exited, status = s.runQuoted(context.WithValue(ctx, startupKey{}, true), ". ", path)
	return s.AfterStatement(ctx, exited, status)
}

// setSource records which file top-level statements come from, for error
// messages, and returns the previous one.
func (s *Shell) setSource(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.source
	s.source = name
	return prev
}

// SourceProfile reads /etc/profile then ~/.profile, as a login shell does.
func (s *Shell) SourceProfile(ctx context.Context) (exited bool, status int) {
	for _, p := range s.profileFiles() {
		if exited, status = s.sourceFile(ctx, p, true); exited {
			return
		}
	}
	return false, 0
}

func (s *Shell) profileFiles() []string {
	files := []string{"/etc/profile"}
	if home := s.Runner.Env.Get("HOME").String(); home != "" {
		files = append(files, filepath.Join(home, ".profile"))
	}
	return files
}
