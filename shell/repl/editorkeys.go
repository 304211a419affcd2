package repl

import (
	"fmt"
	"maps"
	"os"
	"strings"
	"unicode"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
)

// Keys as a bash user's fingers expect them. The widgets below replace
// readline's commands of the same names, so that a key an inputrc binds
// to one of these names gets bash's behaviour too.

// setupEditorKeys installs nosh's key behaviour on rl.
func (se *session) setupEditorKeys(rl *readline.Shell) {
	builtin := rl.Keymap.Commands()
	menuComplete := builtin["menu-complete"]
	acceptLine := builtin["accept-line"]
	abort := builtin["abort"]
	endOfFile := builtin["end-of-file"]
	selfInsert := builtin["self-insert"]
	editAndRun := func() { se.requestEdit(rl, acceptLine, true) }
	editOnly := func() { se.requestEdit(rl, acceptLine, false) }
	acceptWord := builtin["inline-suggest-accept-word"]
	search := &historySearch{rl: rl}
	rl.Keymap.Register(map[string]func(){
		"complete":                    func() { completeShowing(rl, menuComplete) },
		"unix-word-rubout":            func() { unixWordRubout(rl) },
		"forward-word":                func() { se.forwardWordOrSuggestion(rl, acceptWord, func() { forwardWord(rl) }) },
		"backward-word":               func() { backwardWord(rl) },
		"kill-word":                   func() { killWord(rl) },
		"backward-kill-word":          func() { backwardKillWord(rl) },
		interruptWidget:               func() { interrupt(rl, abort) },
		"magic-space":                 func() { se.magicSpace(rl, selfInsert) },
		"edit-and-execute-command":    editAndRun,
		"vi-edit-and-execute-command": editAndRun,
		"edit-command-line":           editOnly,
		"vi-edit-command-line":        editOnly,
		"end-of-file":                 func() { se.endOfFile(rl, endOfFile, acceptLine) },
		"vi-eof-maybe":                func() { se.endOfFile(rl, endOfFile, acceptLine) },
		"history-search-backward":     func() { search.step(false) },
		"history-search-forward":      func() { search.step(true) },
		"upcase-word":                 func() { changeWordCase(rl, upcase) },
		"up-case-word":                func() { changeWordCase(rl, upcase) },
		"downcase-word":               func() { changeWordCase(rl, downcase) },
		"down-case-word":              func() { changeWordCase(rl, downcase) },
		"capitalize-word":             func() { changeWordCase(rl, capitalize) },
		"shell-forward-word":          func() { shellForwardWord(rl) },
		"shell-backward-word":         func() { shellBackwardWord(rl) },
		"shell-kill-word":             func() { shellKillWord(rl) },
		"shell-backward-kill-word":    func() { shellBackwardKillWord(rl) },
	})

	// ↑/↓ search history by what is typed (plain history on an empty
	// line); Alt+E and Ctrl+X Ctrl+E edit the line in $VISUAL or $EDITOR
	// and run it, as bash's edit-and-execute-command. A key the inputrc
	// bound to something else keeps its binding.
	defaults := map[string]bool{"": true, "up-line-or-history": true, "down-line-or-history": true,
		"previous-history": true, "next-history": true, "vi-down-line-or-history": true,
		"vi-up-line-or-history": true, "up-line-or-search": true, "down-line-or-search": true,
		"edit-and-execute-command": true, "edit-command-line": true,
		"unix-word-rubout": true, "backward-kill-word": true}
	// readline binds each arrow twice, as ESC [ A and as Meta-[ A (the
	// form it matches when the keys come one read at a time, as a person
	// types them): both search.
	// In vi insertion mode, Escape then a key is that key in command
	// mode, however fast they come, as in bash: no Alt key is bound
	// there.
	up, down := "history-search-backward", "history-search-forward"
	both := map[string]string{
		"\x1b[A": up, "\x1bOA": up, inputrc.Unescape(`\M-[A`): up, inputrc.Unescape(`\M-OA`): up,
		"\x1b[B": down, "\x1bOB": down, inputrc.Unescape(`\M-[B`): down, inputrc.Unescape(`\M-OB`): down,
		"\x18\x05": "edit-and-execute-command",
		// Page Up and Page Down search by prefix in bash's readline.
		"\x1b[5~": up, "\x1b[6~": down,
	}
	emacs := map[string]string{
		"\x1be": "edit-and-execute-command", "\x1bl": "downcase-word",
		"\x17": "unix-word-rubout", "\x1b\x7f": "backward-kill-word", "\x1b\x08": "backward-kill-word",
	}
	for km, keys := range map[string][]map[string]string{"emacs": {both, emacs}, "vi-insert": {both}} {
		for _, binds := range keys {
			for seq, action := range binds {
				if defaults[rl.Config.Binds[km][seq].Action] {
					rl.Config.Bind(km, seq, action, false)
				}
			}
		}
	}
	searchAgainKeys(rl)
	// Ctrl+C cancels the line from anywhere, a completion menu or a
	// search included, as in bash (Ctrl+G only leaves those).
	for km, binds := range rl.Config.Binds {
		if binds["\x03"].Action == "abort" {
			rl.Config.Bind(km, "\x03", interruptWidget, false)
		}
	}
}

