package readline

import (
	"github.com/reeflective/readline/internal/core"
)

// viRepeatState records vi's last change for . (vi-redo): the keys of
// the command that changed the line, from its count to the end of its
// motion, or of the insertion it started (Escape included), as GNU
// readline's _rl_vi_last_command and the text inserted with it. The
// library's vi-redo was the redo of undo, and . did nothing after dw.
type viRepeatState struct {
	count     []rune // digits typed in command mode before a command
	recording bool
	keys      []rune // the change being recorded
	last      []rune // the last whole change

	// replaying is set while . puts the keys of the last change back,
	// which are then one step of undo, as GNU readline's redo is one
	// undo group; keepPoint while they are of a change made with c, C,
	// s or S, whose Escape leaves the cursor after the text put in
	// again (vi_change_dispatch inserts the text, and no insertion mode
	// is left), not one back as a typed Escape does.
	replaying bool
	keepPoint bool

	// changing is set from the cut of a change made with c, C, s or S
	// to the Escape that ends its insertion: the cut and the text typed
	// are one step of undo, as in GNU readline, where u after cwNEW
	// gives the word back.
	changing bool
}

// isViChange reports whether a command of vi command mode changes the
// line, and so is what . repeats.
func isViChange(action string) bool {
	switch action {
	case "vi-delete", "vi-rubout", "vi-backward-delete-char", "vi-delete-to",
		"vi-change-to", "vi-change-char", "vi-subst", "vi-change-case", "vi-put",
		"vi-put-after", "vi-put-before", "vi-replace", "vi-insertion-mode",
		"vi-append-mode", "vi-insert-beg", "vi-append-eol", "vi-kill-eol",
		"vi-change-eol", "vi-up-case", "vi-down-case", "vi-open-line-above",
		"vi-open-line-below", "kill-line", "transpose-chars":
		return true
	}

	return false
}

// recordViChange follows a command run with keys, in command mode when
// wasCommand.
func (rl *Shell) recordViChange(action string, keys []rune, wasCommand bool) {
	state := &rl.viRepeat

	switch {
	case action == "vi-redo":
		state.count = nil
		return
	case !state.recording && wasCommand && (action == "vi-arg-digit" || action == "digit-argument"):
		state.count = append(state.count, keys...)
		return
	case !state.recording && wasCommand && isViChange(action):
		state.recording = true
		state.keys = append(append([]rune{}, state.count...), keys...)
	case state.recording:
		state.keys = append(state.keys, keys...)
	default:
		state.count = nil
		return
	}

	state.count = nil

	// The change is whole when the line is back in command mode with no
	// operator waiting for its motion.
	if rl.inViCommandMode() && rl.Keymap.Local() == "" {
		state.recording = false
		state.last = state.keys
		state.keys = nil
		state.replaying = false
		state.keepPoint = false
	}
}

// viRedo is vi's .: the last change again, with the count typed before .
// in place of its own.
func (rl *Shell) viRedo() {
	state := &rl.viRepeat
	if len(state.last) == 0 {
		return
	}

	keys := state.last
	if rl.Iterations.IsSet() {
		for len(keys) > 0 && keys[0] >= '0' && keys[0] <= '9' {
			keys = keys[1:]
		}

		keys = append([]rune(intString(rl.Iterations.Get())), keys...)
	}

	state.replaying = true
	state.keepPoint = isChangeKey(keys)

	// The keys go before any typed after ., which come next.
	core.MatchedKeys(rl.Keys, nil, []byte(string(keys))...)
}

// isChangeKey reports whether the keys of a change, past its count, start
// with one of vi's change commands, c, C, s or S.
func isChangeKey(keys []rune) bool {
	for _, r := range keys {
		if r < '0' || r > '9' {
			return r == 'c' || r == 'C' || r == 's' || r == 'S'
		}
	}

	return false
}

// viChangeInsert enters insertion mode after the cut of a change, which
// with the text then typed is one step of undo.
func (rl *Shell) viChangeInsert() {
	rl.viRepeat.changing = true
	rl.viInsertMode()
}

// skipUndoStep reports whether the command just run is inside an undo
// step still open: a change being typed, or one that . puts back.
func (rl *Shell) skipUndoStep() bool {
	return rl.viRepeat.replaying || rl.viRepeat.changing
}

func intString(n int) string {
	if n <= 0 {
		return ""
	}

	var digits []rune
	for ; n > 0; n /= 10 {
		digits = append([]rune{rune('0' + n%10)}, digits...)
	}

	return string(digits)
}
