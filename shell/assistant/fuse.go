package assistant

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"nosh/shell/internal/guard"
)

// An agent's command runs in a subshell of the user's shell, inside
// nosh's own process: its loops, expansions and background subshells
// (goroutines, not processes) take nosh's memory. `h(){ "$1" & "$1"; };
// h h` or a loop doubling a string would grow nosh until the kernel's
// OOM killer ended the user's login shell. The kernel cannot bound one
// part of a process, so nosh watches itself: while an agent's command
// runs, a heap that grows by more than the fuse's limit cancels the
// command (its loops stop at their next statement, its background
// subshells with them, its programs are killed), and the memory is given
// back. Programs the command starts are processes of their own and are
// not counted; the kernel's OOM killer picks them, the biggest, first.

// memoryFuseBlew is the cause of a command stopped by the memory fuse
// (a type: nothing to make at start-up).
type memoryFuseBlew struct{}

func (memoryFuseBlew) Error() string { return "memory fuse" }

// fuseLimit is how much nosh's heap may grow while one agent command
// runs: a quarter of the memory available when it starts, between 64
// MiB and 512 MiB. Shell code that needs more than that inside the
// shell itself (not in the programs it starts) is rare; a login shell
// that grows by more is in danger.
func fuseLimit() uint64 {
	const lo, hi = 64 << 20, 512 << 20
	avail := memAvailable()
	if avail == 0 {
		return hi / 2
	}
	return min(max(avail/4, lo), hi)
}

// memAvailable is MemAvailable from /proc/meminfo, in bytes; 0 when it
// cannot be read.
func memAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// heapBytes is the memory nosh's heap holds now: live objects and those
// not yet swept, and goroutines' stacks (a bomb of background subshells
// grows those). metrics.Read does not stop the world.
func heapBytes(s []metrics.Sample) uint64 {
	metrics.Read(s)
	var n uint64
	for _, v := range s {
		if v.Value.Kind() == metrics.KindUint64 {
			n += v.Value.Uint64()
		}
	}
	return n
}

// heapSamples are what heapBytes adds up.
func heapSamples() []metrics.Sample {
	return []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
	}
}

// memoryFuse returns ctx cancelled (cause memoryFuseBlew) if nosh's heap
// grows by more than limit before stop is called. stop reports whether
// the fuse blew, and by how much the heap had grown.
func memoryFuse(ctx context.Context, limit uint64) (context.Context, func() (blew bool, grew uint64)) {
	s := heapSamples()
	base := heapBytes(s)
	ctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	result := make(chan uint64, 1)
	go func() {
		// Every few milliseconds: a background-subshell bomb doubles
		// in about that time.
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		var grew uint64
		defer func() { result <- grew }()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			if now := heapBytes(s); now > base && now-base > limit {
				grew = now - base
				cancel(memoryFuseBlew{})
				// The run's background subshells too: a bomb's other
				// half runs there.
				guard.ProgramsOf(ctx).EndBackground()
				return
			}
		}
	}()
	return ctx, func() (bool, uint64) {
		close(done)
		grew := <-result
		blew := errors.Is(context.Cause(ctx), memoryFuseBlew{})
		cancel(nil)
		if blew {
			// What the command's subshells held is garbage now; give
			// it back rather than keep a login shell of gigabytes.
			debug.FreeOSMemory()
		}
		return blew, grew
	}
}

// fuseMessage says why a command was stopped, for the screen and the
// model.
func fuseMessage(grew uint64) string {
	return fmt.Sprintf("stopped: the command made nosh itself grow by %d MiB (its loops, expansions and background subshells run inside your shell)", grew>>20)
}
