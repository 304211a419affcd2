package term

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// renderOut, when non-nil, overrides the destination for rendered terminal
// output. It is a test seam; in production it stays nil and output goes to
// os.Stdout, resolved at call time so that tests redirecting os.Stdout (the
// common capture pattern) keep working. Output goes to stdout — distinct from
// termFile (stderr), used only for terminal *queries* (size, cursor position).
var renderOut io.Writer

func out() io.Writer {
	if renderOut != nil {
		return renderOut
	}

	return terminalOut()
}

// Output buffering lets a whole frame (one Refresh) be coalesced into a single
// write to the terminal instead of dozens of small writes. This removes the
// inter-write flicker a terminal can show mid-frame and cuts write syscalls per
// keystroke from many to one.
//
// All rendering happens on the readline goroutine, so this state is effectively
// single-threaded; the mutex is a cheap guard against accidental concurrent use
// (e.g. a stray write from another goroutine) rather than a hot contention path.
var (
	outMu    sync.Mutex
	outDepth int
	outBuf   *bufio.Writer
	frameBuf *bufio.Writer // outBuf's buffer, kept between frames
)

// changes counts the writes to the terminal, and whatever else may have
// changed what it shows (a resize, a program run on it): the display
// redraws in place only what changed since its last frame, which holds
// only while nothing else touched the screen.
var changes atomic.Uint64

// Changes returns a number that changes whenever something is written to
// the terminal through this package, or Disturbed is called.
func Changes() uint64 { return changes.Load() }

// Disturbed notes that the screen may no longer show what the display last
// drew (text written around this package, a program run on the terminal,
// a resize): the next refresh redraws everything.
func Disturbed() { changes.Add(1) }

// BeginBuffer starts buffering terminal writes. Calls nest: only the outermost
// BeginBuffer/EndBuffer pair allocates and flushes the buffer, so render
// entrypoints can be wrapped independently without coordinating.
func BeginBuffer() {
	outMu.Lock()
	defer outMu.Unlock()

	outDepth++
	if outDepth == 1 {
		// One buffer serves every frame: a new 64 KiB one per frame
		// (one per key typed) was nine tenths of what a key allocated,
		// and brought a collection every fifty keys.
		if frameBuf == nil {
			frameBuf = bufio.NewWriterSize(out(), 64*1024)
		} else {
			frameBuf.Reset(out())
		}
		outBuf = frameBuf
	}
}

// EndBuffer flushes and tears down the buffer when leaving the outermost frame.
// It is safe to call unmatched (it no-ops at depth 0), so it can be deferred
// even if BeginBuffer is on an early-return path.
func EndBuffer() {
	outMu.Lock()
	defer outMu.Unlock()

	if outDepth == 0 {
		return
	}

	outDepth--

	if outDepth == 0 && outBuf != nil {
		_ = outBuf.Flush()
		outBuf = nil
	}
}

// FlushBuffer pushes everything buffered so far to the terminal without ending
// the frame. It must be called before any operation that READS the terminal and
// depends on prior output being on screen — chiefly an ESC[6n cursor-position
// query (see GetCursorPos): otherwise the prompt would still sit in the buffer
// and the reported cursor position would be wrong.
func FlushBuffer() {
	outMu.Lock()
	defer outMu.Unlock()

	if outBuf != nil {
		_ = outBuf.Flush()
	}
}

// WriteString writes s to the terminal: into the frame buffer when one is
// active, otherwise straight to the output. Empty strings are dropped so callers
// need not guard.
func WriteString(s string) {
	if s == "" {
		return
	}

	outMu.Lock()
	defer outMu.Unlock()

	changes.Add(1)

	if outDepth > 0 && outBuf != nil {
		_, _ = io.WriteString(outBuf, s)
		return
	}

	_, _ = io.WriteString(out(), s)
}

// writeBytes is WriteString for bytes the caller keeps: b is not
// retained, and nothing is allocated to write it.
func writeBytes(b []byte) {
	if len(b) == 0 {
		return
	}

	outMu.Lock()
	defer outMu.Unlock()

	changes.Add(1)

	if outDepth > 0 && outBuf != nil {
		_, _ = outBuf.Write(b)
		return
	}

	_, _ = out().Write(b)
}

// WriteBytes writes b to the terminal as WriteString writes a string; b
// is not retained.
func WriteBytes(b []byte) { writeBytes(b) }

// Printf formats and writes to the terminal, honouring the frame buffer.
func Printf(format string, a ...interface{}) {
	WriteString(fmt.Sprintf(format, a...))
}
