package shell

import (
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// The file code is read from, for BASH_SOURCE, FUNCNAME's frames
// (package engine's funcname.go) and error messages.

// readingFile is the file the shell is reading code from: the script, or
// the file `.` reads; "" for -c, standard input and the prompt.
func (s *Shell) readingFile() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.srcFile
}

// enterSource records that code now comes from file, and sets
// BASH_SOURCE in r to name it first. The function it returns undoes both.
func (s *Shell) enterSource(r *interp.Runner, file string) (leave func()) {
	s.mu.Lock()
	prevFile := s.srcFile
	s.srcFile = file
	s.mu.Unlock()
	prev := interpunsafe.LookupVar(r, "BASH_SOURCE")
	list := []string{file}
	if prev.Kind == expand.Indexed {
		list = append(list, prev.List...)
	}
	interpunsafe.SetVar(r, "BASH_SOURCE", expand.Variable{Set: true, Local: prev.Local, Kind: expand.Indexed, List: list})
	// In a function, bash counts the file `.` reads as a call of
	// "source".
	names := interpunsafe.LookupVar(r, "FUNCNAME")
	inFunc := names.Kind == expand.Indexed && len(names.List) > 0
	if inFunc {
		interpunsafe.SetVar(r, "FUNCNAME", expand.Variable{Set: true, Local: names.Local, Kind: expand.Indexed,
			List: append([]string{"source"}, names.List...)})
	}
	return func() {
		if inFunc {
			interpunsafe.SetVar(r, "FUNCNAME", names)
		}
		s.mu.Lock()
		s.srcFile = prevFile
		s.mu.Unlock()
		if prev.IsSet() {
			interpunsafe.SetVar(r, "BASH_SOURCE", prev)
		} else {
			interpunsafe.DelVar(r, "BASH_SOURCE")
		}
	}
}

// ReadingFile implements engine.Host.
func (h *builtinHost) ReadingFile() string { return h.shell().readingFile() }

// ScriptFile implements engine.Host.
func (h *builtinHost) ScriptFile() bool { return h.scriptFile }
