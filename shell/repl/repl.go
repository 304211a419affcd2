package repl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/reeflective/readline"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/history"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/procs"
	"nosh/shell/jobs"
	"nosh/shell/linekind"
)

// prefillSeq is a private key sequence nobody types, bound to a widget
// that puts se.pending into the edit buffer (the AI's [E]dit answer).
const (
	prefillSeq    = "\x1b[9999~"
	prefillWidget = "nosh-prefill"
)

// loop is the interactive read-eval loop on the line editor.
func (se *session) loop(ctx context.Context) int {
	s := se.sh
	rl := se.lineEditor()
	sigint := make(chan os.Signal, 1)
	// Asking for a signal waits for os/signal's lock, which the shell's
	// signal set-up beside the start (signals.CatchSoon) holds through a
	// round trip to the runtime's signal thread per signal: the first
	// prompt waited for all of it (strace and nanotime marks). The editor
	// reads Ctrl+C and the size as keys and ioctls, so the two are asked
	// for beside the first prompt, and the first line run waits for them
	// (watching).
	watching := make(chan func(), 1)
	go func() {
		signal.Notify(sigint, syscall.SIGINT)
		watching <- se.size.watch()
	}()
	var stopWatch func()
	watched := func() {
		if stopWatch == nil {
			stopWatch = <-watching
		}
	}
	defer func() {
		watched()
		stopWatch()
		signal.Stop(sigint)
	}()
	se.idle.pages = &startPages{}
	for {
		if exit, status := se.beforePrompt(ctx); exit {
			return status
		}
		se.preparePrompts()
		// The editor draws the prompt before it empties its buffer: the
		// rows kept below the input must not be the last line's.
		rl.Line().Set()
		rl.Cursor().Set(0)
		se.suggest.beforeReadline()
		se.colours.forget()
		se.keepEditorSize()
		se.idle.arm()
		se.feedTypedAhead(rl, true)
		line, err := rl.Readline()
		se.idle.disarm()
		procs.Settle()
		watched()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			// As in bash: ^C after the abandoned line, and $? = 130.
			se.echoInterrupt()
			se.lastStatus = 130
			interpunsafe.LastExit(s.Runner).Code = 130
			continue
		case errors.Is(err, io.EOF):
			if s.ignoreEOF() {
				fmt.Fprintf(s.stderr, "Use \"%s\" to leave the shell.\n", s.LeavingWord())
				continue
			}
			if !s.ConfirmExit() {
				continue
			}
			fmt.Fprintln(s.stderr, s.LeavingWord())
			s.Logout(ctx)
			return s.Exit(ctx, se.lastStatus)
		case err != nil:
			fmt.Fprintf(s.stderr, "nosh: reading input: %v\n", err)
			return s.Exit(ctx, 1)
		}
		if se.cfg.Prompt.Transient {
			se.collapsePrompt(line)
		}
		line, ok := se.acceptedLine(ctx, line)
		if !ok {
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		se.recordLine(line)
		if typeaheadInterrupt(rl) {
			// Ctrl+C came in the same breath as Enter: the command is
			// interrupted before it starts, as it would be a moment later.
			fmt.Fprintln(s.stderr, "^C")
			se.lastStatus = 130
			interpunsafe.LastExit(s.Runner).Code = 130 // $?
			se.recordStatus(130)
			continue
		}
		var exit bool
		var status int
		se.protect("running a command", func() {
			exit, status = se.runLine(ctx, line, sigint)
		})
		se.recordStatus(status)
		if exit {
			return status
		}
	}
}

// runLine runs one accepted line. It reports whether the shell must exit.
func (se *session) runLine(ctx context.Context, line string, sigint <-chan os.Signal) (exit bool, status int) {
	s := se.sh
	// A slash command's or an AI request's status is $? too, so that
	// echo $? says what the prompt's status shows.
	if handled, st := se.slashCommand(ctx, line); handled {
		se.lastStatus = st
		interpunsafe.LastExit(s.Runner).Code = uint8(st)
		return false, st
	}
	if isAIRequest(line) {
		exit, status = se.assistant.Handle(ctx, line, sigint)
		se.lastStatus = status
		interpunsafe.LastExit(s.Runner).Code = uint8(status)
		return exit, status
	}
	src := s.ExpandAliasesIn(line + "\n")
	f := s.takeParsed(src)
	if f == nil {
		var err error
		f, err = s.LineParser().Parse(strings.NewReader(src), "")
		if err != nil {
			s.ReportSyntax(err, "stdin")
			se.lastStatus = 2
			*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: 2} // $?, as in bash
			return false, 2
		}
	}
	s.NoteFunctionSources(src, f.Stmts)
	se.cmdNum++
	fd := int(s.stdin.Fd())
	saved := se.savedTerm(fd)
	uses := jobs.TerminalUses()
	defer func() {
		// Only a program can have left the terminal unusable.
		if jobs.TerminalUses() != uses {
			restoreUsableTerminal(fd, saved)
		}
	}()
	start := time.Now()
	exit, status = se.sh.RunStmts(ctx, f.Stmts, sigint)
	if exit {
		return true, status
	}
	se.lastStatus = status
	se.lastDuration = time.Since(start)
	se.assistant.Typed(line, status, se.lastDuration)
	return false, status
}

