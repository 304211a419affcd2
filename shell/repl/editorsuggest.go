package repl

import (
	"github.com/reeflective/readline"

	"nosh/shell/history"
)

// Suggestions as fish makes them: the newest history entry that extends
// the typed line (one run in the current directory first) is shown dimmed
// after the cursor; → accepts it, Alt+F takes its next word.
//
// readline has a history autosuggestion of its own, but stock readline
// finds it by reading every entry through the history source, newest
// first, at every redraw, whether the option is on or off: with 10 000
// entries and nothing matching, that was most of what a key cost. nosh's
// history answers the same question from an index of the entries' first
// bytes in microseconds. So readline's option stays off, the suggestion
// is nosh's, set as readline's inline suggestion, and the history source
// answers readline's own question itself (history.ReadlineSource.Suggest,
// through the Suggester interface of nosh's patched readline) without a
// scan. The history the editor walks (↑, Ctrl+R) is never hidden.

// suggester supplies the editor's suggestion from the history index.
type suggester struct {
	rl   *readline.Shell
	hist *history.History
	src  *history.ReadlineSource
	dir  func() string
	// on is whether suggestions are shown: [editor] autosuggest, or bind's
	// `set history-autosuggest`, or the autosuggest-* commands.
	on bool
	// shown is the suggestion nosh set last, to tell it from one the
	// shell's other parts (the AI) may set.
	shown string
	// inCommand is set while an editor command runs: a redraw then is
	// the command's own (an accepted line's last), and shows none.
	inCommand bool
	// idle is told of every redraw: a key was typed.
	idle *idleTrim
	// onScreen is called at the first redraw, when the first prompt is on
	// the screen: work put off until then begins (the signal set-up).
	onScreen func()
	// memo is the last question asked of the history index and its
	// answer: the prompt's row reservation asks it before each redraw,
	// and provide again during it.
	memo struct {
		line, dir, cmd string
		ok             bool
	}
}

// setupSuggestions installs nosh's suggestions on rl, on or off as on
// says, reading them from h (nil: no history, no suggestions). It must run
// after every widget is registered: it wraps them all.
func (se *session) setupSuggestions(rl *readline.Shell, h *history.History, src *history.ReadlineSource, on bool) {
	sg := &suggester{rl: rl, hist: h, src: src, dir: se.sh.Dir, on: on, idle: &se.idle,
		onScreen: se.sh.BeginSignalSetup}
	se.suggest = sg
	rl.Config.Set("history-autosuggest", false)
	rl.Hint.SetProvider(sg.provide)
	builtin := rl.Keymap.Commands()
	acceptInline := builtin["inline-suggest-accept"]
	acceptLine := builtin["accept-line"]
	rl.Keymap.Register(map[string]func(){
		"autosuggest-enable":  func() { sg.on = true },
		"autosuggest-disable": func() { sg.on = false },
		"autosuggest-toggle":  func() { sg.on = !sg.on },
		"autosuggest-accept":  acceptInline,
		"autosuggest-execute": func() {
			acceptInline()
			acceptLine()
		},
	})
	for name, cmd := range builtin {
		builtin[name] = sg.wrap(cmd)
	}
}

// wrap returns cmd marked as an editor command for the suggester.
func (sg *suggester) wrap(cmd func()) func() {
	if sg == nil || cmd == nil {
		return nil
	}
	return func() {
		outer := !sg.inCommand
		if outer {
			sg.inCommand = true
			defer func() { sg.inCommand = false }()
		}
		cmd()
	}
}

// beforeReadline is called before each line is read: no editor command
// is running then.
func (sg *suggester) beforeReadline() {
	if sg != nil {
		sg.inCommand = false
	}
}

// provide is readline's hint provider, which it calls at every redraw.
// It shows no hint; it sets the suggestion for the line as it now is.
func (sg *suggester) provide(line []rune, cursor int) []rune {
	sg.idle.touch()
	if f := sg.onScreen; f != nil {
		sg.onScreen = nil
		f()
	}
	if sg.hist != nil {
		// The first prompt is on the screen: time to read the history
		// (OpenInBackground put it off so as not to slow the start).
		sg.hist.Begin()
	}
	cmd, ok := sg.wouldShow(line, cursor)
	if !ok {
		sg.clear()
		return nil
	}
	if cur := sg.rl.GetInlineSuggestion(); cur == "" || cur == sg.shown {
		sg.rl.SetInlineSuggestion(cmd)
		sg.shown = cmd
	}
	return nil
}

// wouldShow returns the suggestion for line with the cursor at cursor, if
// one is to be shown.
func (sg *suggester) wouldShow(line []rune, cursor int) (string, bool) {
	if sg == nil || sg.inCommand || !sg.on || sg.hist == nil || cursor != len(line) || len(line) == 0 ||
		sg.rl.Keymap.Local() != "" {
		return "", false
	}
	text, dir := string(line), sg.dir()
	if m := &sg.memo; m.line != text || m.dir != dir {
		m.line, m.dir = text, dir
		m.cmd, m.ok = sg.hist.Suggest(text, dir)
	}
	return sg.memo.cmd, sg.memo.ok
}

// clear takes nosh's suggestion away, leaving any other one.
func (sg *suggester) clear() {
	if sg.shown != "" && sg.rl.GetInlineSuggestion() == sg.shown {
		sg.rl.ClearInlineSuggestion()
	}
	sg.shown = ""
}

// isHistorySuggestion reports whether s is the history suggestion shown.
func (sg *suggester) isHistorySuggestion(s string) bool {
	return sg != nil && s != "" && s == sg.shown
}

// autosuggest is editorLink's: whether suggestions are shown, switched
// first when set is not nil.
func (se *session) autosuggest(set *bool) bool {
	se.lineEditor() // makes se.suggest
	if set != nil {
		se.suggest.on = *set
	}
	return se.suggest.on
}
