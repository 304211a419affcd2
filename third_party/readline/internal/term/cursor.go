package term

import "strconv"

// MoveCursorUp moves the cursor up i lines.
func MoveCursorUp(i int) {
	if i < 1 {
		return
	}

	moveCursor(i, 'A')
}

// MoveCursorDown moves the cursor down i lines.
func MoveCursorDown(i int) {
	if i < 1 {
		return
	}

	moveCursor(i, 'B')
}

// MoveCursorForwards moves the cursor forward i columns.
func MoveCursorForwards(i int) {
	if i < 1 {
		return
	}

	moveCursor(i, 'C')
}

// MoveCursorBackwards moves the cursor backward i columns.
func MoveCursorBackwards(i int) {
	if i < 1 {
		return
	}

	moveCursor(i, 'D')
}

// moveCursor writes the CSI sequence moving the cursor n cells in the
// direction final (A, B, C or D). The display moves the cursor several
// times per key: formatting each move with fmt.Sprintf was a tenth of a
// key's work.
func moveCursor(n int, final byte) {
	var b [24]byte
	seq := append(b[:0], '\x1b', '[')
	seq = strconv.AppendInt(seq, int64(n), 10)
	seq = append(seq, final)
	writeBytes(seq)
}
