package history

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests re-run this test binary as concurrent shell sessions; these
// variables tell a child what to do instead of running the tests.
const (
	envMode = "NOSH_HISTORY_TEST_HELPER"
	envPath = "NOSH_HISTORY_TEST_PATH"
	envProc = "NOSH_HISTORY_TEST_PROC"
	envSize = "NOSH_HISTORY_TEST_SIZE"
)

func TestMain(m *testing.M) {
	switch os.Getenv(envMode) {
	case "":
		os.Exit(m.Run())
	case "append":
		// The helpers contend for the lock on purpose, under -race on a
		// loaded machine, where a session trimming the file has held it
		// for over the 2 s a shell waits: a test must wait for what it
		// expects with a generous deadline, not fail on a slow holder.
		lockTimeout = time.Minute
		os.Exit(helperAppend())
	case "fsize":
		os.Exit(helperFileSizeLimit())
	default:
		fmt.Fprintln(os.Stderr, "unknown helper mode")
		os.Exit(3)
	}
}

const perProc = 500

// procCommand is the i-th command of process p: multi-line, with tabs and
// backslashes, and now and then far larger than a page.
func procCommand(p, i int) string {
	c := fmt.Sprintf("echo p%d i%d\n\tsecond \\ line %s", p, i, strings.Repeat("é", i%40))
	if i%50 == 7 {
		c += strings.Repeat("x", 100_000)
	}
	return c
}

// procStatus is the status process p records for its i-th command.
func procStatus(p, i int) int { return (p*perProc + i) % 256 }

