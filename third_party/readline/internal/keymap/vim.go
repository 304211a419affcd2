package keymap

import (
	"github.com/reeflective/readline/inputrc"
	"sync"
)

// viinsKeys are the default keymaps in Vim Insert mode.
func viinsKeys() map[string]inputrc.Bind {
	viinsKeysOnce.Do(func() { viinsKeysValue = makeViinsKeys() })
	return viinsKeysValue
}

var (
	viinsKeysOnce  sync.Once
	viinsKeysValue map[string]inputrc.Bind
)

func makeViinsKeys() map[string]inputrc.Bind {
	return map[string]inputrc.Bind{
		"\x1b":    {Action: "vi-movement-mode"},
		"\r":      {Action: "accept-line"},
		"\f":      {Action: "clear-screen"},
		"\x19":    {Action: "yank"},
		"\x01":    {Action: "beginning-of-line"},
		"\x02":    {Action: "backward-char"},
		"\x06":    {Action: "forward-char"},
		"\v":      {Action: "kill-line"},
		"\x0e":    {Action: "menu-complete"},
		"\x0f":    {Action: "operate-and-get-next"},
		"\x10":    {Action: "menu-complete-backward"},
		"\x1f":    {Action: "undo"},
		"\x1b[2~": {Action: "overwrite-mode"},
		"Û3~":     {Action: "delete-char"},
		"ÛH":      {Action: "beginning-of-line"},
		"ÛF":      {Action: "end-of-line"},
		"ÛA":      {Action: "up-line-or-search"},
		"ÛB":      {Action: "down-line-or-search"},
	}
}

// viinsKeymaps are the default keymaps in Vim Command mode.
func vicmdKeys() map[string]inputrc.Bind {
	vicmdKeysOnce.Do(func() { vicmdKeysValue = makeVicmdKeys() })
	return vicmdKeysValue
}

var (
	vicmdKeysOnce  sync.Once
	vicmdKeysValue map[string]inputrc.Bind
)

func makeVicmdKeys() map[string]inputrc.Bind {
	return map[string]inputrc.Bind{
		"\x1b":      {Action: "vi-movement-mode"},
		"\x01":      {Action: "switch-keyword"},
		"\f":        {Action: "clear-screen"},
		"\r":        {Action: "accept-line"},
		"\x0e":      {Action: "next-history"},
		"\x10":      {Action: "previous-history"},
		"\x18":      {Action: "switch-keyword"},
		"¼":         {Action: "beginning-of-buffer-or-history"},
		"¾":         {Action: "end-of-buffer-or-history"},
		"§":         {Action: "quote-line"},
		"\x1b[3~":   {Action: "delete-char"},
		"\x1f":      {Action: "vi-undo"},
		"\x1b[6~":   {Action: "history-search-forward"},
		"\x1b[5~":   {Action: "history-search-backward"},
		"\x1b[H":    {Action: "beginning-of-line"},
		"\x1b[F":    {Action: "end-of-line"},
		"\x1b[A":    {Action: "previous-history"},
		"\x1b[B":    {Action: "next-history"},
		"\x1b[C":    {Action: "vi-forward-char"},
		"\x1b[D":    {Action: "vi-backward-char"},
		"\x1b[3;5~": {Action: "kill-word"},
		"\x1b[1;5C": {Action: "forward-word"},
		"\x1b[1;5D": {Action: "backward-word"},
		" ":         {Action: "vi-forward-char"},
		"$":         {Action: "vi-end-of-line"},
		"%":         {Action: "vi-match"},
		"\"":        {Action: "vi-set-buffer"},
		"0":         {Action: "beginning-of-line"},
		"B":         {Action: "vi-backward-bigword"},
		"e":         {Action: "vi-end-word"},
		"E":         {Action: "vi-end-bigword"},
		"G":         {Action: "vi-fetch-history"},
		"gg":        {Action: "beginning-of-buffer-or-history"},
		"ge":        {Action: "vi-backward-end-word"},
		"gE":        {Action: "vi-backward-end-bigword"},
		"gu":        {Action: "vi-down-case"},
		"gU":        {Action: "vi-up-case"},
		"f":         {Action: "vi-find-next-char"},
		"t":         {Action: "vi-find-next-char-skip"},
		"i":         {Action: "vi-insertion-mode"},
		"I":         {Action: "vi-insert-beg"},
		"h":         {Action: "vi-backward-char"},
		"l":         {Action: "vi-forward-char"},
		"j":         {Action: "down-line-or-history"},
		"k":         {Action: "up-line-or-history"},
		"n":         {Action: "vi-search-again"},
		"N":         {Action: "vi-search-again"},
		"O":         {Action: "vi-open-line-above"},
		"o":         {Action: "vi-open-line-below"},
		"p":         {Action: "vi-put-after"},
		"P":         {Action: "vi-put-before"},
		"q":         {Action: "macro-toggle-record"},
		"r":         {Action: "vi-change-char"},
		"R":         {Action: "vi-replace"},
		"F":         {Action: "vi-find-prev-char"},
		"T":         {Action: "vi-find-prev-char-skip"},
		"s":         {Action: "vi-subst"},
		"u":         {Action: "vi-undo"},
		"v":         {Action: "vi-edit-and-execute-command"},
		"V":         {Action: "vi-visual-line-mode"},
		"w":         {Action: "vi-forward-word"},
		"W":         {Action: "vi-forward-bigword"},
		"x":         {Action: "vi-delete"},
		"X":         {Action: "vi-backward-delete-char"},
		"y":         {Action: "vi-yank-to"},
		"Y":         {Action: "vi-yank-to"},
		"|":         {Action: "vi-column"},
		"~":         {Action: "vi-change-case"},
		"@":         {Action: "macro-run"},
	}
}

