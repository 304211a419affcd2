// Command ptybench measures nosh beside bash under a pseudo-terminal, in
// one run: time from start to the first prompt, the prompt round trip
// after `true`, keystroke echo latency, and memory at an idle prompt.
//
// usage: go run ./bench/ptybench [-nosh bin/nosh] [-n 20] [-history 10000] [-start-only]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/creack/pty"
)

const marker = "@PTYBENCH> "

type shellSpec struct {
	name string
	argv []string
	env  []string
}

type session struct {
	cmd *exec.Cmd
	f   *os.File
	mu  sync.Mutex
	buf bytes.Buffer
}

func start(sp shellSpec) (*session, error) {
	cmd := exec.Command(sp.argv[0], sp.argv[1:]...)
	cmd.Env = append(os.Environ(), sp.env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		return nil, err
	}
	s := &session{cmd: cmd, f: f}
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := f.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s, nil
}

// waitFor waits until the output past from contains want, returning the
// new offset.
func (s *session) waitFor(from int, want string) (int, error) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		out := s.buf.String()
		s.mu.Unlock()
		if from > len(out) {
			from = len(out)
		}
		if i := strings.Index(out[from:], want); i >= 0 {
			return from + i + len(want), nil
		}
		time.Sleep(50 * time.Microsecond)
	}
	return from, fmt.Errorf("timed out waiting for %q", want)
}

func (s *session) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Len()
}

func (s *session) close() {
	s.f.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

func rssKiB(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

type result struct {
	startup, roundTrip, echo []time.Duration
	rss                      int
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// startOnly (-start-only) measures nothing but start-up, and only
// nosh's: a loop to run under a profiler (perf record).
var startOnly bool

func measure(sp shellSpec, n int) (result, error) {
	var r result
	for i := 0; i < n; i++ {
		t0 := time.Now()
		s, err := start(sp)
		if err != nil {
			return r, err
		}
		off, err := s.waitFor(0, marker)
		if err != nil {
			s.close()
			return r, fmt.Errorf("%s: first prompt: %v", sp.name, err)
		}
		r.startup = append(r.startup, time.Since(t0))
		if startOnly {
			s.close()
			continue
		}
		for j := 0; j < 5; j++ {
			t1 := time.Now()
			s.f.WriteString("true\r")
			if off, err = s.waitFor(off, marker); err != nil {
				s.close()
				return r, err
			}
			r.roundTrip = append(r.roundTrip, time.Since(t1))
		}
		for j, c := range "abcde" {
			t2 := time.Now()
			s.f.WriteString(string(c))
			if off, err = s.waitFor(off, string(c)); err != nil {
				s.close()
				return r, err
			}
			r.echo = append(r.echo, time.Since(t2))
			_ = j
		}
		s.f.WriteString("\x15")
		if i == n-1 {
			time.Sleep(200 * time.Millisecond)
			r.rss = rssKiB(s.cmd.Process.Pid)
		}
		s.close()
	}
	return r, nil
}

func main() {
	nosh := flag.String("nosh", "bin/nosh", "nosh binary")
	n := flag.Int("n", 20, "sessions per shell")
	histN := flag.Int("history", 10000, "history entries for nosh (0 for none)")
	flag.BoolVar(&startOnly, "start-only", false, "only start nosh n times, to profile its start-up")
	flag.Parse()
	abs, _ := filepath.Abs(*nosh)
	home, _ := os.MkdirTemp("", "ptybench")
	defer os.RemoveAll(home)
	// A realistic nosh home: the example init.sh and a large history.
	os.MkdirAll(filepath.Join(home, ".config/nosh"), 0o755)
	if b, err := os.ReadFile("examples/init.sh"); err == nil {
		os.WriteFile(filepath.Join(home, ".config/nosh/init.sh"), b, 0o644)
	}
	os.MkdirAll(filepath.Join(home, ".local/state/nosh"), 0o700)
	var hist strings.Builder
	for i := 0; i < *histN; i++ {
		fmt.Fprintf(&hist, "%d\t0\t/home/u\techo history entry number %d with some words\n", time.Now().Unix()-int64(*histN-i), i)
	}
	os.WriteFile(filepath.Join(home, ".local/state/nosh/history"), []byte(hist.String()), 0o600)
	common := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config", "XDG_STATE_HOME=" + home + "/.local/state",
		"INPUTRC=/dev/null", "TERM=xterm", "PS1=" + marker, "NO_COLOR=1"}
	specs := []shellSpec{
		{"nosh", []string{abs}, common},
		{"bash --norc", []string{"bash", "--norc", "-i"}, append(common, "HISTFILE=/dev/null")},
	}
	if startOnly {
		r, err := measure(specs[0], *n)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ptybench:", err)
			os.Exit(1)
		}
		fmt.Printf("nosh start to first prompt: %v (median of %d)\n", median(r.startup).Round(10*time.Microsecond), *n)
		return
	}
	res := map[string]result{}
	for _, sp := range specs {
		r, err := measure(sp, *n)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ptybench:", err)
			os.Exit(1)
		}
		res[sp.name] = r
	}
	a, b := res["nosh"], res["bash --norc"]
	ratio := func(x, y time.Duration) string { return fmt.Sprintf("%.2fx", float64(x)/float64(y)) }
	fmt.Printf("%-30s %12s %12s %8s\n", "under a pty (median)", "nosh", "bash", "ratio")
	fmt.Printf("%-30s %12v %12v %8s  (budget 1.5x, and < 10ms)\n", "start to first prompt", median(a.startup).Round(10*time.Microsecond), median(b.startup).Round(10*time.Microsecond), ratio(median(a.startup), median(b.startup)))
	fmt.Printf("%-30s %12v %12v %8s  (budget: +1ms)\n", "prompt round trip after true", median(a.roundTrip).Round(10*time.Microsecond), median(b.roundTrip).Round(10*time.Microsecond), ratio(median(a.roundTrip), median(b.roundTrip)))
	fmt.Printf("%-30s %12v %12v %8s  (budget: +1ms)\n", "keystroke echo", median(a.echo).Round(10*time.Microsecond), median(b.echo).Round(10*time.Microsecond), ratio(median(a.echo), median(b.echo)))
	fmt.Printf("%-30s %9d KiB %9d KiB %8s  (budget < 20 MiB)\n", "RSS at an idle prompt", a.rss, b.rss, fmt.Sprintf("%.2fx", float64(a.rss)/float64(max(b.rss, 1))))
	fmt.Printf("(nosh with the example init.sh and %d history entries; %d sessions each)\n", *histN, *n)
}
