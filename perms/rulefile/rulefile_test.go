package rulefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func tempFile(t *testing.T, content string) *File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "nosh", "permissions.toml")
	if content != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Open(path)
}

func load(t *testing.T, f *File) (allow, deny []string) {
	t.Helper()
	allow, deny, err := f.Load()
	if err != nil {
		t.Fatal(err)
	}
	return allow, deny
}

func TestMissingFile(t *testing.T) {
	f := tempFile(t, "")
	allow, deny, err := f.Load()
	if err != nil || allow != nil || deny != nil {
		t.Fatalf("missing file: %q %q %v", allow, deny, err)
	}
}

func TestAddAndRemove(t *testing.T) {
	f := tempFile(t, "")
	if err := f.AddAllow("du", "git  status", "grep -r 'a b'"); err != nil {
		t.Fatal(err)
	}
	if err := f.AddAllow("du"); err != nil {
		t.Fatal(err)
	}
	if err := f.AddDeny("git push", "rm -rf"); err != nil {
		t.Fatal(err)
	}
	allow, deny := load(t, f)
	if !slices.Equal(allow, []string{"du", "git status", "grep -r 'a b'"}) || !slices.Equal(deny, []string{"git push", "rm -rf"}) {
		t.Fatalf("got allow %q deny %q", allow, deny)
	}
	data, _ := os.ReadFile(f.Path())
	if !strings.HasPrefix(string(data), "# nosh permission rules") {
		t.Errorf("new file has no header:\n%s", data)
	}
	missing, err := f.Remove("git status", "rm   -rf", "nope")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(missing, []string{"nope"}) {
		t.Errorf("missing = %q", missing)
	}
	allow, deny = load(t, f)
	if !slices.Equal(allow, []string{"du", "grep -r 'a b'"}) || !slices.Equal(deny, []string{"git push"}) {
		t.Fatalf("after rm: allow %q deny %q", allow, deny)
	}
	if err := f.AddAllow("./build.sh"); err == nil {
		t.Error("allow rule naming a path accepted")
	}
	if err := f.AddAllow("rm *.log"); err == nil {
		t.Error("allow rule with a glob accepted")
	}
	entries, _ := os.ReadDir(filepath.Dir(f.Path()))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".permissions.toml.") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestKeepsUserContent(t *testing.T) {
	const orig = `# my rules
allow = [
  "ls", # listing is fine
]

# never
deny = ["git push"]

[extra]
note = "kept"
`
	f := tempFile(t, orig)
	_, _, err := f.Load()
	var fe *Error
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "extra") {
		t.Errorf("unknown table not reported: %v", err)
	}
	if err := f.AddAllow("du"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(f.Path())
	for _, keep := range []string{"# my rules", "# never", "[extra]", `note = "kept"`} {
		if !strings.Contains(string(data), keep) {
			t.Errorf("update lost %q:\n%s", keep, data)
		}
	}
	allow, deny, _ := f.Load()
	if !slices.Equal(allow, []string{"ls", "du"}) || !slices.Equal(deny, []string{"git push"}) {
		t.Errorf("after update: allow %q deny %q\n%s", allow, deny, data)
	}
}

func TestBrokenFileFailsClosed(t *testing.T) {
	tests := []struct {
		name, content string
		line          int
		deny          []string
	}{
		{"syntax", "allow = [\"ls\", \"rm\"]\ndeny = [\n  \"git push\",\n  'rm -rf',\n]\nthis is not toml\n", 6, []string{"git push", "rm -rf"}},
		{"unclosed", "deny = [\"curl\", \"git push\"\nallow = [\"rm\"]\n", 2, []string{"curl", "git push"}},
		{"type", "allow = \"rm\"\ndeny = [\"sudo\"]\n", 1, []string{"sudo"}},
	}
	for _, tt := range tests {
		f := tempFile(t, tt.content)
		allow, deny, err := f.Load()
		var fe *Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want *Error", tt.name, err)
			continue
		}
		if fe.Line != tt.line || !strings.HasPrefix(err.Error(), f.Path()+":"+fmt.Sprint(tt.line)+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line at line %d", tt.name, err, tt.line)
		}
		if len(allow) != 0 {
			t.Errorf("%s: allow rules from a broken file: %q", tt.name, allow)
		}
		if !slices.Equal(deny, tt.deny) {
			t.Errorf("%s: recovered deny %q, want %q", tt.name, deny, tt.deny)
		}
		if err := f.AddAllow("du"); err == nil {
			t.Errorf("%s: update of a broken file succeeded", tt.name)
		}
		if data, _ := os.ReadFile(f.Path()); string(data) != tt.content {
			t.Errorf("%s: broken file was changed", tt.name)
		}
	}
}

func TestLoadSeesChanges(t *testing.T) {
	f := tempFile(t, `allow = ["ls"]`)
	if allow, _ := load(t, f); !slices.Equal(allow, []string{"ls"}) {
		t.Fatalf("allow %q", allow)
	}
	other := Open(f.Path())
	if err := other.AddAllow("du"); err != nil {
		t.Fatal(err)
	}
	if allow, _ := load(t, f); !slices.Equal(allow, []string{"ls", "du"}) {
		t.Fatalf("change by another writer not seen: %q", allow)
	}
}

func TestConcurrentWriters(t *testing.T) {
	f := tempFile(t, "")
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			// Each writer has its own File, as separate shells would.
			if err := Open(f.Path()).AddAllow(fmt.Sprintf("cmd%d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	allow, _ := load(t, f)
	if len(allow) != n {
		t.Errorf("%d rules survived concurrent writes, want %d: %q", len(allow), n, allow)
	}
}

func TestTomlQuoteRoundTrip(t *testing.T) {
	f := tempFile(t, "")
	rules := []string{`printf '%s\n'`, `grep "a\"b"`, "echo 'tab\there'"}
	if err := f.AddDeny(rules...); err != nil {
		t.Fatal(err)
	}
	_, deny := load(t, f)
	if len(deny) != len(rules) {
		t.Fatalf("deny %q", deny)
	}
	data, _ := os.ReadFile(f.Path())
	if got := scanDeny(data); !slices.Equal(got, deny) {
		t.Errorf("line scan reads %q, TOML reads %q", got, deny)
	}
}
