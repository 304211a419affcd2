package assistant

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"nosh/perms"
	"nosh/shell/markdown"
)

// answerView is what the user sees of a `??` run (or of an answer
// streamed for `? explain`), in the order it happens: the model's text rendered as Markdown as it streams, then each
// command it asks for with what became of it and its output; a blank line
// before each later step; a spinner while the model thinks. Everything
// it writes goes through before, so the spinner never draws over output.
type answerView struct {
	a    *Assistant
	spin *spinner
	md   *markdown.Renderer
	// sep asks for a blank line before the next output: a step ended.
	sep bool
	// shown is set once anything of the run is on the screen.
	shown bool
}

func (a *Assistant) newAnswerView(label string) *answerView {
	v := &answerView{a: a}
	v.md = markdown.New(viewWriter{v, a.stdout}, a.markdownOptions())
	v.spin = startSpinner(a.stderr, label)
	return v
}

// markdownOptions renders for the shell's standard output: its width,
// colour unless NO_COLOR or a dumb terminal, hyperlinks where the
// terminal has them, and shell code coloured as the line editor does.
func (a *Assistant) markdownOptions() markdown.Options {
	f, tty := a.stdout.(*os.File)
	width := 0
	if tty {
		tty = term.IsTerminal(int(f.Fd()))
		if w, _, err := term.GetSize(int(f.Fd())); err == nil {
			width = w
		}
	}
	if width <= 0 {
		width, _ = strconv.Atoi(a.host.Getenv("COLUMNS"))
	}
	opt := markdown.ForTerminal(a.host.Getenv, width, tty)
	if h := a.host.Highlighter(); h != nil {
		opt.Highlight = func(lang, line string) (string, bool) {
			switch lang {
			case "sh", "bash", "shell", "zsh", "ksh", "posix", "nosh":
				return h(line), true
			}
			return "", false
		}
	}
	return opt
}

// before makes way for output: the spinner goes, and a pending step
// separator is written.
func (v *answerView) before() {
	v.spin.stop()
	if v.sep && v.shown {
		fmt.Fprintln(v.a.stdout)
	}
	v.sep = false
	v.shown = true
}

// viewWriter is the renderer's output: it makes way first.
type viewWriter struct {
	v *answerView
	w io.Writer
}

func (vw viewWriter) Write(p []byte) (int, error) {
	vw.v.before()
	return vw.w.Write(p)
}

// text shows a piece of the model's reply.
func (v *answerView) text(t string) { v.md.Write([]byte(t)) }

// endTurn shows what is left of a reply's text: it ends before the
// commands the reply asks for.
func (v *answerView) endTurn() { v.md.Flush() }

// line writes one line to w (standard output or error) after making way.
func (v *answerView) line(w io.Writer, s string) {
	v.before()
	fmt.Fprintln(w, s)
}

// running says that cmd runs now.
func (v *answerView) running(cmd string) {
	v.line(v.a.stderr, v.a.paint("1;35", "[AI] Running:")+" "+v.a.highlight(cmd))
}

// asking says that cmd waits for the user's approval; the prompt follows.
func (v *answerView) asking(cmd string) {
	v.line(v.a.stderr, v.a.paint("1;33", "[AI] Asks to run:")+" "+v.a.highlight(cmd))
}

// refused says that cmd will not run, and why, before anything else.
func (v *answerView) refused(cmd, reason string) {
	v.line(v.a.stderr, v.a.paint("1;31", "[AI] Refused:")+" "+markdown.ShowInvisible(cmd))
	v.line(v.a.stderr, "  "+v.a.paint("31", "✗ "+markdown.ShowInvisible(tildeHome(reason, v.a.host.Getenv("HOME")))))
}

// refusedWhileRunning says that part of a running command was refused,
// and why: what the gate or a builtin found only while it ran.
func (v *answerView) refusedWhileRunning(what, why string) {
	home := v.a.host.Getenv("HOME")
	v.line(v.a.stderr, "  "+v.a.paint("31", "✗ refused: "+markdown.ShowInvisible(tildeHome(what, home)+": "+tildeHome(why, home))))
}

// tildeHome writes the home directory as ~ in paths of s, as the user
// typed them and reads them.
func tildeHome(s, home string) string {
	home = strings.TrimRight(home, "/")
	if home == "" {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, home)
		if i < 0 {
			break
		}
		end := i + len(home)
		if end == len(s) || s[end] == '/' || s[end] == ' ' || s[end] == ',' || s[end] == ')' {
			b.WriteString(s[:i] + "~")
		} else {
			b.WriteString(s[:end])
		}
		s = s[end:]
	}
	b.WriteString(s)
	return b.String()
}

// stepDone ends a step (a command ran, or was refused): the next output
// is set apart, and the spinner shows the model is at work again.
func (v *answerView) stepDone() {
	v.sep = true
	v.spin.stop()
	v.spin = startSpinner(v.a.stderr, "thinking")
}

// close shows the rest of the text and stops the spinner.
func (v *answerView) close() {
	v.md.Close()
	v.spin.stop()
}

// denyReason says which part of a denied command is denied and why: the
// first unit or construct that denies it, as the approval prompt lists it.
func denyReason(d perms.Decision) string {
	for _, u := range d.Units {
		if u.Verdict == perms.Deny {
			why := u.Reason
			if u.Rule != "" && u.Rule != "built-in" {
				why += ": " + u.Rule
			}
			return firstLine(u.String()) + " — " + why
		}
	}
	for _, f := range d.Findings {
		if f.Kind == perms.KindCatastrophic {
			return f.Text + " — " + f.Reason
		}
	}
	if l := d.Lines(); len(l) > 0 {
		return strings.TrimSpace(l[0])
	}
	return "denied by the permission rules"
}
