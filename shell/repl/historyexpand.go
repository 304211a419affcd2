package repl

import (
	"context"
	"fmt"

	"github.com/reeflective/readline"

	"nosh/shell/history"
)

// History expansion (!!, !$, ^old^new…) of lines typed at the prompt, as
// bash does it: only in an interactive shell with set -H (the default),
// before the line is stored or parsed; the expanded line is shown, then
// stored and run in place of what was typed. A failed expansion runs and
// stores nothing. shopt histverify puts the expanded line back in the
// editor instead of running it; histreedit puts back a line that failed.

// acceptedLine is what happens to a line the editor returned before it
// is stored and run: an edit in $EDITOR that a key asked for, the
// terminal's size in COLUMNS and LINES (it may have changed while the
// line was typed), and history expansion. It returns the line to run,
// and false when there is none.
func (se *session) acceptedLine(ctx context.Context, line string) (string, bool) {
	if se.sh.ShoptOn("checkwinsize") {
		// Asked of the terminal, not taken from se.size: a SIGWINCH
		// the kernel sent while the line was typed may not have reached
		// the goroutine that notes it yet (bash's handler runs at once).
		se.sh.UpdateWinSize()
	}
	line = se.takeEditRequest(ctx, line)
	if line == "" {
		return "", false
	}
	return se.expandHistory(line)
}

// historyLines adapts the session's history to histexpand.
type historyLines struct{ h *history.History }

func (l historyLines) Len() int {
	if l.h == nil {
		return 0
	}
	return l.h.Len()
}

func (l historyLines) Line(i int) string { return l.h.Entry(i).Command }

// histExpansion reports whether set -H is on.
func (s *Shell) histExpansion() bool {
	return s.Option("histexpand")
}

// expandHistory expands line as typed at the prompt. It returns the line
// to store and run, and false when there is nothing to run.
func (se *session) expandHistory(line string) (string, bool) {
	s := se.sh
	if !s.histExpansion() || isAIRequest(line) {
		// A ? or ?? request is prose for the model: "!" there is text.
		return line, true
	}
	res, err := se.sh.hexp.Expand(line, historyLines{se.hist})
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, err)
		if s.ShoptOn("histreedit") {
			se.prefill(line)
		}
		return "", false
	}
	if !res.Expanded {
		return line, true
	}
	switch {
	case res.PrintOnly:
		fmt.Fprintln(s.stderr, res.Line)
		se.recordLine(res.Line)
		return "", false
	case s.ShoptOn("histverify"):
		se.prefill(res.Line)
		return "", false
	}
	fmt.Fprintln(s.stderr, res.Line)
	return res.Line, true
}

// magicSpace is readline's magic-space, for `bind Space:magic-space`:
// the history references typed so far are expanded in place, then a
// space is inserted.
func (se *session) magicSpace(rl *readline.Shell, selfInsert func()) {
	line := string(*rl.Line())
	if se.sh.histExpansion() && rl.Cursor().Pos() == rl.Line().Len() {
		if res, err := se.sh.hexp.Expand(line, historyLines{se.hist}); err == nil && res.Expanded {
			rl.Line().Set([]rune(res.Line)...)
			rl.Cursor().Set(rl.Line().Len())
		}
	}
	selfInsert()
}
