package complete

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"nosh/shell/highlight"
)

// helpCache keeps the options parsed from help outputs, in memory and
// optionally on disk, keyed by the program's path, size and mtime and the
// arguments that printed the help.
type helpCache struct {
	dir string
	mu  sync.Mutex
	mem map[string]*helpEntry
}

// helpEntry is one program's options; done is closed once they are known
// (possibly as nothing, after a failure or a timeout).
type helpEntry struct {
	done chan struct{}
	opts []Candidate
}

// neverHelp are programs that are not run to ask for their options even
// though they would likely just print help: the cost of one that does not
// is too high.
func neverHelp() map[string]bool {
	neverHelpOnce.Do(func() { neverHelpValue = makeNeverHelp() })
	return neverHelpValue
}

var (
	neverHelpOnce  sync.Once
	neverHelpValue map[string]bool
)

func makeNeverHelp() map[string]bool {
	return map[string]bool{
		"reboot": true, "shutdown": true, "halt": true, "poweroff": true, "init": true,
		"telinit": true, "kexec": true, "sudo": true, "su": true, "doas": true, "login": true,
		"passwd": true, "nosh": true,
	}
}

// helpOptions returns the options of program name, parsed from the output
// of `name args...` (default args: --help). Only ELF executables found on
// PATH are run: a script may ignore --help and do its job instead. The
// program runs at most once per session (and per version, with CacheDir);
// when it is slow the request returns nothing after c.Timeout and the
// options are there for the next one.
func (c *Completer) helpOptions(ctx context.Context, name string, args []string) []Candidate {
	if c.NoHelp || name == "" {
		return nil
	}
	path, ok := c.Path.Lookup(c.Env.Get("PATH"), name)
	if strings.ContainsRune(name, '/') {
		path = c.resolve(name)
		ok = highlight.Executable(path)
	}
	base := filepath.Base(path)
	if !ok || neverHelp()[base] || strings.HasPrefix(base, "mkfs") || !isELF(path) {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if len(args) == 0 {
		args = []string{"--help"}
	}
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%d", path, strings.Join(args, "\x00"), fi.Size(), fi.ModTime().UnixNano())

	c.help.mu.Lock()
	e := c.help.mem[key]
	if e == nil {
		e = &helpEntry{done: make(chan struct{})}
		c.help.mem[key] = e
		go c.fetchHelp(e, key, append([]string{path}, args...))
	}
	c.help.mu.Unlock()

	select {
	case <-e.done:
		return e.opts
	default:
	}
	timer := time.NewTimer(c.Timeout)
	defer timer.Stop()
	select {
	case <-e.done:
		return e.opts
	case <-timer.C:
	case <-ctx.Done():
	}
	return nil
}

func (c *Completer) fetchHelp(e *helpEntry, key string, argv []string) {
	defer close(e.done)
	if opts, ok := c.help.load(key); ok {
		e.opts = opts
		return
	}
	out, err := run(context.Background(), c.HelpTimeout, c.Env.Dir(),
		c.environ("LC_ALL=C", "PAGER=cat", "MANPAGER=cat", "GIT_PAGER=cat", "COLUMNS=200", "NO_COLOR=1"), true, argv...)
	if err != nil {
		return
	}
	e.opts = ParseHelp(string(out))
	c.help.store(key, e.opts)
}

func (h *helpCache) file(key string) string {
	// A name, not a secret: FNV-128a spreads the keys as well as a
	// cryptographic hash would, and links no crypto package.
	f := fnv.New128a()
	f.Write([]byte(key))
	return filepath.Join(h.dir, "help-"+hex.EncodeToString(f.Sum(nil)[:12])+".json")
}

func (h *helpCache) load(key string) ([]Candidate, bool) {
	if h.dir == "" {
		return nil, false
	}
	data, err := os.ReadFile(h.file(key))
	if err != nil {
		return nil, false
	}
	var opts []Candidate
	if json.Unmarshal(data, &opts) != nil {
		return nil, false
	}
	return opts, true
}

// store writes the options to the disk cache; failures only cost a rerun
// next session.
func (h *helpCache) store(key string, opts []Candidate) {
	if h.dir == "" {
		return
	}
	data, err := json.Marshal(opts)
	if err != nil || os.MkdirAll(h.dir, 0o700) != nil {
		return
	}
	tmp, err := os.CreateTemp(h.dir, "help-*.tmp")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil && cerr == nil {
		err = os.Rename(tmp.Name(), h.file(key))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}

func isELF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = io.ReadFull(f, magic)
	return err == nil && string(magic) == "\x7fELF"
}
