package term

import (
	"io"
	"os"
	"sync"
)

// termFile is the file descriptor used for all low-level terminal queries (size,
// cursor position) and escape sequences. We deliberately use stderr rather than
// stdout: stdout is the stream most likely to be redirected (e.g. `app | other`),
// whereas stderr usually stays attached to the controlling terminal, giving a
// reliable terminal size even when the program's output is piped. (A
// function, not a variable set to os.Stderr: that assignment would be
// code run at every program's initialisation.)
func termFile() *os.File { return os.Stderr }

// fallback terminal width when we can't get it through query.
var defaultTermWidth = 80

// size caches the terminal's size: the display asks for it several
// times per key typed, and each ask was an ioctl. It is asked again after
// InvalidateSize, which a resize (SIGWINCH) and each new input line call.
var size struct {
	sync.Mutex
	valid         bool
	width, length int
}

// InvalidateSize makes the next GetWidth or GetLength ask the terminal.
func InvalidateSize() {
	size.Lock()
	size.valid = false
	size.Unlock()
}

// SetSize makes GetWidth and GetLength answer width and length, without
// asking the terminal, until the next InvalidateSize: the tests of the
// completion menu draw it for terminals of every size.
func SetSize(width, length int) {
	size.Lock()
	size.width, size.length, size.valid = width, length, true
	size.Unlock()
}

// SetOutput sends what is written to the terminal to w instead (nil:
// standard output again), for the tests of other packages.
func SetOutput(w io.Writer) {
	outMu.Lock()
	renderOut = w
	outMu.Unlock()
}

func cachedSize() (width, length int) {
	size.Lock()
	defer size.Unlock()
	if !size.valid {
		w, l, err := GetSize(int(termFile().Fd()))
		if err != nil || w == 0 {
			w = defaultTermWidth
		}
		if err != nil || l == 0 {
			l = defaultTermWidth
		}
		size.width, size.length, size.valid = w, l, err == nil
	}
	return size.width, size.length
}

// GetWidth returns the width of the terminal or 80 if it cannot be established.
func GetWidth() int {
	w, _ := cachedSize()
	return w
}

// GetLength returns the length of the terminal
// (Y length), or 80 if it cannot be established.
func GetLength() int {
	_, l := cachedSize()
	return l
}

// EnableBracketedPaste enables bracketed paste mode.
func EnableBracketedPaste() {
	WriteString(BracketedPasteStart)
}

// DisableBracketedPaste disables bracketed paste mode.
func DisableBracketedPaste() {
	WriteString(BracketedPasteEnd)
}
