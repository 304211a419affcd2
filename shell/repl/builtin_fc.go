package repl

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell"
	"nosh/shell/builtins"
	"nosh/shell/history"
	"nosh/shell/internal/interpunsafe"
)

// fc lists, edits and re-runs history entries, as bash's does:
//
//	fc -l [-nr] [first [last]]   list (the last 16 by default)
//	fc [-e editor] [first [last]]   edit in $FCEDIT, $EDITOR or vi, then run
//	fc -s [old=new] [command]    run again, with old replaced by new
//
// first and last are entry numbers (as `history` shows them), negative
// offsets from the current line, or the start of a command. The line
// that runs fc is replaced in history by the commands it ran.

const fcUsage = "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"

func builtinFc(ctx context.Context, c *call) error {
	o, args, err := parseFcOptions(c, c.Args)
	if err != nil {
		return err
	}
	if c.sh.history == nil {
		return c.Errorf(1, "history is not available in this shell")
	}
	list, numbers, reverse, again, editor := o.list, o.numbers, o.reverse, o.again, o.editor
	entries := c.sh.fcEntries()
	if again || editor == "-" {
		return c.fcAgain(ctx, args, entries)
	}
	if len(args) > 2 {
		return c.Errorf(2, "too many arguments\nfc: usage: %s", fcUsage)
	}
	first, last := -1, -1
	if list {
		first = -16
	}
	var firstSpec, lastSpec string
	if len(args) > 0 {
		firstSpec = args[0]
		if len(args) == 1 && !list {
			lastSpec = args[0]
		}
	}
	if len(args) > 1 {
		lastSpec = args[1]
	}
	lo, ok := fcFind(entries, firstSpec, first)
	if !ok {
		return c.Errorf(1, "history specification out of range")
	}
	hi, ok := fcFind(entries, lastSpec, last)
	if !ok {
		return c.Errorf(1, "history specification out of range")
	}
	if list && len(entries) == 0 {
		return nil
	}
	if lo > hi {
		lo, hi = hi, lo
		reverse = !reverse
	}
	if list {
		var out strings.Builder
		for k := range hi - lo + 1 {
			i := lo + k
			if reverse {
				i = hi - k
			}
			if numbers {
				fmt.Fprintf(&out, "%d\t %s\n", i+1, entries[i])
			} else {
				fmt.Fprintf(&out, "\t %s\n", entries[i])
			}
		}
		c.WriteOut(out.String())
		return nil
	}
	var cmds []string
	for k := range hi - lo + 1 {
		i := lo + k
		if reverse {
			i = hi - k
		}
		cmds = append(cmds, entries[i])
	}
	if editor == "" {
		editor = fcEditor(c.R)
	}
	text, ok := c.editInRunner(ctx, strings.Join(cmds, "\n")+"\n", editor)
	if !ok {
		return shell.ErrKeepStatus
	}
	return c.fcRun(ctx, strings.TrimRight(text, "\n"))
}

// fcOptions are fc's options: -l, -n (numbers false), -r, -s, -e editor.
type fcOptions struct {
	list, numbers, reverse, again bool
	editor                        string
}

// parseFcOptions reads fc's options from args and returns the operands
// after them. Options end at the first operand; -3 is an operand (an
// offset).
func parseFcOptions(c *call, args []string) (fcOptions, []string, error) {
	o := fcOptions{numbers: true}
	g := builtins.NewGetopt("e:lnrs", args)
	g.NumbersEnd = true
	for g.Next() {
		switch g.Opt {
		case 'l':
			o.list = true
		case 'n':
			o.numbers = false
		case 'r':
			o.reverse = true
		case 's':
			o.again = true
		case 'e':
			o.editor = g.Arg
		}
	}
	if err := g.Err(); err != nil {
		return o, nil, c.BadOption(err)
	}
	return o, g.Rest(), nil
}

func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

