// Command nextstart measures what one nosh session's idle time does to
// the start of the next nosh: it runs a session A under a
// pseudo-terminal (a line typed and run, then an idle prompt long enough
// for the idle trim), and then times the start of a session B to its
// first prompt, interleaving conditions round by round:
//
//	none      no session A before B (half of -idle passes)
//	idle      A runs a line, idles, is killed, B starts (A's idle trim ran)
//	noline    A idles without a line (no page drop), is killed, B starts
//	alive     A runs a line and idles, and stays alive while B starts
//	bash      A is bash (a line, idle): no nosh ran for a while
//	sleep     nothing runs for 3 × idle before B
//
// A condition written NAME/COND runs A and B from the executable -bins
// names NAME, so that builds can be compared in the same rounds. With
// -full, A ends as a bench/ptybench session does (a line typed after
// the idle prompt, another idle, Enter); with -c, B is `nosh -c true`.
//
// For each condition it prints B's start time (median, p10–p90), its
// threads' processor time and time waiting for a processor
// (/proc/PID/task/*/schedstat; for -c, user+system time), and B's minor
// and major page faults at its first prompt: faults and processor time
// are what the kernel state A left behind would change, and unlike the
// start time they do not spread with the machine's load.
//
// usage: go run ./bench/nextstart -a NOSH [-b NOSH] [-n 20] [-delay 0] [-init examples/init.sh]
//
//	go run ./bench/nextstart -bins new=bin/nosh,old=OLD -conds new/idle,new/noline,old/idle -full
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

const marker = "@PTYBENCH> "

type session struct {
	cmd *exec.Cmd
	f   *os.File
	fd  int
	out []byte
	buf []byte
}

func start(argv, env []string) (*session, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		return nil, err
	}
	return &session{cmd: cmd, f: f, fd: int(f.Fd()), buf: make([]byte, 64<<10)}, nil
}

func (s *session) read(deadline time.Time) error {
	for {
		wait := time.Until(deadline)
		if wait <= 0 {
			return errors.New("timed out")
		}
		fds := []unix.PollFd{{Fd: int32(s.fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(wait/time.Millisecond)+1)
		if errors.Is(err, unix.EINTR) || n == 0 {
			continue
		}
		if err != nil {
			return err
		}
		m, err := unix.Read(s.fd, s.buf)
		if m > 0 {
			s.out = append(s.out, s.buf[:m]...)
			return nil
		}
		if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
			continue
		}
		if err == nil {
			err = errors.New("end of output")
		}
		return err
	}
}

// waitPrompt waits for the marker, after a newline if afterNewline.
func (s *session) waitPrompt(from int, afterNewline bool) (int, error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		b := string(s.out[from:])
		st := 0
		ok := true
		if afterNewline {
			nl := strings.IndexByte(b, '\n')
			if nl < 0 {
				ok = false
			}
			st = nl + 1
		}
		if ok {
			if i := strings.Index(b[st:], marker); i >= 0 {
				return from + st + i + len(marker), nil
			}
		}
		if err := s.read(deadline); err != nil {
			return from, fmt.Errorf("waiting for the prompt: %v; wrote %q", err, b)
		}
	}
}

func (s *session) close() {
	s.f.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// stat returns fields of /proc/PID/stat after the command name (state
// is 0: minflt is 7, majflt 9).
func stat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := strings.LastIndexByte(string(b), ')')
	return strings.Fields(string(b[i+1:]))
}

func rss(pid int) int {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

type result struct {
	d             time.Duration
	minflt, major int
	rssA          int
	// cpu and wait are B's threads' time on a processor and waiting for
	// one (/proc/PID/task/*/schedstat) at its first prompt.
	cpu, wait time.Duration
}

// schedstat sums the run and run-queue wait times of pid's threads.
func schedstat(pid int) (cpu, wait time.Duration) {
	ts, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	for _, t := range ts {
		b, _ := os.ReadFile(t)
		f := strings.Fields(string(b))
		if len(f) >= 2 {
			c, _ := strconv.ParseInt(f[0], 10, 64)
			w, _ := strconv.ParseInt(f[1], 10, 64)
			cpu += time.Duration(c)
			wait += time.Duration(w)
		}
	}
	return
}

// runA starts session A; with line it runs `true`; it then idles for
// idle and returns the live session.
func runA(argv, env []string, line, full bool, idle time.Duration) (*session, int, error) {
	s, err := start(argv, env)
	if err != nil {
		return nil, 0, err
	}
	off, err := s.waitPrompt(0, false)
	if err != nil {
		s.close()
		return nil, 0, err
	}
	if line {
		for range 5 {
			s.f.WriteString("true\r")
			if off, err = s.waitPrompt(off, true); err != nil {
				s.close()
				return nil, 0, err
			}
		}
	}
	time.Sleep(idle)
	r := rss(s.cmd.Process.Pid)
	if line && full {
		// ptybench's end of a session: a key and a line after idle.
		s.f.WriteString("true")
		time.Sleep(idle)
		s.f.WriteString("\r")
		if _, err = s.waitPrompt(off, true); err != nil {
			s.close()
			return nil, 0, err
		}
	}
	return s, r, nil
}

func timeB(argv, env []string) (result, error) {
	t0 := time.Now()
	s, err := start(argv, env)
	if err != nil {
		return result{}, err
	}
	defer s.close()
	if _, err := s.waitPrompt(0, false); err != nil {
		return result{}, err
	}
	d := time.Since(t0)
	f := stat(s.cmd.Process.Pid)
	r := result{d: d}
	r.cpu, r.wait = schedstat(s.cmd.Process.Pid)
	if len(f) > 9 {
		r.minflt, _ = strconv.Atoi(f[7])
		r.major, _ = strconv.Atoi(f[9])
	}
	return r, nil
}

// timeC times `B -c true`, n runs.
func timeC(bin string, env []string) (result, error) {
	cmd := exec.Command(bin, "-c", "true")
	cmd.Env = append(os.Environ(), env...)
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return result{}, err
	}
	d := time.Since(t0)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return result{d: d, minflt: int(ru.Minflt), major: int(ru.Majflt), cpu: cpu}, nil
}

