package perms

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
)

func TestPreviews(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.log", "b.log", "c.log", "keep.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(dir, "ran")
	p, err := NewPolicy(Options{Env: func() (expand.Environ, string) {
		return expand.ListEnviron("HOME=/home/user", "OUT=result.txt", "MARK="+marker), dir
	}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd  string
		want string
	}{
		{"rm *.log", "rm *.log → 3 files: a.log b.log c.log"},
		{"rm -r sub", "rm -r sub → 1 file: sub/"},
		{"chmod 644 *.txt", "chmod 644 *.txt → 1 file: keep.txt"},
		{"echo x > $OUT", "> $OUT → 1 file: result.txt"},
		{"rm $(touch $MARK)", "$(touch $MARK)"},
	}
	for _, tt := range tests {
		d := p.Check(tt.cmd)
		var got []string
		for _, pv := range d.Previews {
			got = append(got, pv.String())
		}
		if !strings.Contains(strings.Join(got, "\n"), tt.want) {
			t.Errorf("%q: previews %q, want %q", tt.cmd, got, tt.want)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a preview ran a command substitution")
	}
	d := p.Check("echo x > $OUT")
	if got := d.Findings[0].Expands; len(got) != 1 || got[0] != "result.txt" {
		t.Errorf("computed write target expands to %q", d.Findings[0].Expands)
	}
}
