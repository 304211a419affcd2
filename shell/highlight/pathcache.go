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
// file system on every keystroke. A name asked about is stat'ed in each
// PATH directory until found, once; a directory is read whole only when
// names are listed (completion), since highlighting the command word needs
// a few names, not /usr/bin's thousands in memory and a directory read on
// the first key typed. Answers (positive and negative) and listings are
// kept until the directory's modification time changes, which is checked
// at most once per [PathCache.Recheck], or [PathCache.Invalidate] is
// called (`hash -r`).
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
	names   map[string]execState // the names asked about, or every name once listed
	listed  bool                 // names and sorted hold the whole directory
	sorted  []string             // names in order, for prefix listing
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
	for _, d := range c.dirsFor(pathVar, false) {
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
	for _, d := range c.dirsFor(pathVar, true) {
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

// dirsFor returns the directories of pathVar with their answers checked
// against the directories' modification times; list reads each whole.
func (c *PathCache) dirsFor(pathVar string, list bool) []*pathDir {
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
		c.refresh(d, now, list)
	}
	return c.dirs
}

func (c *PathCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

func (c *PathCache) refresh(d *pathDir, now time.Time, list bool) {
	if d.names != nil && (d.listed || !list) && c.Recheck > 0 && now.Sub(d.checked) < c.Recheck {
		return
	}
	d.checked = now
	fi, err := os.Stat(d.path)
	if err != nil || !fi.IsDir() {
		d.missing, d.listed, d.names, d.sorted = true, true, map[string]execState{}, nil
		return
	}
	if d.names == nil || d.missing || !fi.ModTime().Equal(d.mtime) {
		d.missing, d.mtime = false, fi.ModTime()
		d.names, d.listed, d.sorted = map[string]execState{}, false, nil
	}
	if !list || d.listed {
		return
	}
	f, err := os.Open(d.path)
	if err != nil {
		return
	}
	entries, _ := f.ReadDir(-1)
	f.Close()
	names := make(map[string]execState, len(entries))
	d.sorted = d.sorted[:0]
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		// The permission bits need a stat (symlinks too); it is done
		// when the name is first asked about, unless it was already.
		names[e.Name()] = d.names[e.Name()]
		d.sorted = append(d.sorted, e.Name())
	}
	sort.Strings(d.sorted)
	d.names, d.listed = names, true
}

func (c *PathCache) executable(d *pathDir, name string) bool {
	st, ok := d.names[name]
	if !ok && d.listed {
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
