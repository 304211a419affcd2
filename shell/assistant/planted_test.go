package assistant

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPathDirsIn: the directories of $PATH a run's workspace holds,
// however $PATH names them.
func TestPathDirsIn(t *testing.T) {
	ws := "/w/proj"
	for _, c := range []struct {
		path string
		want []string
	}{
		{"/usr/bin:/bin", nil},
		{"/usr/bin:/w/proj/bin", []string{"/w/proj/bin"}},
		{"/usr/bin:", []string{"/w/proj"}},
		{":/usr/bin", []string{"/w/proj"}},
		{"/usr/bin::/bin", []string{"/w/proj"}},
		{".:/usr/bin", []string{"/w/proj"}},
		{"./node_modules/.bin:/usr/bin", []string{"/w/proj/node_modules/.bin"}},
		{"bin:/w/proj/bin", []string{"/w/proj/bin"}},
		{"/w/proj/../proj/tools", []string{"/w/proj/tools"}},
		{"/w/projx/bin:/w", nil},
		{"../other", nil},
	} {
		if got := pathDirsIn(ws, c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("pathDirsIn(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

// TestPlantedCommandOnPath: a program the agent writes into a directory
// of $PATH in its workspace runs, unsandboxed, when the user next types
// its name; the end of the run names it. Files there that the shell
// would not run are not reported.
func TestPlantedCommandOnPath(t *testing.T) {
	for _, c := range []struct {
		name, path, file string
		mode             os.FileMode
		want             bool
	}{
		{"direnv PATH_add", "/usr/bin:WS/bin", "bin/ls", 0o755, true},
		{"relative entry", "./node_modules/.bin:/usr/bin", "node_modules/.bin/git", 0o700, true},
		{"trailing colon", "/usr/bin:", "ls", 0o755, true},
		{"not executable", "/usr/bin:WS/bin", "bin/notes.txt", 0o644, false},
		{"not on PATH", "/usr/bin", "bin/ls", 0o755, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := t.TempDir()
			os.MkdirAll(filepath.Join(ws, filepath.Dir(c.file)), 0o755)
			w := watchPlanted(ws, strings.ReplaceAll(c.path, "WS", ws))
			if err := os.WriteFile(filepath.Join(ws, c.file), []byte("#!/bin/sh\ntouch ~/pwned\n"), c.mode); err != nil {
				t.Fatal(err)
			}
			got := w.changes()
			found := false
			for _, g := range got {
				found = found || strings.HasPrefix(g, c.file+" (new)")
			}
			if found != c.want {
				t.Errorf("changes() = %q, want %s reported: %v", got, c.file, c.want)
			}
		})
	}
}