// searchAgainKeys makes the keys that start a history search (Ctrl+R,
// Ctrl+S) go to the next match while it is under way, older for Ctrl+R,
// as in bash. readline's own commands cancel the search there (they cycle
// through history sources, and nosh has one): a bash user's second
// Ctrl+R lost what was typed. The search's keymap is the same map as
// the completion menu's; it gets a copy of its own, so that Ctrl+R in
// Tab's menu is unchanged.
func searchAgainKeys(rl *readline.Shell) {
	isearch := maps.Clone(rl.Config.Binds["isearch"])
	for _, km := range []string{"emacs", "vi-insert"} {
		for seq, bind := range rl.Config.Binds[km] {
			switch bind.Action {
			case "reverse-search-history":
				isearch[seq] = inputrc.Bind{Action: "menu-complete"}
			case "forward-search-history":
				isearch[seq] = inputrc.Bind{Action: "menu-complete-backward"}
			}
		}
	}
	rl.Config.Binds["isearch"] = isearch
}

// historySearch is history-search-backward (↑) and -forward (↓), as
// bash's: the previous or next entry that starts with the line up to the
// cursor, which stays where it is, so that the next ↑ searches for the
// same text; ↓ past the newest match brings back the line as typed.
// readline's own commands search for what their undo history holds,
// which is empty when the keys come one read at a time, as people type
// them: ↑ then ignored what was typed.
type historySearch struct {
	rl *readline.Shell
	// typed is the line when the search began, prefix its part before
	// the cursor; shown is the entry shown, at index at; "" when no
	// search is under way (the user edited the line since).
	typed, prefix, shown string
	at                   int
}

func (h *historySearch) step(forward bool) {
	src := h.rl.History.Current()
	if src == nil {
		return
	}
	line := string(*h.rl.Line())
	if h.shown == "" || line != h.shown {
		cur := min(h.rl.Cursor().Pos(), len([]rune(line)))
		h.typed, h.prefix, h.shown, h.at = line, string([]rune(line)[:cur]), "", src.Len()
	}
	dir := -1
	if forward {
		dir = 1
	}
	for i := h.at + dir; i >= 0 && i < src.Len(); i += dir {
		entry, err := src.GetLine(i)
		if err != nil || !strings.HasPrefix(entry, h.prefix) || entry == line {
			continue
		}
		h.show(entry, i)
		return
	}
	if forward && h.shown != "" {
		h.show(h.typed, src.Len())
		h.shown = ""
	}
}

// show puts entry (index i) in the line, the cursor after the prefix;
// with no prefix (↑ on an empty line walks the history), at the end.
func (h *historySearch) show(entry string, i int) {
	h.rl.Line().Set([]rune(entry)...)
	if h.prefix == "" {
		h.rl.Cursor().Set(h.rl.Line().Len())
	} else {
		h.rl.Cursor().Set(len([]rune(h.prefix)))
	}
	h.shown, h.at = entry, i
}

// interruptWidget is Ctrl+C.
const interruptWidget = "nosh-interrupt"

// interrupt cancels the line: readline's abort leaves a menu or a
// search, if one is open, then the line is given up with ^C shown.
func interrupt(rl *readline.Shell, abort func()) {
	switch rl.Keymap.Local() {
	case "menu-select", "isearch":
		abort()
		if accepted, _, _ := rl.History.LineAccepted(); accepted {
			return // abort ended the line itself
		}
	}
	if rl.Config.GetBool("echo-control-characters") {
		fmt.Fprint(os.Stdout, "^C")
	}
	rl.Display.AcceptLine()
	rl.History.Accept(false, false, readline.ErrInterrupt)
}

