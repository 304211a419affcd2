package shell

// The directory commands run in is kept open (package
// shell/internal/deadcwd), so that programs still start in it after it
// was removed.

// holdDir makes dir the directory kept open; it is called before each
// command and after each top-level statement.
func (s *Shell) holdDir(dir string) { s.dir.Keep(dir) }

// childDir returns the directory to start a program in for dir; call
// release once it has started.
func (s *Shell) childDir(dir string) (path string, release func()) { return s.dir.ChildDir(dir) }

// chdirProcess makes dir the process's own directory, as exec must.
func (s *Shell) chdirProcess(dir string) error { return s.dir.Chdir(dir) }
