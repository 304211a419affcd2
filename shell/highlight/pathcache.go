package highlight

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// PathCache answers whether a name is an executable on a PATH, and lists
// the executables whose names start with a prefix, without touching the
// file system on every keystroke. Each PATH directory is read once into a
// set of names; a directory is read again when its modification time
// changes, which is checked at most once per [PathCache.Recheck]. Whether
// a listed file is executable is stat'ed the first time it matters and
// remembered (positive and negative) until its directory changes or
// [PathCache.Invalidate] is called (`hash -r`).
//
// A PathCache is safe for concurrent use.
type PathCache struct {
	// Recheck is how long a directory listing is trusted before its
	// modification time is looked at again. Zero checks on every call.
	Recheck time.Duration

	mu   sync.Mutex
	now  func() time.Time
	path string     // the PATH value dirs was built for
	dirs []*pathDir // the directories of path, in order, without duplicates
	all  map[string]*pathDir
}

type pathDir struct {
	path    string
	checked time.Time
	mtime   time.Time
	names   map[string]execState
	sorted  []string // names in order, for prefix listing
	missing bool
}

type execState uint8

const (
	execUnknown execState = iota
	execYes
	execNo
)

// DefaultRecheck is the Recheck of a PathCache made by [NewPathCache].
const DefaultRecheck = time.Second

// NewPathCache returns an empty cache that rechecks directories at most
// once per [DefaultRecheck].
func NewPathCache() *PathCache {
	return &PathCache{Recheck: DefaultRecheck}
}

// Invalidate forgets everything, as `hash -r` does.
func (c *PathCache) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.path, c.dirs, c.all = "", nil, nil
}

// Lookup returns the full path of the executable called name in the
// directories of pathVar (a $PATH value), and whether there is one. Names
// containing a slash are not looked up on PATH and always fail.
func (c *PathCache) Lookup(pathVar, name string) (string, bool) {
	if name == "" || strings.ContainsRune(name, '/') || name == "." || name == ".." {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, d := range c.dirsFor(pathVar) {
		if c.executable(d, name) {
			return filepath.Join(d.path, name), true
		}
	}
	return "", false
}

// Names returns the sorted, de-duplicated names of the executables in
// pathVar whose names start with prefix.
func (c *PathCache) Names(pathVar, prefix string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	seen := make(map[string]bool)
	var out []string
	for _, d := range c.dirsFor(pathVar) {
		i := sort.SearchStrings(d.sorted, prefix)
		for ; i < len(d.sorted) && strings.HasPrefix(d.sorted[i], prefix); i++ {
			n := d.sorted[i]
			if !seen[n] && c.executable(d, n) {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Executable reports whether path names an executable regular file (a
// command typed with a slash, such as ./run.sh). It is not cached.
func Executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

func (c *PathCache) dirsFor(pathVar string) []*pathDir {
	if c.all == nil {
		c.all = make(map[string]*pathDir)
	}
	if c.dirs == nil || pathVar != c.path {
		c.path, c.dirs = pathVar, nil
		seen := make(map[string]bool)
		for _, p := range filepath.SplitList(pathVar) {
			if p == "" {
				p = "." // an empty PATH element means the current directory
			}
			if seen[p] {
				continue
			}
			seen[p] = true
			d := c.all[p]
			if d == nil {
				d = &pathDir{path: p}
				c.all[p] = d
			}
			c.dirs = append(c.dirs, d)
		}
	}
	now := c.clock()
	for _, d := range c.dirs {
		c.refresh(d, now)
	}
	return c.dirs
}

func (c *PathCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

func (c *PathCache) refresh(d *pathDir, now time.Time) {
	if d.names != nil && c.Recheck > 0 && now.Sub(d.checked) < c.Recheck {
		return
	}
	d.checked = now
	fi, err := os.Stat(d.path)
	if err != nil || !fi.IsDir() {
		d.missing, d.names, d.sorted = true, map[string]execState{}, nil
		return
	}
	if d.names != nil && !d.missing && fi.ModTime().Equal(d.mtime) {
		return
	}
	d.missing, d.mtime = false, fi.ModTime()
	f, err := os.Open(d.path)
	if err != nil {
		d.names, d.sorted = map[string]execState{}, nil
		return
	}
	entries, _ := f.ReadDir(-1)
	f.Close()
	d.names = make(map[string]execState, len(entries))
	d.sorted = d.sorted[:0]
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		// The permission bits need a stat (symlinks too); it is done
		// when the name is first asked about.
		d.names[e.Name()] = execUnknown
		d.sorted = append(d.sorted, e.Name())
	}
	sort.Strings(d.sorted)
}

func (c *PathCache) executable(d *pathDir, name string) bool {
	st, ok := d.names[name]
	if !ok {
		return false
	}
	if st == execUnknown {
		st = execNo
		if Executable(filepath.Join(d.path, name)) {
			st = execYes
		}
		d.names[name] = st
	}
	return st == execYes
}