// completeShowing is Tab: a single candidate is inserted; with several,
// their longest common prefix is inserted and they are listed below the
// line, so that nothing is ever chosen without being seen. A second Tab
// then cycles through the list, visibly.
func completeShowing(rl *readline.Shell, menuComplete func()) {
	old := rl.Config.GetBool("menu-complete-display-prefix")
	rl.Config.Set("menu-complete-display-prefix", true)
	menuComplete()
	rl.Config.Set("menu-complete-display-prefix", old)
}

// unixWordRubout is Ctrl+W as in bash: it deletes back to the previous
// whitespace, so `/usr/local/bin` or `--dry-run` goes in one press, and
// the text goes to the kill ring.
func unixWordRubout(rl *readline.Shell) {
	rl.History.Save() // the line before, for undo
	line, cur := rl.Line(), rl.Cursor()
	end := cur.Pos()
	i := end
	for i > 0 && unicode.IsSpace((*line)[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace((*line)[i-1]) {
		i--
	}
	if i == end {
		return
	}
	rl.Buffers.Kill((*line)[i:end], true)
	line.Cut(i, end)
	cur.Set(i)
}

// forwardWordOrSuggestion is Alt+F: at the end of the line, with a
// suggestion shown (from history, or one the shell set), it accepts the
// suggestion's next word, as fish does; elsewhere it moves forward a word.
func (se *session) forwardWordOrSuggestion(rl *readline.Shell, acceptInlineWord, forwardWord func()) {
	line, cur := rl.Line(), rl.Cursor()
	sug := rl.GetInlineSuggestion()
	if cur.Pos() != line.Len() || len(sug) <= len(string(*line)) || !strings.HasPrefix(sug, string(*line)) {
		forwardWord()
		return
	}
	if !se.suggest.isHistorySuggestion(sug) && acceptInlineWord != nil {
		acceptInlineWord()
		return
	}
	// A history suggestion: the next word as Alt+F moves by words.
	sugg := []rune(sug)
	next := nextWordEnd(sugg, line.Len())
	line.Insert(line.Len(), sugg[line.Len():next]...)
	cur.Set(next)
}

// Words for the word motions are runs of letters and digits, as in bash
// (readline's own count bytes for runes, and go astray on é or ß).
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// prevWordStart returns where the word before position i in s starts.
func prevWordStart(s []rune, i int) int {
	for i > 0 && !isWordRune(s[i-1]) {
		i--
	}
	for i > 0 && isWordRune(s[i-1]) {
		i--
	}
	return i
}

// forwardWord is forward-word (Alt+F): to the end of the next word.
func forwardWord(rl *readline.Shell) {
	for range max(1, rl.Iterations.Get()) {
		rl.Cursor().Set(nextWordEnd(*rl.Line(), rl.Cursor().Pos()))
	}
}

// backwardWord is backward-word (Alt+B): to the start of this word or
// the one before.
func backwardWord(rl *readline.Shell) {
	for range max(1, rl.Iterations.Get()) {
		rl.Cursor().Set(prevWordStart(*rl.Line(), rl.Cursor().Pos()))
	}
}

// killWord is kill-word (Alt+D): to the end of the next word.
func killWord(rl *readline.Shell) {
	rl.History.Save() // the line before, for undo
	line, cur := rl.Line(), rl.Cursor()
	start, end := cur.Pos(), cur.Pos()
	for range max(1, rl.Iterations.Get()) {
		end = nextWordEnd(*line, end)
	}
	if end > start {
		rl.Buffers.Kill((*line)[start:end], false)
		line.Cut(start, end)
	}
}

// backwardKillWord is backward-kill-word (Alt+Backspace): back to the
// start of this word or the one before.
func backwardKillWord(rl *readline.Shell) {
	rl.History.Save() // the line before, for undo
	line, cur := rl.Line(), rl.Cursor()
	start, end := cur.Pos(), cur.Pos()
	for range max(1, rl.Iterations.Get()) {
		start = prevWordStart(*line, start)
	}
	if start < end {
		rl.Buffers.Kill((*line)[start:end], true)
		line.Cut(start, end)
		cur.Set(start)
	}
}

// nextWordEnd returns where the word after position i in s ends: past
// any characters that are not letters or digits, then past the letters
// and digits that follow (emacs's and bash's forward-word).
func nextWordEnd(s []rune, i int) int {
	for i < len(s) && !isWordRune(s[i]) {
		i++
	}
	for i < len(s) && isWordRune(s[i]) {
		i++
	}
	return i
}
