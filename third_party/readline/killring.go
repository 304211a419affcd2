package readline

// isKill reports whether a command kills text (to the kill ring): the
// kill of a command after it joins it.
func isKill(action string) bool {
	switch action {
	case "kill-line", "backward-kill-line", "unix-line-discard", "kill-whole-line",
		"kill-word", "backward-kill-word", "unix-word-rubout", "unix-filename-rubout",
		"vi-unix-word-rubout", "kill-region", "shell-kill-word", "shell-backward-kill-word":
		return true
	}

	return false
}
