//go:build unix
// +build unix

package display

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/reeflective/readline/internal/term"
)

// WatchResize redisplays the interface on terminal resize events. The
// watcher is started at the first call and lives as long as the program:
// starting one (a goroutine and a signal registration, never undone) for
// every line read cost each line a few microseconds and left one more
// registered channel behind. A resize between two lines invalidates the
// terminal size and asks for a refresh, which the wake ignores until the
// next line is read. The function returned does nothing: the watcher stays.
func WatchResize(eng *Engine) (stop func()) {
	eng.resizeOnce.Do(func() {
		resizeChannel := make(chan os.Signal, 1)
		signal.Notify(resizeChannel, syscall.SIGWINCH)

		go func() {
			for range resizeChannel {
				term.InvalidateSize()
				// Route the regeneration + repaint through the input wake so
				// they run on the Readline goroutine, instead of mutating the
				// completion/display state and writing to stdout from here
				// (which races with the main loop).
				eng.completer.RequestRegen()
				eng.keys.RequestRefresh()
			}
		}()
	})

	return func() {}
}
