package readline

import "unicode"

// viCharSearchState is the last character search (f, F, t, T) of vi
// command mode: ; repeats it, and , repeats it the other way.
type viCharSearchState struct {
	char          rune
	forward, skip bool
	set           bool
	// movedForward is the direction of the last search run (, runs it
	// the other way): forward, its motion includes the character found.
	movedForward bool
}

// Read a character from the keyboard, and move to the next occurrence of it in the line.
func (rl *Shell) viFindNextChar() { rl.viFindChar(true, false) }

// Read a character from the keyboard, and move to the position just before the next occurrence of it in the line.
func (rl *Shell) viFindNextCharSkip() { rl.viFindChar(true, true) }

// Read a character from the keyboard, and move to the previous occurrence of it in the line.
func (rl *Shell) viFindPrevChar() { rl.viFindChar(false, false) }

// Read a character from the keyboard, and move to the position just after the previous occurrence of it in the line.
func (rl *Shell) viFindPrevCharSkip() { rl.viFindChar(false, true) }

// viCharSearch is readline's vi-char-search, bound to f, F, t, T, ; and
// ,: the key that ran it says which search.
func (rl *Shell) viCharSearch() {
	keys := rl.Keys.Caller()
	if len(keys) == 0 {
		return
	}

	switch keys[len(keys)-1] {
	case ';', ',':
		rl.History.SkipSave()

		last := rl.charSearch
		if !last.set {
			return
		}

		forward := last.forward
		if keys[len(keys)-1] == ',' {
			forward = !forward
		}

		rl.findCharTimes(last.char, forward, last.skip, rl.Iterations.Get())
	case 'F':
		rl.viFindChar(false, false)
	case 't':
		rl.viFindChar(true, true)
	case 'T':
		rl.viFindChar(false, true)
	default:
		rl.viFindChar(true, false)
	}
}

// viFindChar reads the character to search for and moves to its count-th
// occurrence, remembering the search for ; and ,.
func (rl *Shell) viFindChar(forward, skip bool) {
	rl.History.SkipSave()

	times := rl.Iterations.Get()

	// Read the argument key to use as a pattern to search
	done := rl.Keymap.PendingCursor()
	char, esc := rl.Keys.ReadKey()
	done()

	if esc {
		return
	}

	rl.charSearch = viCharSearchState{char: char, forward: forward, skip: skip, set: true}
	rl.findCharTimes(char, forward, skip, times)
}

// findCharTimes moves to the count-th occurrence of char, as GNU
// readline's _rl_char_search_internal: each occurrence is searched from
// the one before (from the cursor for the first), so that a repeated t
// stays before the same character; with fewer occurrences than count,
// the cursor stops at the last found.
func (rl *Shell) findCharTimes(char rune, forward, skip bool, count int) {
	rl.charSearch.movedForward = forward
	line := *rl.line
	pos := rl.cursor.Pos()

	for ; count > 0; count-- {
		found := -1

		if forward {
			for i := pos + 1; i < len(line); i++ {
				if line[i] == char {
					found = i
					break
				}
			}
		} else {
			for i := min(pos, len(line)) - 1; i >= 0; i-- {
				if line[i] == char {
					found = i
					break
				}
			}
		}

		if found < 0 {
			return
		}

		pos = found
		switch {
		case skip && forward:
			rl.cursor.Set(found - 1)
		case skip:
			rl.cursor.Set(found + 1)
		default:
			rl.cursor.Set(found)
		}
	}
}

// changeWordsToEnd makes the w and W motions of c (cw, c2W) stop at the
// end of the word, as vi's and GNU readline's do, when the cursor is on
// a character that is not a blank: cw changes the word, not the blanks
// after it. It returns false when that does not apply.
func (rl *Shell) changeWordsToEnd(bigword bool) bool {
	line := *rl.line
	pos := rl.cursor.Pos()

	if rl.Keymap.PendingAction() != "vi-change-to" || pos >= len(line) || unicode.IsSpace(line[pos]) {
		return false
	}

	class := func(r rune) int {
		switch {
		case unicode.IsSpace(r):
			return 0
		case bigword, unicode.IsLetter(r), unicode.IsDigit(r), r == '_':
			return 1
		default:
			return 2
		}
	}

	count := rl.Iterations.Get()
	for i := 0; i < count; i++ {
		atEnd := pos+1 >= len(line) || class(line[pos+1]) != class(line[pos])

		// On the last character of a word, the first word changed
		// is that character alone.
		if i == 0 && atEnd {
			continue
		}

		if atEnd {
			pos++
			for pos < len(line) && unicode.IsSpace(line[pos]) {
				pos++
			}

			if pos >= len(line) {
				pos = len(line) - 1
				break
			}
		}

		for pos+1 < len(line) && class(line[pos+1]) == class(line[pos]) {
			pos++
		}
	}

	// The motion is exclusive: the end is past the word's last character.
	rl.cursor.Set(min(pos+1, len(line)))

	return true
}