// typeaheadInterrupt reports whether a Ctrl+C is among the keys the editor
// read together with the accepted line (type-ahead, or a paste). Such a
// ^C would otherwise wait in the editor and cancel the next prompt while
// the command ran on. Like a terminal's interrupt, it discards what was
// typed before it; what follows it is kept for the next prompt.
func typeaheadInterrupt(rl *readline.Shell) bool {
	if rl.Keys.Empty() {
		return false
	}
	var pending []byte
	for {
		b, empty := rl.Keys.Pop()
		if empty {
			break
		}
		pending = append(pending, b)
	}
	i := bytes.IndexByte(pending, 3)
	if i >= 0 {
		pending = pending[i+1:]
	}
	rl.Keys.Feed(true, []rune(string(pending))...)
	return i >= 0
}

// transientPrompt replaces a past prompt when [prompt] transient is on.
const transientPrompt = "$ "

// collapsePrompt redraws the prompt and line just accepted with the short
// transient prompt, as zsh and fish setups do, so that scrollback shows
// commands rather than repeated long prompts. The cursor is at the start
// of the row below the accepted line.
func (se *session) collapsePrompt(line string) {
	f, ok := se.sh.stdout.(*os.File)
	cols, _, sized := se.size.get()
	if !ok || !sized || cols < 1 {
		return
	}
	rows := 0
	for _, seg := range strings.Split(se.lastPrompt+line, "\n") {
		w := visibleWidth(seg)
		rows += max(1, (w+cols-1)/cols)
		if w > 0 && w%cols == 0 {
			rows++ // a full row leaves the cursor on the next one
		}
	}
	fmt.Fprintf(f, "\x1b[%dA\r\x1b[J%s%s\n", rows, transientPrompt, strings.ReplaceAll(line, "\n", "\r\n"))
}

// visibleWidth is the number of terminal columns s takes, without its
// escape sequences (wide characters count as one: an approximation).
func visibleWidth(s string) int {
	n := 0
	inEsc := false
	for _, r := range s {
		switch {
		case inEsc:
			if r >= '@' && r <= '~' && r != '[' {
				inEsc = false
			}
		case r == '\x1b':
			inEsc = true
		default:
			n++
		}
	}
	return n
}

// restoreUsableTerminal puts back the terminal modes saved before a line
// ran when the line left the terminal unusable for the next program: no
// canonical input or no echo, as a program that died in raw mode leaves
// it. Other changes, such as `stty -ixon`, stay.
func restoreUsableTerminal(fd int, saved *term.State) {
	if saved == nil {
		return
	}
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return
	}
	if t.Lflag&unix.ICANON == 0 || t.Lflag&unix.ECHO == 0 {
		term.Restore(fd, saved)
	}
}

// isAIRequest reports whether a line is a `?` or `??` request
// (linekind.Classify).
func isAIRequest(line string) bool { return linekind.Classify(line, nil).Request() }

// ignoreEOF reports whether `set -o ignoreeof` is on.
func (s *Shell) ignoreEOF() bool {
	return s.Option("ignoreeof")
}

