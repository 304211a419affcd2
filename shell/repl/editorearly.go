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
		// readline's construction grows a new goroutine's stack to
		// 16 KB: in one copy here rather than deep inside it.
		growStack()
		e.rl = newBlankReadline()
		warmPromptWidth(e.rl)
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

// warmPromptWidth has the editor measure a prompt with an escape sequence
// once, on the goroutine that builds it: the first measure compiles the
// regular expression that strips escapes (about 100 µs), which otherwise
// the first prompt waits for. newEditor sets the real prompt afterwards.
func warmPromptWidth(rl *readline.Shell) {
	rl.Prompt.Primary(func() string { return "\x1b[0m" })
	rl.Prompt.LastUsed()
	rl.Prompt.Primary(nil)
}
