package highlight

import (
	"os"
	"path/filepath"
	"testing"
)

func TestShellResolver(t *testing.T) {
	bin, home, cwd := t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(bin, "tool"), 0o755)
	writeFile(t, filepath.Join(home, "mine"), 0o755)
	writeFile(t, filepath.Join(cwd, "run.sh"), 0o755)
	writeFile(t, filepath.Join(cwd, "notes"), 0o644)
	if err := os.Mkdir(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	set := func(names ...string) func(string) bool {
		return func(n string) bool {
			for _, x := range names {
				if x == n {
					return true
				}
			}
			return false
		}
	}
	r := &ShellResolver{
		Alias:    set("ll", "tool"),
		Function: set("f", "cd"),
		Builtin:  set("cd", "echo"),
		Getenv:   func(k string) string { return map[string]string{"PATH": bin, "HOME": home}[k] },
		Dir:      func() string { return cwd },
		Cache:    NewPathCache(),
	}
	for name, want := range map[string]CmdKind{
		"ll":                         KindAlias,
		"tool":                       KindAlias, // an alias wins over PATH
		"cd":                         KindFunction,
		"echo":                       KindBuiltin,
		"nope":                       KindNotFound,
		"./run.sh":                   KindExternal,
		"./notes":                    KindNotFound,
		"sub":                        KindNotFound,
		"./sub":                      KindNotFound,
		"~/mine":                     KindExternal,
		filepath.Join(bin, "tool"):   KindExternal,
		filepath.Join(cwd, "run.sh"): KindExternal,
		"":                           KindUnknown,
	} {
		if got := r.Kind(name); got != want {
			t.Errorf("Kind(%q) = %v, want %v", name, got, want)
		}
	}
	if got := (&ShellResolver{}).Kind("x"); got != KindUnknown {
		t.Errorf("empty resolver: Kind = %v", got)
	}
}
