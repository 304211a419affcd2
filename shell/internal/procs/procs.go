// Package procs sets how many threads run Go code in an interactive
// shell once it has started.
//
// An interactive shell's work is one sequence: read a key, redraw, run a
// statement, draw the prompt. With two or more Ps, every goroutine it
// hands a little work to (a watcher for Ctrl+C, a timer, the resize
// watcher) wakes a second thread to run it at once, and the thread goes
// back to sleep microseconds later; on a loaded machine those wake-ups
// cost more than the parallelism gives. With one P the goroutine runs
// when the shell's own goroutine waits for the terminal, on the same
// thread. Measured with bench/ptybench, the same build run with
// GOMAXPROCS=1 beside itself (21 interleaved rounds, load 6-20): key echo
// 1.22-1.49x bash against 1.29-1.77x, Enter->prompt 1.44-2.01x against
// 1.82-2.41x; the spread between runs is as large as the gain, so this
// rests as much on the fewer wake-ups as on those figures. Start-up keeps every P:
// the editor's tables and the history are built on other goroutines
// while the first prompt is drawn, and that is where a second core
// helps.
//
// Programs the shell runs are processes of their own and keep all the
// machine's cores; only pipelines of builtins and functions inside the
// shell share one thread, as they do in bash.
package procs

import (
	"os"
	"runtime"
	"sync"
)

var once sync.Once

// Settle lowers GOMAXPROCS to 1, once, unless the user set GOMAXPROCS.
// The REPL calls it when the first line has been read: start-up is over.
func Settle() {
	once.Do(func() {
		_, set := os.LookupEnv("GOMAXPROCS")
		settle(set)
	})
}

// settle is Settle without the once: envSet says whether the user set
// GOMAXPROCS.
func settle(envSet bool) {
	if !envSet {
		runtime.GOMAXPROCS(1)
	}
}
