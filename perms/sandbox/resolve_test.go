package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestResolve(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ws := filepath.Join(dir, "ws")
	out := filepath.Join(dir, "out")
	os.MkdirAll(filepath.Join(ws, "sub"), 0o755)
	os.MkdirAll(filepath.Join(out, "deep"), 0o755)
	for name, target := range map[string]string{
		"ws/up":       "../out/deep",      // a directory outside
		"ws/sub/back": "../../out",        // relative to the link's directory
		"ws/dang":     out + "/missing",   // leads nowhere yet
		"ws/dotdot":   "up/../x",          // `..` after a link is its target's parent
		"ws/loop":     "loop",             // a loop
		"ws/abs":      ws + "/sub/../sub", // absolute, with ..
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ path, want string }{
		{ws + "/up/f", out + "/deep/f"},
		{ws + "/sub/back/f", out + "/f"},
		{ws + "/dang", out + "/missing"},
		{ws + "/dotdot", out + "/x"},
		{ws + "/abs/f", ws + "/sub/f"},
		{ws + "/up/../f", out + "/f"},
		{ws + "/./sub//x/../y", ws + "/sub/y"},
		{ws + "/nothing/../../out", out},
	} {
		got, err := Resolve(c.path)
		if err != nil || got != c.want {
			t.Errorf("Resolve(%s) = %q, %v; want %q", c.path, got, err, c.want)
		}
	}
	if _, err := Resolve(ws + "/loop"); err == nil {
		t.Errorf("a link loop resolved")
	}
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	if _, err := Resolve("/proc/self/fd/" + strconv.Itoa(int(w.Fd()))); !errors.Is(err, ErrNotAFile) {
		t.Errorf("a pipe's descriptor: %v", err)
	}
	f, _ := os.Create(filepath.Join(ws, "file"))
	defer f.Close()
	if got, err := Resolve("/dev/fd/" + strconv.Itoa(int(f.Fd()))); err != nil || got != filepath.Join(ws, "file") {
		t.Errorf("a file's descriptor: %q, %v", got, err)
	}

	p := Policy{Rules: []Rule{{Path: ws, Access: All}}}
	if _, err := p.OpenForWrite(ws+"/up/f", os.O_WRONLY|os.O_CREATE, 0o644); err == nil {
		t.Errorf("opened a file outside through a link")
	}
	os.WriteFile(filepath.Join(out, "victim"), []byte("keep"), 0o644)
	os.Link(filepath.Join(out, "victim"), filepath.Join(ws, "hard"))
	if _, err := p.OpenForWrite(ws+"/hard", os.O_WRONLY|os.O_TRUNC, 0); !errors.Is(err, ErrHardLinked) {
		t.Errorf("a hard link to a file outside: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "victim")); string(b) != "keep" {
		t.Errorf("the hard-linked file was truncated")
	}
	g, err := p.OpenForWrite(ws+"/sub/new", os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatalf("a new file inside: %v", err)
	}
	g.Close()
	// A link put where a directory was judged is not followed.
	if err := OpenResolvedAfterSwap(t, ws); err == nil {
		t.Errorf("followed a link that appeared after the judgement")
	}
}

// OpenResolvedAfterSwap judges a path, then makes a part of it a link
// to elsewhere before opening it.
func OpenResolvedAfterSwap(t *testing.T, ws string) error {
	real, err := Resolve(ws + "/swap/f")
	if err != nil {
		t.Fatal(err)
	}
	os.Symlink(t.TempDir(), filepath.Join(ws, "swap"))
	f, err := OpenResolved(real, os.O_WRONLY|os.O_CREATE, 0o644)
	if err == nil {
		f.Close()
	}
	return err
}

// TestOwnProcess: every spelling that reaches this process's descriptors,
// memory or environment through /proc (directly, through /dev/fd, a
// thread's own directory, or a link made elsewhere) is recognised; other
// processes' and ordinary files are not.
func TestOwnProcess(t *testing.T) {
	dir := t.TempDir()
	f, _ := os.Create(filepath.Join(dir, "file"))
	defer f.Close()
	fd := strconv.Itoa(int(f.Fd()))
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	link := filepath.Join(dir, "link")
	os.Symlink("/proc/self/fd/"+fd, link)
	pid := strconv.Itoa(os.Getpid())
	tids, _ := filepath.Glob("/proc/self/task/*")
	own := []string{"/dev/stdin", "/dev/fd/" + fd, "/proc/self/fd/" + fd, "/proc/" + pid + "/environ",
		"/proc/thread-self/fd/" + fd, "/proc/self/mem", "/proc/self/cwd/x", "/proc/self/fd/" + strconv.Itoa(int(w.Fd())),
		"/proc/self/fd/999", link, "/proc/" + pid + "/../self/environ"}
	for _, tid := range tids {
		own = append(own, "/proc/"+filepath.Base(tid)+"/fd/"+fd)
	}
	for _, p := range own {
		if !OwnProcess(p) {
			t.Errorf("OwnProcess(%s) = false", p)
		}
	}
	for _, p := range []string{filepath.Join(dir, "file"), "/proc/1/environ", "/proc/cpuinfo", "/dev/null", "/etc/passwd", "/proc"} {
		if OwnProcess(p) {
			t.Errorf("OwnProcess(%s) = true", p)
		}
	}
}
