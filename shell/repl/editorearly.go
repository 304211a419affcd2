package repl

import "github.com/reeflective/readline"

// EarlyEditor is a blank line editor being built on another goroutine
// while the shell starts: readline builds its key maps when it is made,
// which costs as much as the rest of the start-up before the first prompt,
// and the second core is otherwise idle then.
type EarlyEditor struct {
	done chan struct{}
	rl   *readline.Shell
}

// BuildEditorEarly starts building a blank editor.
func BuildEditorEarly() *EarlyEditor {
	e := &EarlyEditor{done: make(chan struct{})}
	go func() {
		defer close(e.done)
		e.rl = newBlankReadline()
	}()
	return e
}

// blankReadline returns the editor built early, waiting for it, or builds
// one now when none was started or it was taken already.
func (se *session) blankReadline() *readline.Shell {
	e := se.early
	se.early = nil
	if e == nil {
		return newBlankReadline()
	}
	<-e.done
	return e.rl
}
