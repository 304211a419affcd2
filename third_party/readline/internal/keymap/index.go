package keymap

import (
	"reflect"
	"slices"
	"strings"

	"github.com/reeflective/readline/inputrc"
	"github.com/reeflective/readline/internal/strutil"
)

// bindIndex holds a keymap's sequences sorted by the keys they match
// (their meta characters converted to ESC-prefixed keys), so that matching
// the keys typed is a binary search instead of a walk through the whole
// keymap (several hundred sequences) at every key.
//
// It holds sequences, not binds: the binds are read from the keymap at
// each match, so that a bind changed in place is seen at once, and a
// sequence deleted since the index was made is skipped. The index is made
// again when the keymap is another map, or its size changed, or a bind was
// added through inputrc.Config.Bind.
type bindIndex struct {
	keymap  uintptr // identity of the map indexed
	size    int
	changes uint64
	seqs    []indexedSeq
}

type indexedSeq struct {
	keys     string // the sequence as typed keys (ConvertMeta)
	sequence string // the sequence as the keymap holds it
}

// indexFor returns the index of binds, the keymap named name.
func (m *Engine) indexFor(name string, binds map[string]inputrc.Bind) *bindIndex {
	id := reflect.ValueOf(binds).Pointer()
	var changes uint64
	if m.config != nil {
		changes = m.config.Changes()
	}

	idx := m.indexes[name]
	if idx != nil && idx.keymap == id && idx.size == len(binds) && idx.changes == changes {
		return idx
	}

	idx = &bindIndex{keymap: id, size: len(binds), changes: changes}
	idx.seqs = make([]indexedSeq, 0, len(binds))

	for sequence := range binds {
		keys := sequence
		if hasMeta(sequence) {
			keys = strutil.ConvertMeta([]rune(sequence))
		}

		idx.seqs = append(idx.seqs, indexedSeq{keys: keys, sequence: sequence})
	}

	// By keys; among sequences converting to the same keys, in (length,
	// text) order, the last of which wins an exact match.
	slices.SortFunc(idx.seqs, func(a, b indexedSeq) int {
		if c := strings.Compare(a.keys, b.keys); c != 0 {
			return c
		}
		if len(a.sequence) != len(b.sequence) {
			return len(a.sequence) - len(b.sequence)
		}
		return strings.Compare(a.sequence, b.sequence)
	})

	if m.indexes == nil {
		m.indexes = make(map[string]*bindIndex)
	}

	m.indexes[name] = idx

	return idx
}

// match finds the bind whose sequence is exactly typed, and whether any
// sequence is longer than typed and starts with it.
func (idx *bindIndex) match(typed string, binds map[string]inputrc.Bind) (match inputrc.Bind, prefixed bool) {
	i, _ := slices.BinarySearchFunc(idx.seqs, typed, func(e indexedSeq, t string) int {
		return strings.Compare(e.keys, t)
	})

	for ; i < len(idx.seqs) && strings.HasPrefix(idx.seqs[i].keys, typed); i++ {
		e := idx.seqs[i]

		bind, ok := binds[e.sequence]
		if !ok || typedAsText(e.sequence, bind) {
			continue // deleted since the index was made, or see typedAsText
		}

		if len(e.keys) > len(typed) {
			// One is enough: longer sequences sort after the exact ones.
			return match, true
		}

		match = bind
	}

	return match, false
}

// typedAsText reports whether a bind is self-insert on a sequence with a
// meta character: such a character (é, or U+0090) arrives as text, read
// whole as UTF-8, and is never typed as Escape and a key, the form its
// sequence converts to. Matched in that form, the C1 characters
// (U+0080-U+009F) the default keymaps insert took Escape and a control
// key: Escape then Ctrl+P in vi insertion mode inserted ^[ instead of
// going to command mode and back in history, and in emacs mode they hid
// Alt+Ctrl+H (backward-kill-word) and the like.
func typedAsText(sequence string, bind inputrc.Bind) bool {
	return !bind.Macro && bind.Action == "self-insert" && hasMeta(sequence)
}
