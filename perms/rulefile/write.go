package rulefile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/BurntSushi/toml"
)

// header starts a rule file nosh creates.
const header = `# nosh permission rules. Edit freely, or use "nosh perms allow|deny|rm".
# allow: commands the AI may run without asking, matched word by word
#        from the start ("git status" allows "git status -s").
# deny:  commands never run ("git push" also denies "git -C . push --force").
`

// update runs a read-modify-write under the file lock. change edits the
// rules and reports whether anything changed. The file is re-read under
// the lock, so that concurrent shells do not lose each other's rules,
// and a file that does not parse is left alone.
func (f *File) update(change func(*Rules) bool) error {
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	unlock, err := lockFile(f.path + ".lock")
	if err != nil {
		return fmt.Errorf("locking rules: %w", err)
	}
	defer unlock()

	data, err := os.ReadFile(f.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reading rules: %w", err)
	}
	var r Rules
	if _, err := toml.Decode(string(data), &r); err != nil {
		_, perr := parse(f.path, data)
		return fmt.Errorf("%w; not changing the file until it is fixed", perr)
	}
	if !change(&r) {
		return nil
	}
	out := render(data, r)
	if err := writeAtomic(f.path, out); err != nil {
		return err
	}
	f.mu.Lock()
	f.stamp = stamp{}
	f.mu.Unlock()
	return nil
}

// render produces the new file. It replaces the allow and deny arrays
// in place, keeping comments and anything else, and falls back to a
// fresh file if the result would not read back as r.
func render(old []byte, r Rules) []byte {
	out := slices.Clone(old)
	if len(bytes.TrimSpace(out)) == 0 {
		out = []byte(header)
	}
	for _, key := range []string{"allow", "deny"} {
		values := r.Allow
		if key == "deny" {
			values = r.Deny
		}
		arr := renderArray(values)
		if sp, ok := findArray(out, key); ok {
			out = slices.Concat(out[:sp.start], []byte(arr), out[sp.end:])
			continue
		}
		out = insertKey(out, key+" = "+arr+"\n")
	}
	var check Rules
	if _, err := toml.Decode(string(out), &check); err == nil &&
		slices.Equal(check.Allow, r.Allow) && slices.Equal(check.Deny, r.Deny) {
		return out
	}
	return []byte(header + "allow = " + renderArray(r.Allow) + "\ndeny = " + renderArray(r.Deny) + "\n")
}

// insertKey adds a top-level key line before the first table header, or
// at the end.
func insertKey(src []byte, line string) []byte {
	if at := firstTable(src); at >= 0 {
		return slices.Concat(src[:at], []byte(line), src[at:])
	}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		src = append(src, '\n')
	}
	return append(src, line...)
}

func renderArray(values []string) string {
	if len(values) == 0 {
		return "[]"
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for _, v := range values {
		b.WriteString("  ")
		b.WriteString(tomlQuote(v))
		b.WriteString(",\n")
	}
	b.WriteString("]")
	return b.String()
}

// tomlQuote writes s as a TOML basic string.
func tomlQuote(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// writeAtomic replaces path with data: a temporary file in the same
// directory, synced, then renamed over it, and the directory synced.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("writing rules: %w", err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("writing rules: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("writing rules: %w", err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("writing rules: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
