package attach

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	write := func(base, name, content string) {
		t.Helper()
		p := filepath.Join(base, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dir, "notes.txt", "one\ntwo\nthree")
	write(dir, "sub/a.go", "package a\n")
	write(dir, "sub/b.txt", strings.Repeat("x", 2048))
	write(dir, "blob.bin", "ELF\x00\x01\x02")
	write(dir, "empty", "")
	write(dir, "big.txt", strings.Repeat("y", 200))
	write(home, "h.txt", "from home\n")
	os.Mkdir(filepath.Join(dir, "sub", "deeper"), 0o755)
	os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("no"), 0o000)
	opt := Options{Dir: dir, Home: home, MaxBytes: 100}

	tests := []struct {
		path      string
		wantPath  string
		wantText  string
		wantLines int
		wantDir   bool
		wantErr   string
	}{
		{path: "notes.txt", wantPath: "notes.txt", wantText: "one\ntwo\nthree\n", wantLines: 3},
		{path: "notes.txt,", wantPath: "notes.txt", wantText: "one\ntwo\nthree\n", wantLines: 3},
		{path: filepath.Join(dir, "notes.txt"), wantPath: filepath.Join(dir, "notes.txt"), wantText: "one\ntwo\nthree\n", wantLines: 3},
		{path: "~/h.txt", wantPath: "~/h.txt", wantText: "from home\n", wantLines: 1},
		{path: "sub", wantPath: "sub", wantDir: true, wantText: "a.go  10 bytes\nb.txt  2.0 KB\ndeeper/\n", wantLines: 3},
		{path: "empty", wantPath: "empty", wantText: ""},
		{path: "missing.txt", wantErr: "@missing.txt: no such file or directory"},
		{path: "missing.txt,", wantErr: "@missing.txt: no such file or directory"},
		{path: "blob.bin", wantErr: "@blob.bin: binary file, not attached"},
		{path: "big.txt", wantErr: "@big.txt: too large to attach (200 bytes; the limit is 100 bytes)"},
		{path: "/dev/null", wantErr: "@/dev/null: not a regular file"},
	}
	if os.Geteuid() != 0 {
		tests = append(tests, struct {
			path, wantPath, wantText string
			wantLines                int
			wantDir                  bool
			wantErr                  string
		}{path: "secret.txt", wantErr: "@secret.txt: cannot read it: permission denied"})
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			f, err := Read(Ref{Path: tt.path}, opt)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("Read(%q) error = %v, want %q", tt.path, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Path != tt.wantPath || f.Text() != tt.wantText || f.Lines != tt.wantLines || f.Dir != tt.wantDir {
				t.Errorf("Read(%q) = %+v (text %q), want path %q text %q lines %d dir %v",
					tt.path, f, f.Text(), tt.wantPath, tt.wantText, tt.wantLines, tt.wantDir)
			}
		})
	}
}

func TestReadDirectoryLimit(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b", "c", "d"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	f, err := Read(Ref{Path: "."}, Options{Dir: dir, MaxEntries: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := "a  0 bytes\nb  0 bytes\n[... 2 entries left out ...]\n"; f.Text() != want {
		t.Errorf("text %q, want %q", f.Text(), want)
	}
	if got := f.Label(); got != ". (directory listing, 2 of 4 entries left out)" {
		t.Errorf("label %q", got)
	}
}

func TestBlock(t *testing.T) {
	f := File{Path: `a "b".txt`, Lines: 1, Head: "x"}
	if got, want := f.Block(), "<file path=\"a \\\"b\\\".txt\">\nx\n</file>\n"; got != want {
		t.Errorf("Block = %q, want %q", got, want)
	}
	if got := (File{Path: "e"}).Block(); got != "<file path=\"e\">\n(empty)\n</file>\n" {
		t.Errorf("empty Block = %q", got)
	}
}
