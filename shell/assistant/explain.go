package assistant

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"nosh/ai"
	"nosh/ai/attach"
	"nosh/ai/translate"
	"nosh/perms"
	"nosh/shell/internal/interrupt"
	"nosh/shell/markdown"
)

// explainTarget reports whether a `?` request is `explain CMD` with CMD a
// command line — it parses and its first command exists — and returns
// CMD. `? explain how tar works` and `? explain @main.go` are ordinary
// requests.
func (a *Assistant) explainTarget(text string) (string, bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if !strings.EqualFold(word, "explain") {
		return "", false
	}
	cmd := strings.TrimSpace(rest)
	if len(cmd) > 2 && cmd[0] == '`' && cmd[len(cmd)-1] == '`' {
		cmd = strings.TrimSpace(strings.Trim(cmd, "`"))
	}
	if cmd == "" {
		return "", false
	}
	if _, refs := attach.Parse(cmd); len(refs) > 0 {
		return "", false
	}
	name, ok := firstCommand(a.dialect.NewParser(), cmd)
	if !ok || !(strings.Contains(name, "/") || a.commandExists(name)) {
		return "", false
	}
	return cmd, true
}

// firstCommand returns the name of the first simple command of src, if
// src parses and has one with a literal name.
func firstCommand(p *syntax.Parser, src string) (string, bool) {
	f, err := p.Parse(strings.NewReader(src+"\n"), "")
	if err != nil || len(f.Stmts) == 0 {
		return "", false
	}
	name := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		if name != "" {
			return false
		}
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			name = c.Args[0].Lit()
			return false
		}
		return true
	})
	return name, name != ""
}

// slashExplain is /explain CMD; line is the whole line as typed.
func (a *Assistant) slashExplain(ctx context.Context, line string, args []string) int {
	cmd := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "/explain"))
	if cmd == "" {
		fmt.Fprintln(a.stderr, "usage: /explain COMMAND-LINE")
		return 2
	}
	return a.explain(ctx, cmd, nil)
}

// explain shows what a command line does, part by part: first at once
// what the permission engine finds in it (each command with the
// manual's description and the verdict the rules give it, each risky
// construct, what destructive arguments expand to), then, when the AI is
// configured, the model's explanation in words, streamed. Nothing runs.
func (a *Assistant) explain(ctx context.Context, cmd string, interrupts <-chan os.Signal) int {
	policy := a.ensurePolicy()
	d := policy.Check(cmd)
	manual := a.manualLines(ctx, d)
	md := markdown.New(a.stdout, a.markdownOptions())
	io.WriteString(md, explainBreakdown(cmd, d, manual, a.host.Getenv("HOME")))
	md.Close()

	st, err := a.ensureAI()
	if err != nil {
		fmt.Fprintln(a.stderr, a.paint("2", "(that is the permission engine's analysis; for an explanation in words, configure the AI: "+err.Error()+")"))
		return 0
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if interrupts != nil {
		stop := interrupt.Watch(interrupts, cancel)
		defer stop()
	}
	view := a.newAnswerView("explaining with " + st.tr.provider.Model())
	view.sep, view.shown = true, true // a blank line after the breakdown
	req := translate.BuildExplain(cmd, d.Lines(), manual, a.envInfo(), st.tr.redactor)
	resp, err := ai.Collect(st.tr.provider.Stream(ctx, req), func(ev ai.Event) {
		if ev.Kind == ai.EventText {
			view.text(ev.Text)
		}
	})
	view.close()
	st.rc.Observe(req, resp.Usage)
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		fmt.Fprintln(a.stderr, "nosh: request cancelled")
		return 130
	case err != nil:
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return 1
	}
	st.rc.Add(translate.Exchange{Request: "explain " + cmd, Answer: resp.Text})
	return 0
}

