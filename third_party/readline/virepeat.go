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

	// The keys go before any typed after ., which come next.
	core.MatchedKeys(rl.Keys, nil, []byte(string(keys))...)
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
