package assistant

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"nosh/perms"
	"nosh/perms/audit"
	"nosh/shell/markdown"
)

// answerEdit is the [E]dit answer: put the command in the line editor.
const answerEdit perms.Answer = 100

// approve shows a decision and, when it asks, reads the user's answer.
// ok reports whether the command may run. withEdit offers [E]dit. The
// answer is not recorded: see remember.
func (a *Assistant) approve(d perms.Decision, withEdit bool) (answer perms.Answer, ok bool) {
	switch d.Verdict {
	case perms.Allow:
		return 0, true
	case perms.Deny:
		fmt.Fprint(a.stderr, indentLines(markdown.ShowInvisible(d.Explain()), "  "))
		fmt.Fprintf(a.stderr, "%s not run: denied\n", a.paint("1;31", "✗"))
		return perms.Refuse, false
	}
	if a.agentBox != nil {
		// No program of the run may draw on the question or read the
		// answer while it is asked (guard.Freeze).
		thaw := a.agentBox.programs.Freeze()
		defer thaw()
	}
	fmt.Fprint(a.stderr, indentLines(markdown.ShowInvisible(d.Explain()), "  "))
	offers := d.Offers()
	var labels []string
	keys := map[byte]perms.Answer{}
	for _, ans := range offers {
		k := byte(ans.Key())
		keys[k] = ans
		labels = append(labels, "["+strings.ToUpper(string(k))+"]"+answerWord(ans)[1:])
	}
	if withEdit {
		keys['e'] = answerEdit
		labels = append(labels, "[E]dit")
	}
	fmt.Fprintf(a.stderr, "%s ", strings.Join(labels, " "))
	for {
		c, err := readKey(a.stdin)
		if err != nil || c == 3 || c == 4 || c == 27 { // ^C, ^D, Esc
			fmt.Fprintln(a.stderr, "d")
			return perms.Refuse, false
		}
		c = toLower(c)
		ans, found := keys[c]
		if !found {
			continue
		}
		fmt.Fprintln(a.stderr, string(c))
		switch ans {
		case answerEdit:
			return ans, false
		case perms.Refuse:
			return ans, false
		}
		return ans, true
	}
}

// remember stores the rules a Session or Always answer asks for.
func (a *Assistant) remember(d perms.Decision, ans perms.Answer) {
	if ans != perms.Session && ans != perms.Always {
		return
	}
	if err := a.ai.policy.Record(d, ans); err != nil {
		fmt.Fprintf(a.stderr, "nosh: warning: %v\n", err)
	}
}

// askAtRunTime is the gate's question about a command that only showed
// itself while running (after expansion, inside eval or a function).
func (a *Assistant) askAtRunTime(d perms.Decision) perms.Answer {
	if a.yoloOn() {
		// YOLO skips questions, never the sandbox: what the rules would
		// ask about runs, a change outside the workspace does not.
		for _, f := range d.Findings {
			if f.Kind == perms.KindOutside {
				return perms.Refuse
			}
		}
		return perms.Once
	}
	fmt.Fprintf(a.stderr, "%s the command is about to run something it did not show:\n", a.paint("1;33", "!"))
	ans, ok := a.approve(d, false)
	if !ok {
		return perms.Refuse
	}
	if ans == 0 {
		return perms.Once
	}
	return ans
}

func answerWord(a perms.Answer) string {
	switch a {
	case perms.Once:
		return "Once"
	case perms.Session:
		return "Session"
	case perms.Always:
		return "Always"
	}
	return "Deny"
}

func toLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// readKey reads one key press from a terminal (raw mode for the read
// only), or one byte from anything else.
func readKey(f *os.File) (byte, error) {
	fd := int(f.Fd())
	if state, err := term.MakeRaw(fd); err == nil {
		defer term.Restore(fd, state)
	}
	var b [1]byte
	_, err := f.Read(b[:])
	return b[0], err
}

func indentLines(s, prefix string) string {
	if s == "" {
		return ""
	}
	s = strings.TrimRight(s, "\n")
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix) + "\n"
}

// paint wraps text in an SGR colour unless NO_COLOR is set.
func (a *Assistant) paint(sgr, text string) string {
	if os.Getenv("NO_COLOR") != "" {
		return text
	}
	return "\x1b[" + sgr + "m" + text + "\x1b[0m"
}

// highlight colours a command as the line editor would.
func (a *Assistant) highlight(cmd string) string {
	// What the model sent, as the user must read it: no escape sequence
	// or invisible character reaches the terminal.
	cmd = markdown.ShowInvisible(cmd)
	if h := a.host.Highlighter(); h != nil {
		return h(cmd)
	}
	return cmd
}

// decider names who let a command run (or not), for the audit log.
func decider(d perms.Decision, a perms.Answer) string {
	switch {
	case d.Catastrophic():
		return "catastrophic"
	case d.Verdict == perms.Deny:
		return "deny"
	case d.Verdict == perms.Allow:
		return "rule"
	case a == answerEdit:
		return "edit"
	case a == perms.Refuse || a == 0:
		return "refused"
	}
	return a.String()
}

// auditEntry is what the shell records about one AI command.
type auditEntry struct {
	Command, Verdict, Decider, Source string
	// Original is the model's command when the user edited it.
	Original string
	Status   *int
	Duration time.Duration
}

// audit appends to the audit log; a failure warns once.
func (a *Assistant) audit(e auditEntry) {
	if a.paths.AuditFile == "" {
		return
	}
	err := audit.Log{Path: a.paths.AuditFile}.Append(audit.Entry{
		Dir: a.host.Dir(), Source: e.Source, Command: e.Command, Original: e.Original, Verdict: e.Verdict,
		Decider: e.Decider, Status: e.Status, DurationMS: e.Duration.Milliseconds(),
	})
	if err != nil && !a.auditWarned {
		a.auditWarned = true
		fmt.Fprintf(a.stderr, "nosh: warning: %v\n", err)
	}
}

// spinner shows that a request is under way until stopped.
type spinner struct {
	once sync.Once
	done chan struct{}
	wg   sync.WaitGroup
}

func startSpinner(w io.Writer, label string) *spinner {
	sp := &spinner{done: make(chan struct{})}
	if f, ok := w.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return sp
	}
	sp.wg.Add(1)
	go func() {
		defer sp.wg.Done()
		frames := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
		t := time.NewTicker(80 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			fmt.Fprintf(w, "\r\x1b[2m%s %s…\x1b[0m\x1b[K", frames[i%len(frames)], label)
			select {
			case <-sp.done:
				fmt.Fprint(w, "\r\x1b[K")
				return
			case <-t.C:
			}
		}
	}()
	return sp
}

// stop ends the spinner and clears its line; safe to call twice.
func (sp *spinner) stop() {
	sp.once.Do(func() { close(sp.done) })
	sp.wg.Wait()
}