func main() {
	a := flag.String("a", "", "nosh session A")
	b := flag.String("b", "", "nosh session B (default: A)")
	n := flag.Int("n", 20, "rounds")
	delay := flag.Duration("delay", 0, "wait between A's end and B's start")
	idle := flag.Duration("idle", 1500*time.Millisecond, "A's idle time")
	initFile := flag.String("init", "examples/init.sh", "B's init.sh")
	conds := flag.String("conds", "none,idle,noline,alive", "conditions")
	full := flag.Bool("full", false, "A ends as a ptybench session: a line typed after idle, another idle, Enter")
	binList := flag.String("bins", "", "name=path,...: conditions name/cond run A and B from that binary")
	dashc := flag.Bool("c", false, "time B -c true instead of an interactive start")
	flag.Parse()
	if *b == "" {
		*b = *a
	}
	A, _ := filepath.Abs(*a)
	B, _ := filepath.Abs(*b)
	bins := map[string]string{}
	for _, nb := range strings.Split(*binList, ",") {
		if name, path, ok := strings.Cut(nb, "="); ok {
			bins[name], _ = filepath.Abs(path)
		}
	}
	dir, _ := os.MkdirTemp("", "nextstart")
	defer os.RemoveAll(dir)
	var hist strings.Builder
	now := time.Now().Unix()
	for i := range 10000 {
		fmt.Fprintf(&hist, "%d\t0\t/home/u\techo history entry number %d with some words\n", now-int64(10000-i), i)
	}
	for _, h := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(dir, h, ".config/nosh"), 0o755)
		os.MkdirAll(filepath.Join(dir, h, ".local/state/nosh"), 0o700)
		os.WriteFile(filepath.Join(dir, h, ".local/state/nosh/history"), []byte(hist.String()), 0o600)
	}
	init, err := os.ReadFile(*initFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.WriteFile(filepath.Join(dir, "b/.config/nosh/init.sh"), init, 0o644)
	env := func(h string) []string {
		home := filepath.Join(dir, h)
		return []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config", "XDG_STATE_HOME=" + home + "/.local/state",
			"INPUTRC=/dev/null", "TERM=xterm", "PS1=" + marker, "NO_COLOR=1"}
	}
	cs := strings.Split(*conds, ",")
	res := map[string][]result{}
	for i := 0; i <= *n; i++ {
		order := slices.Clone(cs)
		if i%2 == 1 {
			slices.Reverse(order)
		}
		for _, c := range order {
			var sA *session
			var rA int
			A, B := A, B
			cond := c
			if name, k, ok := strings.Cut(c, "/"); ok {
				A, B, cond = bins[name], bins[name], k
			}
			switch cond {
			case "none":
				time.Sleep(*idle / 2)
			case "idle", "alive":
				sA, rA, err = runA([]string{A}, env("a"), true, *full, *idle)
			case "bash":
				// Another program's session: what B meets when no nosh ran
				// for a while (ptybench's bash sessions).
				sA, rA, err = runA([]string{"bash", "--norc", "-i"}, env("a"), true, *full, *idle)
			case "sleep":
				time.Sleep(3 * *idle)
			case "noline":
				sA, rA, err = runA([]string{A}, env("a"), false, *full, *idle)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, c, err)
				os.Exit(1)
			}
			if sA != nil && cond != "alive" {
				sA.close()
			}
			time.Sleep(*delay)
			var r result
			if *dashc {
				r, err = timeC(B, env("b"))
			} else {
				r, err = timeB([]string{B}, env("b"))
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, c, "B:", err)
				os.Exit(1)
			}
			r.rssA = rA
			if sA != nil && cond == "alive" {
				sA.close()
			}
			if i > 0 {
				res[c] = append(res[c], r)
			}
		}
	}
	base := med(res[cs[0]], func(r result) float64 { return float64(r.d) })
	for _, c := range cs {
		rs := res[c]
		m := med(rs, func(r result) float64 { return float64(r.d) })
		fmt.Printf("%-14s B start %8v [%v–%v] %.2fx cpu %v wait %v minflt %v majflt %v  A rss %v KiB\n", c,
			time.Duration(m).Round(time.Microsecond),
			time.Duration(q(rs, 0.1, func(r result) float64 { return float64(r.d) })).Round(time.Microsecond),
			time.Duration(q(rs, 0.9, func(r result) float64 { return float64(r.d) })).Round(time.Microsecond),
			m/base,
			time.Duration(med(rs, func(r result) float64 { return float64(r.cpu) })).Round(time.Microsecond),
			time.Duration(med(rs, func(r result) float64 { return float64(r.wait) })).Round(time.Microsecond),
			med(rs, func(r result) float64 { return float64(r.minflt) }),
			med(rs, func(r result) float64 { return float64(r.major) }),
			med(rs, func(r result) float64 { return float64(r.rssA) }))
	}
}

func med(rs []result, f func(result) float64) float64 { return q(rs, 0.5, f) }

func q(rs []result, p float64, f func(result) float64) float64 {
	if len(rs) == 0 {
		return 0
	}
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[int(p*float64(len(v)-1)+0.5)]
}
