// Package interrupt cancels work on Ctrl+C: the interactive shell's
// loop, its `?` requests and its agent runs each watch the same channel
// of SIGINTs while they work, and only then.
package interrupt

import (
	"os"
	"sync"
)

// Watch calls cancel on the first interrupt that arrives until stop is
// called. Watches of the same channel may nest (a `?` request runs a
// statement, which watches too): an interrupt cancels every watch
// active when it arrives, the outermost first.
//
// The channel is read by one goroutine for the life of the program,
// started at its first Watch, rather than by a goroutine per Watch: the
// shell watches around every statement it runs, and starting a goroutine
// woke a second thread each time (about a tenth of the CPU an Enter cost).
// An interrupt that arrives while nothing is watched is dropped: it was
// for work that has ended, and must not cancel what comes next.
func Watch(interrupts <-chan os.Signal, cancel func()) (stop func()) {
	f := forwarderOf(interrupts)
	f.mu.Lock()
	f.next++
	id := f.next
	f.active = append(f.active, watch{id, cancel})
	f.mu.Unlock()
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for i, w := range f.active {
			if w.id == id {
				f.active = append(f.active[:i], f.active[i+1:]...)
				return
			}
		}
	}
}

// forwarder reads one channel of interrupts and cancels the watches of it.
type forwarder struct {
	mu      sync.Mutex
	next    uint64
	active  []watch // in the order they began
	handled int     // interrupts taken from the channel (for tests)
}

type watch struct {
	id     uint64
	cancel func()
}

var (
	forwardersMu sync.Mutex
	forwarders   = map[<-chan os.Signal]*forwarder{}
)

// forwarderOf returns the forwarder of interrupts, starting it first.
func forwarderOf(interrupts <-chan os.Signal) *forwarder {
	forwardersMu.Lock()
	defer forwardersMu.Unlock()
	f := forwarders[interrupts]
	if f == nil {
		f = &forwarder{}
		forwarders[interrupts] = f
		go f.run(interrupts)
	}
	return f
}

func (f *forwarder) run(interrupts <-chan os.Signal) {
	for range interrupts {
		f.mu.Lock()
		cancels := make([]func(), len(f.active))
		for i, w := range f.active {
			cancels[i] = w.cancel
		}
		f.handled++
		f.mu.Unlock()
		for _, cancel := range cancels {
			cancel()
		}
	}
	forwardersMu.Lock()
	delete(forwarders, interrupts)
	forwardersMu.Unlock()
}