// vioppKeys are the default keymaps in Vim Operating Pending mode.
func vioppKeys() map[string]inputrc.Bind {
	vioppKeysOnce.Do(func() { vioppKeysValue = makeVioppKeys() })
	return vioppKeysValue
}

var (
	vioppKeysOnce  sync.Once
	vioppKeysValue map[string]inputrc.Bind
)

func makeVioppKeys() map[string]inputrc.Bind {
	return map[string]inputrc.Bind{
		"\x1b": {Action: "vi-movement-mode"},
		"a":    {Action: "vi-select-inside"},
		"aW":   {Action: "select-a-blank-word"},
		"aa":   {Action: "select-a-shell-word"},
		"aw":   {Action: "select-a-word"},
		"i":    {Action: "vi-select-inside"},
		"iW":   {Action: "select-in-blank-word"},
		"ia":   {Action: "select-in-shell-word"},
		"iw":   {Action: "select-in-word"},
		"s":    {Action: "vi-select-surround"},
		"j":    {Action: "down-line"},
		"k":    {Action: "up-line"},
	}
}

// visualKeys are the default keymaps in Vim Visual mode.
func visualKeys() map[string]inputrc.Bind {
	visualKeysOnce.Do(func() { visualKeysValue = makeVisualKeys() })
	return visualKeysValue
}

var (
	visualKeysOnce  sync.Once
	visualKeysValue map[string]inputrc.Bind
)

func makeVisualKeys() map[string]inputrc.Bind {
	return map[string]inputrc.Bind{
		"\x1b": {Action: "vi-movement-mode"},
		"aW":   {Action: "select-a-blank-word"},
		"aa":   {Action: "select-a-shell-word"},
		"aw":   {Action: "select-a-word"},
		"iW":   {Action: "select-in-blank-word"},
		"ia":   {Action: "select-in-shell-word"},
		"iw":   {Action: "select-in-word"},
		"a":    {Action: "vi-select-inside"},
		"c":    {Action: "vi-change-to"},
		"d":    {Action: "vi-delete-to"},
		"i":    {Action: "vi-select-inside"},
		"j":    {Action: "next-screen-line"},
		"k":    {Action: "previous-screen-line"},
		"s":    {Action: "vi-subst"},
		"S":    {Action: "vi-add-surround"},
		"u":    {Action: "vi-down-case"},
		"v":    {Action: "vi-edit-command-line"},
		"x":    {Action: "vi-delete-to"},
		"y":    {Action: "vi-yank-to"},
		"~":    {Action: "vi-swap-case"},
	}
}
