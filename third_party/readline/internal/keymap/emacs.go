package keymap

import (
	"github.com/reeflective/readline/inputrc"
	"sync"
)

// emacsKeys are the default keymaps in Emacs mode.
func emacsKeys() map[string]inputrc.Bind {
	emacsKeysOnce.Do(func() { emacsKeysValue = makeEmacsKeys() })
	return emacsKeysValue
}

var (
	emacsKeysOnce  sync.Once
	emacsKeysValue map[string]inputrc.Bind
)

func makeEmacsKeys() map[string]inputrc.Bind {
	return map[string]inputrc.Bind{
		"\x04": {Action: "end-of-file"},
		// NOTE: \C-h is deliberately NOT overridden here. Many terminals send ^H
		// for Backspace, and the GNU default (inputrc DefaultBinds) binds \C-h to
		// backward-delete-char. Binding it to backward-kill-word made Backspace
		// delete a whole word on those terminals; leaving it unset restores the
		// standard char-delete behaviour.
		"\x0e":     {Action: "down-line-or-history"},
		"\x10":     {Action: "up-line-or-history"},
		"\x18\x02": {Action: "vi-match"},
		"\x1b\x19": {Action: "yank-nth-arg"},
		"\x1b\x02": {Action: "shell-backward-word"},
		"\x1b\x06": {Action: "shell-forward-word"},
		"\x1b\x04": {Action: "shell-kill-word"},
		"\x1b\x14": {Action: "shell-transpose-words"},
		"\x18\x05": {Action: "edit-command-line"},
		"\x18\x0e": {Action: "infer-next-history"},
		"\x18\x0f": {Action: "overwrite-mode"},
		"\x18r":    {Action: "reverse-search-history"},
		"\x18s":    {Action: "forward-search-history"},
		"\x18u":    {Action: "undo"},
		"\x1b\x1e": {Action: "copy-prev-word"},
		"§":        {Action: "quote-line"},
		"¼":        {Action: "beginning-of-history"},
		"¾":        {Action: "end-of-history"},
		"ã":        {Action: "capitalize-word"},
		"ä":        {Action: "kill-word"},
		"í":        {Action: "copy-prev-shell-word"},
		"î":        {Action: "non-incremental-forward-search-history"},
		"ð":        {Action: "non-incremental-reverse-search-history"},
		"õ":        {Action: "up-case-word"},
		"÷":        {Action: "kill-region"},
		"ü":        {Action: "vi-goto-column"},
	}
}
