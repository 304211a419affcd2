package shell

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Settling signals after a program ends.
//
// A program that signals its parent and exits (sh -c 'kill $PPID' in a
// subshell) has its signal queued in the kernel before its exit. In a
// one-threaded shell the signal is acted on before the shell sees the
// exit; in nosh it travels through the Go runtime's queue, os/signal's
// goroutine and the shell's handler goroutine, and may still be on its
// way when the subshell runs its next command, or ends, and the signal
// then lands in the wrong context. So, after a program ends in a
// foreground subshell whose signals the process catches, the shell sends
// itself a marker signal (which the runtime queues after any signal it
// took before: it serves what is pending in signal order, and the marker
// is the highest that nosh never traps for itself) and, once the marker
// is through, a mark down each handler channel: when every mark is
// consumed, every signal that came before the program's end has been
// acted on.

// settleSignal is the marker.
const settleSignal = syscall.Signal(63) // SIGRTMAX-1

// settleMark goes down a handler channel; the handler goroutine calls
// wg.Done on it.
type settleMark struct{ wg *sync.WaitGroup }

func (settleMark) String() string { return "settle mark" }
func (settleMark) Signal()        {}

var settleChan = sync.OnceValue(func() chan os.Signal {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, settleSignal)
	return ch
})

// settleSignals waits until signals that reached the process before now
// have been acted on, when ctx runs in a foreground subshell whose
// dispositions make that matter.
func (s *Shell) settleSignals(ctx context.Context) {
	f := frameOf(ctx)
	if f == nil || f.bg || !s.framesCatching() {
		return
	}
	if _, set := s.mainTrap(settleSignal); set {
		return // the script's own
	}
	ch := settleChan()
	select {
	case <-ch:
	default:
	}
	if syscall.Kill(os.Getpid(), settleSignal) != nil {
		return
	}
	timeout := time.NewTimer(2 * time.Second)
	defer timeout.Stop()
	select {
	case <-ch:
	case <-timeout.C:
		return
	}
	var wg sync.WaitGroup
	st := &s.job.sig
	st.mu.Lock()
	for _, w := range st.watch {
		wg.Add(1)
		select {
		case w <- settleMark{&wg}:
		default:
			wg.Done() // full: a handler is far behind; do not wait on it
		}
	}
	st.mu.Unlock()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-timeout.C:
	}
}

// framesCatching reports whether the process catches signals for a
// subshell, or for traps of the main shell that a subshell resets.
func (s *Shell) framesCatching() bool {
	if s.job.frames.forced.Load() > 0 {
		return true
	}
	for _, t := range s.signalTraps() {
		if t.action != "" {
			return true
		}
	}
	return false
}