// newEditor builds the line editor.
func (se *session) newEditor() *readline.Shell {
	rl, inputrcSet := configureReadline(se.blankReadline(), se.sh.Getenv)
	rl.Config.Set("cursor-position-probe", false)
	// Continuation lines of a multi-line command show PS2, as in bash
	// (the lines between the first and the last get a bar).
	rl.Config.Set("multiline-column", true)
	// Transient prompts are drawn by collapsePrompt: readline's own
	// (option "prompt-transient") redraws one row too low once the line
	// has been accepted.
	rl.Config.Set("prompt-transient", false)
	rl.Prompt.Primary(func() string {
		return se.primaryPrompt()
	})
	rl.Prompt.Secondary(se.secondaryPrompt)
	rl.Prompt.Leader(se.takeMark)
	if se.cfg.Prompt.Right != "" {
		rl.Prompt.Right(se.rightPrompt)
	}
	var src *history.ReadlineSource
	if se.hist != nil {
		src = se.hist.ReadlineSource()
		rl.History.Add("nosh", src)
	}
	rl.Keymap.Register(map[string]func(){
		prefillWidget: func() {
			rl.Line().Set([]rune(se.pending)...)
			rl.Cursor().Set(rl.Line().Len())
			se.pending = ""
		},
	})
	for _, km := range []string{"emacs", "vi-insert", "vi-command"} {
		rl.Config.Bind(km, prefillSeq, prefillWidget, false)
	}
	se.rl = rl
	se.gitPrompt.editor.Store(rl)
	se.setupEditorKeys(rl)
	se.setupEditorMode(rl, inputrcSet["editing-mode"])
	se.setupEditorKnowledge(rl)
	rl.AcceptMultiline = func(line []rune) bool {
		if se.acceptAsIs {
			se.acceptAsIs = false
			return true
		}
		return se.editReq != nil || se.sh.complete(string(line))
	}
	se.setupSuggestions(rl, se.hist, src, se.cfg.Editor.Autosuggest)
	return rl
}

// complete reports whether line is a whole command; an incomplete one
// continues on a PS2 line.
func (s *Shell) complete(line string) bool {
	if isAIRequest(line) {
		return true
	}
	// A trailing unescaped backslash continues the line; the parser accepts
	// it silently at end of input (design notes §1.3).
	if n := len(line) - len(strings.TrimRight(line, `\`)); n%2 == 1 {
		return false
	}
	// The newline makes an open here-document count as incomplete.
	src := line + "\n"
	f, err := s.LineParser().Parse(strings.NewReader(src), "")
	if err == nil {
		s.parsed = parsedLine{src: src, f: f}
	}
	return err == nil || !(syntax.IsIncomplete(err) || unclosedHeredoc(err))
}

// parsedLine is a command line parsed by complete.
type parsedLine struct {
	src string
	f   *syntax.File
}

// takeParsed returns what complete parsed if it parsed src, else nil. The
// editor asks complete about every line accepted with Enter; a line that
// no alias or history expansion changed is then run without parsing it a
// second time. It is handed out once: running a line rewrites its tree.
func (s *Shell) takeParsed(src string) *syntax.File {
	p := s.parsed
	s.parsed = parsedLine{}
	if p.f == nil || p.src != src {
		return nil
	}
	return p.f
}

// unclosedHeredoc reports whether err is a here-document still waiting
// for its delimiter, which more lines can close. The parser does not
// call it incomplete when the delimiter was quoted (cat <<'EOF').
func unclosedHeredoc(err error) bool {
	var pe syntax.ParseError
	return errors.As(err, &pe) && strings.HasPrefix(pe.Text, "unclosed here-document")
}

// beforePrompt runs what comes before each prompt: pending traps and job
// notices, PROMPT_COMMAND; and makes sure the prompt starts on a line of
// its own. It reports whether a trap ran `exit`.
func (se *session) beforePrompt(ctx context.Context) (exit bool, status int) {
	if exit, status = se.sh.BeforePrompt(ctx); exit {
		return exit, status
	}
	se.forgetPrompt()
	se.forgetSizeIfUsed()
	se.beforePromptPlain(ctx)
	se.beforeEditor()
	se.partialLineMark()
	return false, 0
}

// partialLineMark makes output that did not end in a newline visible and
// moves the prompt to a fresh line, as zsh and fish do: an inverse `%` is
// printed and the rest of the row filled with spaces, so the carriage
// return lands on the same row when the cursor was at column 0 and on the
// next row otherwise.
//
// With the editor, the mark goes out in the editor's first write of the
// line, just before the prompt (takeMark), rather than in a write of its
// own: one system call and one wake-up of the terminal less per prompt.
func (se *session) partialLineMark() {
	cols, _, ok := se.size.get()
	if !ok || cols < 2 {
		return
	}
	mark := "\x1b[7m%\x1b[0m" + strings.Repeat(" ", cols-1) + "\r\x1b[K"
	if se.rl != nil {
		se.mark = mark
		return
	}
	fmt.Fprint(se.sh.stdout, mark)
}

// takeMark is the editor's prompt leader: the mark partialLineMark left
// for the prompt about to be drawn, once.
func (se *session) takeMark() string {
	mark := se.mark
	se.mark = ""
	return mark
}