// fcEntries returns the history fc works on: every entry but the line
// running fc itself.
func (s *Shell) fcEntries() []string {
	h := s.history
	n := h.Len()
	if s.histRunning && n > 0 {
		n--
	}
	out := make([]string, n)
	for i := range n {
		out[i] = h.Entry(i).Command
	}
	return out
}

// fcFind resolves one of fc's first/last operands to an index of
// entries: spec, or def (a negative offset) when spec is empty.
func fcFind(entries []string, spec string, def int) (int, bool) {
	n := len(entries)
	if spec == "" {
		return max(n+def, 0), n > 0
	}
	if num, err := strconv.Atoi(spec); err == nil {
		switch {
		case num < 0:
			num = n + num
		case num > 0:
			num--
		default:
			num = n - 1
		}
		// Out-of-range numbers are brought inside the list, as bash does.
		return max(0, min(num, n-1)), n > 0
	}
	for i := n - 1; i >= 0; i-- {
		if strings.HasPrefix(entries[i], spec) {
			return i, true
		}
	}
	return 0, false
}

// fcEditor is fc's default editor: $FCEDIT, else $EDITOR, else vi.
func fcEditor(r *interp.Runner) string {
	for _, name := range []string{"FCEDIT", "EDITOR"} {
		if v := strings.TrimSpace(interpunsafe.LookupVar(r, name).String()); v != "" {
			return v
		}
	}
	return "vi"
}

// fcAgain is fc -s [old=new] [command].
func (c *call) fcAgain(ctx context.Context, args []string, entries []string) error {
	var old, repl string
	if len(args) > 0 {
		if o, r, ok := strings.Cut(args[0], "="); ok {
			old, repl = o, r
			args = args[1:]
		}
	}
	spec := ""
	if len(args) > 0 {
		spec = args[0]
	}
	i, ok := fcFind(entries, spec, -1)
	if !ok || len(entries) == 0 {
		return c.Errorf(1, "no command found")
	}
	cmd := entries[i]
	if old != "" {
		cmd = strings.ReplaceAll(cmd, old, repl)
	}
	return c.fcRun(ctx, cmd)
}

// fcRun shows the commands, puts them in history in place of the fc
// line, and runs them in the current shell.
func (c *call) fcRun(ctx context.Context, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	fmt.Fprintln(c.Stderr, text)
	c.sh.replaceRunningEntry(text)
	if err := c.Eval(ctx, strings.NewReader(text), "fc"); err != nil {
		c.sh.ReportSyntaxTo(c.Stderr, err, "fc")
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 2})
	}
	return shell.ErrKeepStatus
}

// replaceRunningEntry puts text in history in place of the line being
// run (fc's own), which then gets text's exit status.
func (s *Shell) replaceRunningEntry(text string) {
	h := s.history
	if s.histRunning && h.Len() > 0 {
		h.Delete(h.Len() - 1)
	}
	if h.Add(history.Entry{Dir: s.Dir(), Status: history.StatusUnknown, Command: text}) == nil && h.Len() > 0 {
		s.histRunning = h.Entry(h.Len()-1).Command == text
	}
}

// editInRunner runs editor on a temporary file holding text, in runner
// r, and returns what the file holds afterwards; ok is false when the
// editor failed (its status is then fc's).
func (c *call) editInRunner(ctx context.Context, text, editor string) (string, bool) {
	path, err := writeEditFile(text)
	if err != nil {
		c.Errorf(1, "%v", err)
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 1})
		return "", false
	}
	defer os.Remove(path)
	q, _ := syntax.Quote(path, syntax.LangBash)
	if err := c.Eval(ctx, strings.NewReader(editor+" "+q), "fc"); err != nil {
		c.sh.ReportSyntaxTo(c.Stderr, err, "fc")
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 2})
		return "", false
	}
	if interpunsafe.Exit(c.R).Code != 0 {
		return "", false
	}
	out, err := os.ReadFile(path)
	if err != nil {
		c.Errorf(1, "%v", err)
		interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 1})
		return "", false
	}
	return string(out), true
}
