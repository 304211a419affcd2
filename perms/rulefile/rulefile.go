package rulefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/BurntSushi/toml"

	"nosh/perms"
)

// File is a rule file. It implements perms.RuleStore. Load is cheap when
// the file has not changed; every change locks the file, re-reads it and
// replaces it atomically, so several shells can share it.
type File struct {
	path string

	mu     sync.Mutex
	stamp  stamp
	cached Rules
	err    error
}

// Rules is the content of a rule file.
type Rules struct {
	Allow []string `toml:"allow"`
	Deny  []string `toml:"deny"`
}

type stamp struct {
	ok    bool
	mod   time.Time
	size  int64
	inode uint64
}

// Error is a problem in a rule file, with the line it is on.
type Error struct {
	Path string
	Line int // 0 if unknown
	Msg  string
}

// Error renders the problem as "PATH:LINE: MESSAGE", on one line.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// Open returns the rule file at path; the file need not exist.
func Open(path string) *File {
	return &File{path: path}
}

// Path is the file's path.
func (f *File) Path() string { return f.path }

// Load returns the rules in the file. A file that does not exist holds
// no rules. A file that does not parse yields no allow rules, the deny
// rules a line-by-line scan can recover, and an *Error naming the line.
func (f *File) Load() (allow, deny []string, err error) {
	fi, statErr := os.Stat(f.path)
	f.mu.Lock()
	defer f.mu.Unlock()
	if statErr != nil {
		f.stamp = stamp{}
		if errors.Is(statErr, fs.ErrNotExist) {
			f.cached, f.err = Rules{}, nil
			return nil, nil, nil
		}
		return nil, nil, fmt.Errorf("reading rules: %w", statErr)
	}
	st := stampOf(fi)
	if st != f.stamp || !st.ok {
		data, err := os.ReadFile(f.path)
		if err != nil {
			return nil, nil, fmt.Errorf("reading rules: %w", err)
		}
		f.cached, f.err = parse(f.path, data)
		f.stamp = st
	}
	return slices.Clone(f.cached.Allow), slices.Clone(f.cached.Deny), f.err
}

// tomlLine reads the position out of a TOML error; compiled on first use
// so that start-up does not pay for it.
func tomlLine() *regexp.Regexp {
	tomlLineOnce.Do(func() { tomlLineValue = makeTomlLine() })
	return tomlLineValue
}

var (
	tomlLineOnce  sync.Once
	tomlLineValue *regexp.Regexp
)

func makeTomlLine() *regexp.Regexp {
	return regexp.MustCompile(`^toml: line (\d+)(?: \(last key "[^"]*"\))?: (.*)$`)
}

// parse decodes a rule file. On a syntax or type error it falls back to
// the deny rules scanDeny recovers.
func parse(path string, data []byte) (Rules, error) {
	var r Rules
	md, err := toml.Decode(string(data), &r)
	if err != nil {
		e := &Error{Path: path, Msg: err.Error()}
		var pe toml.ParseError
		if errors.As(err, &pe) {
			e.Line, e.Msg = pe.Position.Line, pe.Message
		} else if m := tomlLine().FindStringSubmatch(err.Error()); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Msg = m[2]
		}
		e.Msg += " (allow rules ignored until this is fixed)"
		return Rules{Deny: scanDeny(data)}, e
	}
	if und := md.Undecoded(); len(und) > 0 {
		return r, &Error{Path: path, Line: keyLine(data, und[0].String()),
			Msg: fmt.Sprintf("unknown key %q (only allow and deny are read)", und[0].String())}
	}
	return r, nil
}

// AddAllow adds allow rules. Rules are stored in their canonical form;
// a rule naming a program by path is refused, since allow rules never
// match one.
func (f *File) AddAllow(rules ...string) error {
	canon, err := canonical(rules, true)
	if err != nil {
		return err
	}
	return f.update(func(r *Rules) bool {
		n := len(r.Allow)
		r.Allow = appendNew(r.Allow, canon)
		return len(r.Allow) != n
	})
}

// AddDeny adds deny rules.
func (f *File) AddDeny(rules ...string) error {
	canon, err := canonical(rules, false)
	if err != nil {
		return err
	}
	return f.update(func(r *Rules) bool {
		n := len(r.Deny)
		r.Deny = appendNew(r.Deny, canon)
		return len(r.Deny) != n
	})
}

// Remove deletes rules from both lists and returns the rules that were
// not found.
func (f *File) Remove(rules ...string) (missing []string, err error) {
	canon := make([]string, len(rules))
	for i, s := range rules {
		canon[i] = s
		if r, err := perms.ParseRule(s); err == nil {
			canon[i] = r.String()
		}
	}
	err = f.update(func(r *Rules) bool {
		found := make(map[int]bool)
		keep := func(list []string) []string {
			out := list[:0:0]
			for _, have := range list {
				i := indexRule(canon, rules, have)
				if i >= 0 {
					found[i] = true
					continue
				}
				out = append(out, have)
			}
			return out
		}
		r.Allow, r.Deny = keep(r.Allow), keep(r.Deny)
		missing = missing[:0]
		for i, s := range rules {
			if !found[i] {
				missing = append(missing, s)
			}
		}
		return len(found) > 0
	})
	return missing, err
}

// indexRule finds a stored rule among those to remove, by text or by
// canonical form.
func indexRule(canon, raw []string, have string) int {
	hc := have
	if r, err := perms.ParseRule(have); err == nil {
		hc = r.String()
	}
	for i := range canon {
		if canon[i] == hc || raw[i] == have {
			return i
		}
	}
	return -1
}

func canonical(rules []string, allow bool) ([]string, error) {
	out := make([]string, 0, len(rules))
	for _, s := range rules {
		r, err := perms.ParseRule(s)
		if err != nil {
			return nil, err
		}
		if allow && containsSlash(r.Words()[0]) {
			return nil, fmt.Errorf("rule %q: allow rules never match a program named by path; name the program", s)
		}
		out = append(out, r.String())
	}
	return out, nil
}

func containsSlash(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return true
		}
	}
	return false
}

func appendNew(list, add []string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}