// explainBreakdown is the engine's analysis as Markdown: a list of the
// parts with what each is and the verdict it gets, then what the whole
// line would get if the AI asked to run it.
func explainBreakdown(cmd string, d perms.Decision, manual []string, home string) string {
	describe := map[string]string{}
	for _, l := range manual {
		if name, what, ok := strings.Cut(l, " — "); ok {
			describe[name] = what
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, part by part:\n\n", codeSpan(cmd))
	for _, u := range d.Units {
		fmt.Fprintf(&b, "- %s", codeSpan(firstLine(u.String())))
		if u.Context != "" {
			fmt.Fprintf(&b, " (in %s)", codeSpan(u.Context))
		}
		name, _ := u.Name()
		if what := describe[path.Base(name)]; what != "" {
			fmt.Fprintf(&b, ": %s", mdEscape(what))
		}
		why := u.Reason
		if u.Rule != "" && u.Rule != "built-in" {
			why += ": " + u.Rule
		}
		fmt.Fprintf(&b, " — *%s*, %s\n", verdictWords(u.Verdict), mdEscape(tildeHome(why, home)))
	}
	for _, f := range d.Findings {
		fmt.Fprintf(&b, "- %s — **%s**: %s\n", codeSpan(f.Text), riskWord(f.Kind), mdEscape(tildeHome(f.Reason, home)))
	}
	for _, p := range d.Previews {
		fmt.Fprintf(&b, "- now %s\n", codeSpan(p.String()))
	}
	if d.RulesErr != nil {
		fmt.Fprintf(&b, "- the rules could not all be read: %s\n", mdEscape(d.RulesErr.Error()))
	}
	b.WriteString("\n")
	switch d.Verdict {
	case perms.Allow:
		b.WriteString("If the AI asked to run it, your rules would let it run without asking.\n")
	case perms.Ask:
		b.WriteString("If the AI asked to run it, nosh would ask you first.\n")
	default:
		b.WriteString("If the AI asked to run it, nosh would refuse.\n")
	}
	return b.String()
}

func verdictWords(v perms.Verdict) string {
	switch v {
	case perms.Allow:
		return "allowed"
	case perms.Deny:
		return "denied"
	}
	return "asks"
}

func riskWord(k perms.Kind) string {
	if k == perms.KindCatastrophic {
		return "denied"
	}
	return "risk"
}

// mdEscape makes text that is not Markdown (a reason, a manual's line)
// render as written.
func mdEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`*_~[]<>|", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// codeSpan is s as Markdown inline code, whatever backticks it holds.
func codeSpan(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	fence := "``"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	return fence + " " + s + " " + fence
}

// manualLines describes each program the command runs in one line, as
// `NAME — description`: the manual's (whatis) for programs, and what
// nosh knows for builtins and functions. At most two seconds in all.
func (a *Assistant) manualLines(ctx context.Context, d perms.Decision) []string {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var out []string
	seen := map[string]bool{}
	for _, u := range d.Units {
		name, ok := u.Name()
		if !ok {
			continue
		}
		name = path.Base(name)
		if seen[name] {
			continue
		}
		seen[name] = true
		switch a.host.CommandKind(name) {
		case "function":
			out = append(out, name+" — a function defined in this shell")
		case "builtin":
			out = append(out, name+" — a shell builtin")
		default:
			if what := whatis(ctx, name); what != "" {
				out = append(out, name+" — "+what)
			}
		}
	}
	return out
}

// whatis is the manual's one-line description of a program, "" when
// there is none (or no man-db).
func whatis(ctx context.Context, name string) string {
	if ctx.Err() != nil || strings.ContainsAny(name, " \t\n") {
		return ""
	}
	out, err := exec.CommandContext(ctx, "whatis", "--", name).Output()
	if err != nil {
		return ""
	}
	// ls (1)               - list directory contents
	// A command's own section (1, 8, 6) first, then any other.
	best := ""
	for _, l := range strings.Split(string(out), "\n") {
		head, what, ok := strings.Cut(l, " - ")
		if !ok || !strings.HasPrefix(head, name+" ") {
			continue
		}
		what = strings.TrimSpace(what)
		if strings.Contains(head, "(1") || strings.Contains(head, "(8") || strings.Contains(head, "(6") {
			return what
		}
		if best == "" {
			best = what
		}
	}
	return best
}
