package repl

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// idleTrimAfter is how long the shell waits at its prompt, no key typed,
// before it gives the heap's free memory back to the system.
const idleTrimAfter = time.Second

// idleTrim gives the memory the shell no longer uses back to the system
// while it waits for the user: once per prompt, when no key has come for
// idleTrimAfter since the prompt was drawn (or since the last key), it
// collects the garbage the last command and the redraws left and returns
// the free heap pages at once (debug.FreeOSMemory), where the runtime
// would keep up to its heap goal (4 MiB) resident and scavenge the rest
// slowly. Measured with bench/ptybench -idle: the idle RSS with 10 000
// history entries goes from 12.5 to 10.8 MiB (README, Performance).
//
// The collection runs on the timer's goroutine while the editor waits
// for a key; a key typed during it waits for it (half a millisecond to a
// millisecond for the shell's 1-2 MiB of live heap). What is given back
// is free spans: the key and the Enter after an idle prompt fault 0-1
// pages in, against 1-6 without the trim (README, Performance).
type idleTrim struct {
	mu    sync.Mutex
	timer *time.Timer
	// reading is set while the editor waits for a line.
	reading bool
	// dirty says something ran since the last trim: a prompt where
	// nothing was allocated has nothing to give back.
	dirty bool
	// last is when the editor last redrew the line (time.Time.UnixNano),
	// which it does for every key typed.
	last atomic.Int64
	// free gives the memory back: debug.FreeOSMemory (tests count calls).
	free func()
	// pages, if set, unmaps the executable's pages that only start-up
	// used, at the first trim after a line (startpages.go).
	pages *startPages
	// lines counts the lines read: pages learns what the prompt needs
	// from at least one.
	lines int
}

// touch records a redraw of the line: a key typed, or the prompt drawn.
func (t *idleTrim) touch() {
	if t != nil {
		t.last.Store(time.Now().UnixNano())
	}
}

// arm is called as the editor starts reading a line.
func (t *idleTrim) arm() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reading, t.dirty = true, true
	t.last.Store(time.Now().UnixNano())
	if t.pages != nil && t.pages.marked == nil {
		// The first prompt: start-up is over, and the user reads it
		// while start-up still has both cores.
		t.pages.startMark()
	}
	if t.timer == nil {
		t.timer = time.AfterFunc(idleTrimAfter, t.fire)
		return
	}
	t.timer.Reset(idleTrimAfter)
}

// disarm is called when the editor has read a line.
func (t *idleTrim) disarm() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reading = false
	t.lines++
	if t.timer != nil {
		t.timer.Stop()
	}
}

// fire trims the heap if the editor is still waiting and no key came for
// idleTrimAfter; if one came, it waits again from that key.
func (t *idleTrim) fire() {
	t.mu.Lock()
	if !t.reading || !t.dirty {
		t.mu.Unlock()
		return
	}
	if quiet := time.Since(time.Unix(0, t.last.Load())); quiet < idleTrimAfter {
		t.timer.Reset(idleTrimAfter - quiet)
		t.mu.Unlock()
		return
	}
	t.dirty = false
	free, pages := t.free, t.pages
	if t.lines == 0 {
		pages = nil // not before a line has been typed and run
	}
	t.mu.Unlock()
	if pages != nil {
		pages.drop() // once; before the collection, which frees its garbage
	}
	if free == nil {
		free = debug.FreeOSMemory
	}
	free()
}
