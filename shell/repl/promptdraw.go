package repl

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"time"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/prompt"
)

// promptCommandTimeout bounds an external prompt program ([prompt] command).
const promptCommandTimeout = 500 * time.Millisecond

// prompts are the prompts of the line being edited, expanded once before
// the editor starts, as bash expands PS1 once per prompt. The editor
// asks for them several times per keystroke; expanding them there would
// run PS1's command substitutions on every key, and run them while the
// terminal is in the editor's raw mode, where a program that fails makes
// the job control restore the shell's cooked modes under the editor.
type prompts struct {
	ready                     bool
	primary, secondary, right string
	// width is displayWidth(widthOf), the prompt's last row (promptspace.go).
	widthOf    string
	width      int
	widthKnown bool
	// drawn is the last primaryPrompt, for drawnRows rows of input: the
	// editor asks for the prompt several times a key, and gets the same
	// string until the input's rows change.
	drawn     string
	drawnRows int
}

// preparePrompts expands the prompts for the next line: PS1 when it is
// set, else the output of [prompt] command, else the built-in prompt; PS2;
// and [prompt] right. It remembers the last row of PS1 for the transient
// prompt.
func (se *session) preparePrompts() {
	se.gitPrompt.stale.Store(false)
	se.gitPrompt.builtin = false
	p, osc := splitOSC(se.drawPrompt())
	if osc != "" {
		// A window title or the like (Debian's .bashrc sets the title in
		// PS1): the editor cannot measure these, so they go to the
		// terminal now, and the prompt it gets is the visible part.
		io.WriteString(se.sh.stdout, osc)
	}
	se.lastPrompt = p[strings.LastIndexByte(p, '\n')+1:]
	se.prompts = prompts{ready: true, primary: p, secondary: se.drawSecondaryPrompt()}
	if se.cfg.Prompt.Right != "" {
		se.prompts.right = se.expandPS(se.cfg.Prompt.Right)
	}
}

// primaryPrompt is the editor's primary prompt: PS1 as prepared, its last
// row prefixed with rowsBelow.
func (se *session) primaryPrompt() string {
	if !se.prompts.ready {
		se.preparePrompts()
	} else if se.gitPrompt.stale.Load() {
		se.redrawGitPrompt()
	}
	p := se.prompts.primary
	i := strings.LastIndexByte(p, '\n') + 1
	n := se.rowsToKeep(p[i:])
	if se.prompts.drawn == "" || se.prompts.drawnRows != n {
		se.prompts.drawn = p[:i] + rowsBelow(n) + p[i:]
		se.prompts.drawnRows = n
	}
	return se.prompts.drawn
}

func (se *session) secondaryPrompt() string {
	if !se.prompts.ready {
		se.preparePrompts()
	}
	return se.prompts.secondary
}

func (se *session) rightPrompt() string {
	if !se.prompts.ready {
		se.preparePrompts()
	}
	return se.prompts.right
}

// forgetPrompt makes the next prompt be expanded afresh.
func (se *session) forgetPrompt() {
	se.prompts.ready = false
}

func (se *session) drawPrompt() string {
	if ps1, ok := se.sh.Var("PS1"); ok {
		// A user's own PS1 still shows modes that must not go unnoticed.
		mark := ""
		for _, m := range se.assistant.Markers() {
			mark += paint("1;31", m) + " "
		}
		return mark + se.expandPS(ps1)
	}
	if cmd := se.cfg.Prompt.Command; cmd != "" {
		if out, ok := se.promptCommand(cmd); ok {
			return out
		}
	}
	se.gitPrompt.builtin = true
	return prompt.Builtin(se.promptState())
}

func (se *session) drawSecondaryPrompt() string {
	if ps2, ok := se.sh.Var("PS2"); ok {
		return se.expandPS(ps2)
	}
	return "> "
}

// expandPS expands a PS1-style string: backslash escapes, then
// parameters and command substitutions.
func (se *session) expandPS(ps string) string {
	d := se.promptData()
	if se.hist != nil && strings.Contains(ps, `\!`) {
		// \! is this line's history number. Asked only when used: the
		// history may still be loading for the first prompt.
		d.HistNum = se.hist.Len() + 1
	}
	text := prompt.Expand(ps, d)
	return se.sh.ExpandString(context.Background(), text)
}

func (se *session) promptData() prompt.Data {
	d := prompt.Snapshot()
	d.Dir = se.sh.Dir()
	d.Home, _ = se.sh.Var("HOME")
	d.Shell = "nosh"
	d.Version = se.opts.Version
	d.CmdNum = se.cmdNum + 1
	d.HistNum = se.cmdNum + 1
	d.Jobs = len(se.sh.Jobs().Jobs()) // \j
	return d
}

func (se *session) promptState() prompt.State {
	st := prompt.State{
		Data:         se.promptData(),
		LastStatus:   se.lastStatus,
		LastDuration: se.lastDuration,
		Threshold:    time.Duration(se.cfg.Prompt.DurationThreshold * float64(time.Second)),
		Color:        os.Getenv("NO_COLOR") == "",
		Markers:      se.assistant.Markers(),
	}
	switch se.cfg.Prompt.UserHost {
	case "always":
		st.ShowUserHost = true
	case "ssh":
		_, ssh := se.sh.Var("SSH_CONNECTION")
		_, tty := se.sh.Var("SSH_TTY")
		st.ShowUserHost = ssh || tty
	}
	if se.cfg.Prompt.Git {
		wait := time.Duration(se.cfg.Prompt.GitTimeoutMS) * time.Millisecond
		if info, ok := se.git.Info(st.Dir, wait); ok {
			st.Git = &info
		}
	}
	return st
}

// promptCommand runs [prompt] command in a subshell of the session (so it
// sees $? and the shell's variables) and returns its output.
func (se *session) promptCommand(cmd string) (string, bool) {
	f, err := se.sh.Parser().Parse(strings.NewReader(cmd), "prompt.command")
	if err != nil {
		return "", false
	}
	ctx, cancel := context.WithTimeout(context.Background(), promptCommandTimeout)
	defer cancel()
	var out bytes.Buffer
	r := se.sh.Runner.Subshell()
	interp.StdIO(nil, &out, nil)(r)
	for _, st := range f.Stmts {
		r.Run(ctx, st)
	}
	if ctx.Err() != nil {
		return "", false
	}
	return strings.TrimSuffix(out.String(), "\n"), true
}

// paint wraps text in an SGR colour unless NO_COLOR is set.
func paint(sgr, text string) string {
	if os.Getenv("NO_COLOR") != "" {
		return text
	}
	return "\x1b[" + sgr + "m" + text + "\x1b[0m"
}

// splitOSC takes the operating system commands (ESC ] ... BEL or ESC \\)
// out of a prompt: they draw nothing, and the editor, which measures the
// prompt to place the cursor, would count their text as visible.
func splitOSC(p string) (visible, osc string) {
	if !strings.Contains(p, "\x1b]") {
		return p, ""
	}
	var vis, cmds strings.Builder
	for {
		i := strings.Index(p, "\x1b]")
		if i < 0 {
			vis.WriteString(p)
			break
		}
		vis.WriteString(p[:i])
		rest := p[i:]
		end := strings.IndexAny(rest, "\a")
		if st := strings.Index(rest, "\x1b\\"); st >= 0 && (end < 0 || st < end) {
			end = st + 1
		}
		if end < 0 {
			// Unterminated: leave it to the terminal as it is.
			cmds.WriteString(rest)
			break
		}
		cmds.WriteString(rest[:end+1])
		p = rest[end+1:]
	}
	return vis.String(), cmds.String()
}
