package repl

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// loopPlain is the interactive loop without a line editor, used when -i
// is given but standard input is not a terminal: it prints PS1 and PS2 to
// standard error, reads lines as a pipe delivers them, and keeps history
// like the editor's loop.
func (se *session) loopPlain(ctx context.Context, in io.Reader) int {
	s := se.sh
	prompt := func(name, def string) {
		if name == "PS1" {
			s.BeforePrompt(ctx)
		}
		text := def
		if v, ok := s.Var(name); ok {
			text = se.expandPS(v)
		}
		fmt.Fprint(s.stderr, text)
	}
	interrupts := make(chan os.Signal) // nothing delivers: no terminal
	r := bufio.NewReader(in)
	var buf strings.Builder
	// PROMPT_COMMAND runs before the first prompt too, as in bash.
	se.beforePromptPlain(ctx)
	prompt("PS1", "$ ")
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			buf.WriteString(line)
		}
		text := strings.TrimSuffix(buf.String(), "\n")
		if err == nil && !s.complete(text) {
			prompt("PS2", "> ")
			continue
		}
		buf.Reset()
		if strings.TrimSpace(text) != "" {
			se.recordLine(text)
			var exit bool
			var status int
			se.protect("running a command", func() {
				exit, status = se.runLine(ctx, text, interrupts)
			})
			se.recordStatus(status)
			if exit {
				return status
			}
		}
		if err != nil {
			// After the prompt, as bash: "exit" (or "logout").
			fmt.Fprintln(s.stderr, s.LeavingWord())
			s.Logout(ctx)
			return s.Exit(ctx, se.lastStatus)
		}
		se.beforePromptPlain(ctx)
		prompt("PS1", "$ ")
	}
}

// beforePromptPlain runs PROMPT_COMMAND, as before every prompt, then
// gives the history the sizes HISTSIZE and HISTFILESIZE say.
func (se *session) beforePromptPlain(ctx context.Context) {
	if pc, ok := se.sh.Var("PROMPT_COMMAND"); ok && pc != "" {
		se.protect("running PROMPT_COMMAND", func() {
			se.sh.RunString(ctx, pc, "PROMPT_COMMAND")
		})
	}
	se.historyLimits()
}
