package repl

import (
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/reeflective/readline"
	"golang.org/x/term"

	"nosh/shell/internal/interpunsafe"
)

// The session's side of bind: the editor made on first use, and keys
// bound to shell commands (bind -x).

// lineEditor returns the session's line editor, making it on first use.
func (se *session) lineEditor() *readline.Shell {
	if se.rl == nil {
		se.newEditor()
	}
	return se.rl
}

// bindCommand binds seq in keymaps to a widget running command.
func (se *session) bindCommand(keymaps []string, seq, command string) {
	rl := se.lineEditor()
	se.boundSeq++
	name := "nosh-shell-command-" + strconv.Itoa(se.boundSeq)
	rl.Keymap.Register(map[string]func(){name: se.suggest.wrap(func() { se.runBoundCommand(rl, command) })})
	if se.boundCmds == nil {
		se.boundCmds = map[string]map[string]string{}
	}
	for _, km := range keymaps {
		rl.Config.Bind(km, seq, name, false)
		if se.boundCmds[km] == nil {
			se.boundCmds[km] = map[string]string{}
		}
		se.boundCmds[km][seq] = command
	}
}

// boundCommands lists keymap's bind -x bindings still in effect.
func (se *session) boundCommands(keymap string) []boundCommand {
	var out []boundCommand
	if se.rl == nil {
		return nil
	}
	for seq, cmd := range se.boundCmds[keymap] {
		if strings.HasPrefix(se.rl.Config.Binds[keymap][seq].Action, "nosh-shell-command-") {
			out = append(out, boundCommand{seq, cmd})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// runBoundCommand runs a bind -x command from inside the editor, as bash
// does: the prompt and line are cleared, the command runs on the
// terminal in its normal modes with READLINE_LINE and READLINE_POINT
// (in characters) set, and what it leaves in them becomes the line and
// cursor; then the prompt is drawn again below any output.
func (se *session) runBoundCommand(rl *readline.Shell, command string) {
	s := se.sh
	f, err := s.Parser().Parse(strings.NewReader(command), "bind -x")
	if err != nil {
		s.ReportSyntax(err, "bind -x")
		return
	}
	interpunsafe.SetString(s.Runner, "READLINE_LINE", string(*rl.Line()))
	interpunsafe.SetString(s.Runner, "READLINE_POINT", strconv.Itoa(rl.Cursor().Pos()))

	rl.Display.CursorToLineStart()
	fmt.Fprint(os.Stdout, "\r")
	if n := rl.Prompt.PrimaryUsed(); n > 0 {
		fmt.Fprintf(os.Stdout, "\x1b[%dA", n)
	}
	fmt.Fprint(os.Stdout, "\x1b[J")

	fd := int(s.stdin.Fd())
	raw, _ := term.GetState(fd)
	if se.cookedTerm != nil {
		term.Restore(fd, se.cookedTerm)
	}
	sigint := make(chan os.Signal, 1)
	signal.Notify(sigint, syscall.SIGINT)
	se.protect("running a bind -x command", func() {
		se.sh.RunStmts(se.ctx, f.Stmts, sigint)
	})
	signal.Stop(sigint)
	if raw != nil {
		term.Restore(fd, raw)
	}

	line := []rune(s.Getenv("READLINE_LINE"))
	point, err := strconv.Atoi(s.Getenv("READLINE_POINT"))
	if err != nil {
		point = len(line)
	}
	rl.Line().Set(line...)
	rl.Cursor().Set(max(0, min(point, len(line))))
	rl.Prompt.PrimaryPrint()
	rl.Display.Refresh()
}
