package interrupt

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// wait reports whether ctx is cancelled within a generous deadline.
func wait(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	case <-time.After(10 * time.Second):
		return false
	}
}

func TestWatch(t *testing.T) {
	ch := make(chan os.Signal, 1)
	defer close(ch)

	// A watch is cancelled by an interrupt.
	ctx, cancel := context.WithCancel(context.Background())
	stop := Watch(ch, cancel)
	ch <- syscall.SIGINT
	if !wait(ctx) {
		t.Fatal("an interrupt did not cancel the watch")
	}
	stop()

	// Nested watches are all cancelled.
	outer, cancelOuter := context.WithCancel(context.Background())
	stopOuter := Watch(ch, cancelOuter)
	inner, cancelInner := context.WithCancel(context.Background())
	stopInner := Watch(ch, cancelInner)
	ch <- syscall.SIGINT
	if !wait(outer) || !wait(inner) {
		t.Fatal("an interrupt did not cancel both nested watches")
	}
	stopInner()
	stopOuter()

	// After stop, an interrupt reaches no one: once the forwarder has
	// taken it, a new watch is not cancelled by it.
	ch <- syscall.SIGINT
	f := forwarderOf(ch)
	handled := func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.handled
	}
	for deadline := time.Now().Add(10 * time.Second); handled() < 3; {
		if time.Now().After(deadline) {
			t.Fatal("the forwarder did not take the third interrupt")
		}
		time.Sleep(time.Millisecond)
	}
	later, cancelLater := context.WithCancel(context.Background())
	defer cancelLater()
	stopLater := Watch(ch, cancelLater)
	defer stopLater()
	if later.Err() != nil {
		t.Fatal("an interrupt that came while nothing was watched cancelled the next watch")
	}
}
