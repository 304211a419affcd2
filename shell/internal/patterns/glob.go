package patterns

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// GlobOptions are the shell options and file access pathname expansion
// uses.
type GlobOptions struct {
	Dir      string // the directory relative patterns start from
	DotGlob  bool
	NoCase   bool
	GlobStar bool
	// ReadDir lists a directory (os.ReadDir when nil).
	ReadDir func(string) ([]fs.DirEntry, error)
}

// Glob expands pat (a pattern whose escaped characters are literal) to
// the sorted paths it matches, as bash's pathname expansion does with
// extglob on: each name between slashes is matched with a Matcher in
// Filename mode, and with globstar a ** name matches any depth of
// directories. It returns nothing when nothing matches; what to do then
// (nullglob, failglob, the pattern itself) is the caller's.
func Glob(pat string, o GlobOptions) []string {
	if o.ReadDir == nil {
		o.ReadDir = os.ReadDir
	}
	mode := Filename
	if o.DotGlob {
		mode |= DotGlob
	}
	if o.NoCase {
		mode |= NoCase
	}
	segs := strings.Split(pat, "/")
	matches := []string{""}
	if strings.HasPrefix(pat, "/") {
		matches[0] = "/"
		segs = segs[1:]
	}
	for n, seg := range segs {
		last := n == len(segs)-1
		var next []string
		switch {
		case seg == "":
			// a doubled slash, or a trailing one: only directories.
			for _, m := range matches {
				if last && !o.isDir(m) {
					continue
				}
				next = append(next, join(m, ""))
			}
		case seg == "**" && o.GlobStar:
			for _, m := range matches {
				if last && m != "" {
					next = append(next, join(m, ""))
				} else if !last {
					next = append(next, m)
				}
				next = o.walk(m, last, next)
			}
		case !HasMeta(seg):
			name := Unescape(seg)
			for _, m := range matches {
				p := join(m, name)
				if last && o.exists(p) || !last && o.isDir(p) {
					next = append(next, p)
				}
			}
		default:
			mt := Compile(seg, mode)
			for _, m := range matches {
				ents, err := o.ReadDir(o.full(m))
				if err != nil {
					continue
				}
				for _, e := range ents {
					p := join(m, e.Name())
					if mt.Match(e.Name()) && (last || o.isDir(p)) {
						next = append(next, p)
					}
				}
			}
		}
		matches = next
		if len(matches) == 0 {
			return nil
		}
	}
	slices.Sort(matches)
	return matches
}

// walk appends the names under directory dir at every depth: the
// directories only unless all, hidden ones only with dotglob, and not
// through symbolic links, as bash's globstar.
func (o GlobOptions) walk(dir string, all bool, out []string) []string {
	ents, err := o.ReadDir(o.full(dir))
	if err != nil {
		return out
	}
	for _, e := range ents {
		if !o.DotGlob && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := join(dir, e.Name())
		isDir := e.IsDir()
		if all || isDir || e.Type()&fs.ModeSymlink != 0 && o.isDir(p) {
			out = append(out, p)
		}
		if isDir {
			out = o.walk(p, all, out)
		}
	}
	return out
}

func (o GlobOptions) full(p string) string {
	if p == "" {
		return o.Dir
	}
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(o.Dir, p)
}

func (o GlobOptions) exists(p string) bool {
	_, err := os.Lstat(o.full(p))
	return err == nil
}

func (o GlobOptions) isDir(p string) bool {
	fi, err := os.Stat(o.full(p))
	return err == nil && fi.IsDir()
}

// join appends name to the path dir ("" for the start directory).
func join(dir, name string) string {
	if dir == "" || strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}
