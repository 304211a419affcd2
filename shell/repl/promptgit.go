package repl

import (
	"strings"
	"sync/atomic"

	"github.com/reeflective/readline"

	"nosh/shell/prompt"
)

// The built-in prompt shows the branch and whether the work tree is
// dirty. `git status` answers the second in 10-30 ms; the prompt waits for
// it only the first time a repository is seen, and after that shows the
// state last known at once while a check runs behind it
// (prompt.Git.Info). When the check finds the state changed, the prompt is
// drawn again where it stands, as the line is being edited.

// gitPrompt is what the session keeps for that.
type gitPrompt struct {
	// stale is set (from the goroutine of a git check) when the state
	// the prompt shows changed; the editor's next frame draws the
	// prompt again.
	stale atomic.Bool
	// editor is the line editor to wake, once there is one.
	editor atomic.Pointer[readline.Shell]
	// builtin is whether the prompt being edited is the built-in one
	// (no PS1, no [prompt] command): the only one that shows git.
	builtin bool
}

// gitUpdated is prompt.Git's OnUpdate: a check answered differently from
// what the prompt shows. It runs on the check's goroutine.
func (se *session) gitUpdated() {
	se.gitPrompt.stale.Store(true)
	if rl := se.gitPrompt.editor.Load(); rl != nil {
		rl.RequestRefresh()
	}
}

// redrawGitPrompt expands the built-in prompt again with the git state
// now known, on the editor's goroutine, while the line is edited.
func (se *session) redrawGitPrompt() {
	se.gitPrompt.stale.Store(false)
	if !se.gitPrompt.builtin {
		return
	}
	p, _ := splitOSC(prompt.Builtin(se.promptState()))
	if p == se.prompts.primary {
		return
	}
	se.prompts.primary = p
	se.prompts.drawn = ""
	se.lastPrompt = p[strings.LastIndexByte(p, '\n')+1:]
}
