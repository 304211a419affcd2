//go:build !unix

package rulefile

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lockFile takes the lock by creating path exclusively, waiting while
// another process holds it, and returns the function that releases it.
// A lock older than a minute is taken to be left over from a crash.
func lockFile(path string) (func(), error) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if fi, serr := os.Stat(path); serr == nil && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, errors.New("timed out waiting for " + path)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