// helperAppend is one session appending perProc entries, half of them
// completed later by SetStatus as the shell does. It starts when its
// stdin is closed, so that all sessions run at once.
func helperAppend() int {
	// This test is about order and trimming, not about giving up: under
	// -race on a loaded machine a session may hold the lock over the
	// 2 s a shell waits for it.
	lockTimeout = time.Minute
	p, _ := strconv.Atoi(os.Getenv(envProc))
	size, _ := strconv.Atoi(os.Getenv(envSize))
	h, err := Open(Options{Path: os.Getenv(envPath), Size: size})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	io.Copy(io.Discard, os.Stdin)
	for i := range perProc {
		e := Entry{Dir: fmt.Sprintf("/p%d", p), Command: procCommand(p, i), Status: procStatus(p, i)}
		if i%2 == 0 {
			e.Status = StatusUnknown
		}
		if err := h.Add(e); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if i%2 == 0 {
			if err := h.SetStatus(procStatus(p, i)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
	}
	return 0
}

// runAppenders runs n helperAppend sessions on path at the same time.
func runAppenders(t *testing.T, path string, n, size int) {
	t.Helper()
	var cmds []*exec.Cmd
	var gates []io.Closer
	for p := range n {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), envMode+"=append", envPath+"="+path,
			envProc+"="+strconv.Itoa(p), envSize+"="+strconv.Itoa(size))
		gate, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
		gates = append(gates, gate)
		t.Cleanup(func() {
			if stderr.Len() > 0 {
				t.Logf("session %d stderr: %s", p, stderr.String())
			}
		})
	}
	for _, g := range gates {
		g.Close()
	}
	for p, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("session %d: %v", p, err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
}

// parseProcCommand recovers (p, i) from a procCommand and checks that the
// command is intact.
func parseProcCommand(t *testing.T, e Entry) (p, i int) {
	t.Helper()
	if _, err := fmt.Sscanf(e.Command, "echo p%d i%d\n", &p, &i); err != nil {
		t.Fatalf("unexpected entry %.80q: %v", e.Command, err)
	}
	if e.Command != procCommand(p, i) {
		t.Fatalf("entry p%d i%d damaged: %.80q", p, i, e.Command)
	}
	if e.Dir != fmt.Sprintf("/p%d", p) || e.Status != procStatus(p, i) {
		t.Fatalf("entry p%d i%d has dir %q status %d", p, i, e.Dir, e.Status)
	}
	return p, i
}

func TestConcurrentSessions(t *testing.T) {
	const procs = 4
	path := tempPath(t)
	runAppenders(t, path, procs, 0)

	h := open(t, Options{Path: path})
	if h.Len() != procs*perProc {
		t.Fatalf("loaded %d entries, want %d", h.Len(), procs*perProc)
	}
	seen := make(map[string]bool)
	next := make([]int, procs)
	switches := 0
	prev := -1
	for k := range h.Len() {
		e := h.Entry(k)
		p, i := parseProcCommand(t, e)
		if seen[e.Command] {
			t.Fatalf("duplicate entry p%d i%d", p, i)
		}
		seen[e.Command] = true
		if i != next[p] {
			t.Fatalf("session %d: entry %d follows %d", p, i, next[p]-1)
		}
		next[p]++
		if p != prev {
			switches++
			prev = p
		}
	}
	// Not asserted: the scheduler decides, but it shows whether the
	// sessions really overlapped.
	t.Logf("%d switches between sessions in the file", switches)
}

func TestConcurrentSessionsTrimming(t *testing.T) {
	const procs, size = 4, 600
	path := tempPath(t)
	runAppenders(t, path, procs, size)

	h := open(t, Options{Path: path})
	// Every session counts the others' appends, so the file never
	// passes the margin.
	if h.Len() < size || h.Len() > size+size/4 {
		t.Fatalf("file holds %d entries, want %d to %d", h.Len(), size, size+size/4)
	}
	// The file must hold the newest entries of the whole run: so for each
	// session still in it, a gap-free run ending with its last entry (a
	// session that finished early may be trimmed away entirely).
	first := make(map[int]int)
	next := make(map[int]int)
	for k := range h.Len() {
		p, i := parseProcCommand(t, h.Entry(k))
		if n, ok := next[p]; ok && i != n {
			t.Fatalf("session %d: entry %d follows %d: an append was lost", p, i, n-1)
		}
		if _, ok := first[p]; !ok {
			first[p] = i
		}
		next[p] = i + 1
	}
	if len(next) == 0 {
		t.Fatal("no session left entries")
	}
	for p := range next {
		if next[p] != perProc {
			t.Errorf("session %d: newest entry in the file is %d, want %d", p, next[p]-1, perProc-1)
		}
	}
	t.Logf("file holds %d entries; first kept per session: %v", h.Len(), first)
}

// helperFileSizeLimit plays a full disk with RLIMIT_FSIZE (Go ignores
// SIGXFSZ, so writes fail with EFBIG): first an append that only partly
// fits, then a rewrite that does not fit at all.
func helperFileSizeLimit() int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
		return 1
	}
	path := os.Getenv(envPath)
	h, err := Open(Options{Path: path})
	if err != nil {
		return fail("%v", err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return fail("%v", err)
	}
	limit := func(n int64) error {
		return syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(n), Max: ^uint64(0)})
	}
	if err := limit(st.Size() + 10); err != nil {
		return fail("setrlimit: %v", err)
	}
	err = h.Add(Entry{Command: "echo " + strings.Repeat("z", 200)})
	if !errors.Is(err, syscall.EFBIG) {
		return fail("Add past the limit: got %v, want EFBIG", err)
	}
	if h.Len() != 4 {
		return fail("the failed entry is not kept in memory: Len %d", h.Len())
	}
	if err := limit(st.Size() / 2); err != nil {
		return fail("setrlimit: %v", err)
	}
	if err := h.Delete(0); !errors.Is(err, syscall.EFBIG) {
		return fail("Delete past the limit: got %v, want EFBIG", err)
	}
	if h.Len() != 4 {
		return fail("a failed Delete changed memory: Len %d", h.Len())
	}
	return 0
}

func TestFullDisk(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	for _, c := range []string{"one", "two", "three"} {
		add(t, h, Entry{Command: c, Dir: "/", Status: 0})
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), envMode+"=fsize", envPath+"="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("session under a file size limit: %v\n%s", err, out)
	}

	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(after), string(before)) {
		t.Fatalf("the file lost data:\nbefore %q\nafter  %q", before, after)
	}
	if len(after) == len(before) {
		t.Log("the kernel wrote nothing of the cut append")
	}
	if got := commands(open(t, Options{Path: path})); strings.Join(got, ",") != "one,two,three" {
		t.Errorf("after the failures the file loads as %q", got)
	}
	add(t, open(t, Options{Path: path}), Entry{Command: "four"})
	if got := commands(open(t, Options{Path: path})); strings.Join(got, ",") != "one,two,three,four" {
		t.Errorf("once there is room again the file loads as %q", got)
	}
}

func TestDevFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	h := open(t, Options{Path: "/dev/full"})
	if h.Len() != 0 {
		t.Fatalf("loaded %d entries from a device", h.Len())
	}
	if err := h.Add(Entry{Command: "ls"}); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Add to /dev/full: got %v, want ENOSPC", err)
	}
	if err := h.Delete(0); err != nil {
		t.Errorf("Delete with /dev/full as the file: %v (must not rewrite a device)", err)
	}
}
