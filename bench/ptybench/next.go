package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// nextOptions configure -next: what one session leaves to the start of
// the next.
type nextOptions struct {
	conds []string          // the conditions, interleaved round by round
	bins  map[string]string // NAME/COND runs A and B from bins[NAME]
	nosh  string            // A and B for a condition without NAME/
	full  bool              // A ends as a ptybench session does
	dashC bool              // B is `nosh -c true`
	delay time.Duration     // between A's end and B's start
	idle  time.Duration     // A's idle prompt
}

// nextResult is one start of session B.
type nextResult struct {
	d            time.Duration
	minor, major int
	// cpu and wait are B's threads' time on a processor and waiting for
	// one, at its first prompt (for -c, its user and system time).
	cpu, wait time.Duration
	rssA      int // A's RSS after its idle, KiB
}

// nextStart measures what a session A leaves to the start of a session B
// from the same executable. For each round and condition it runs A
// under a pseudo-terminal, then times B to its first prompt (with the
// init.sh and the history of the other nosh sessions) or `-c true`:
//
//	idle    A runs five lines and idles (the idle trim, and after a line
//	        the drop of start-up's pages), is killed, B starts
//	noline  A idles without a line, so never drops, is killed, B starts
//	alive   as idle, but A stays at its prompt while B starts
//	bash    A is bash: a session of another program before B
//	none    no A (half of -idle passes), sleep: nothing for 3 × -idle
//	evict   no A, and B's executable's cached pages are dropped first
//	        (POSIX_FADV_DONTNEED), as reclaim or a reboot would
//
// Besides B's start it reports what the kernel state A left would change
// and the machine's load does not spread: B's page faults and processor
// time.
func nextStart(o nextOptions, bare, withInit string, n int) {
	env := func(home string) []string {
		return append(xdg(home), "INPUTRC=/dev/null", "TERM=xterm", "PS1="+marker, "NO_COLOR=1")
	}
	res := map[string][]nextResult{}
	for i := 0; i <= n; i++ {
		order := slices.Clone(o.conds)
		if i%2 == 1 {
			slices.Reverse(order)
		}
		for _, c := range order {
			bin, cond := o.nosh, c
			if name, k, ok := strings.Cut(c, "/"); ok {
				bin, cond = o.bins[name], k
			}
			r, err := nextRound(o, cond, bin, env(bare), env(withInit))
			if err != nil {
				fatal(fmt.Errorf("%s: %v", c, err))
			}
			if i > 0 { // round 0 warms the page cache
				res[c] = append(res[c], r)
			}
		}
	}
	fmt.Printf("%-16s %10s %-22s %6s %10s %10s %6s %6s %10s\n", "condition", "B start", "[p10–p90]", "", "processor", "wait", "minor", "major", "A's RSS")
	first := nextMedian(res[o.conds[0]], func(r nextResult) float64 { return float64(r.d) })
	for _, c := range o.conds {
		rs := res[c]
		d := func(r nextResult) float64 { return float64(r.d) }
		m := nextMedian(rs, d)
		fmt.Printf("%-16s %10s [%s–%s] %5.2fx %10s %10s %6.0f %6.0f %10.0f\n", c, show(m, "time"),
			show(nextQuantile(rs, 0.1, d), "time"), show(nextQuantile(rs, 0.9, d), "time"), m/first,
			show(nextMedian(rs, func(r nextResult) float64 { return float64(r.cpu) }), "time"),
			show(nextMedian(rs, func(r nextResult) float64 { return float64(r.wait) }), "time"),
			nextMedian(rs, func(r nextResult) float64 { return float64(r.minor) }),
			nextMedian(rs, func(r nextResult) float64 { return float64(r.major) }),
			nextMedian(rs, func(r nextResult) float64 { return float64(r.rssA) }))
	}
	fmt.Printf("(%d rounds; medians; faults and processor time of B at its first prompt; -idle %v)\n", n, o.idle)
}

// nextRound runs one condition: session A, then B's start.
func nextRound(o nextOptions, cond, bin string, envA, envB []string) (nextResult, error) {
	var a *session
	var r nextResult
	var err error
	switch cond {
	case "idle", "alive":
		a, r.rssA, err = sessionA(shellSpec{"A", []string{bin}, envA}, true, o.full, o.idle)
	case "noline":
		a, r.rssA, err = sessionA(shellSpec{"A", []string{bin}, envA}, false, o.full, o.idle)
	case "bash":
		a, r.rssA, err = sessionA(shellSpec{"A", []string{"bash", "--norc", "-i"}, envA}, true, o.full, o.idle)
	case "none":
		time.Sleep(o.idle / 2)
	case "sleep":
		time.Sleep(3 * o.idle)
	case "evict":
		time.Sleep(o.idle / 2)
		err = evict(bin)
	default:
		err = fmt.Errorf("unknown condition %q", cond)
	}
	if err != nil {
		return r, err
	}
	if a != nil && cond != "alive" {
		a.close()
	}
	time.Sleep(o.delay)
	var b nextResult
	if o.dashC {
		b, err = dashCTrue(bin, envB)
	} else {
		b, err = startB(shellSpec{"B", []string{bin}, envB})
	}
	if a != nil && cond == "alive" {
		a.close()
	}
	b.rssA = r.rssA
	return b, err
}

// sessionA starts A; with line it runs five lines; then it idles and
// returns the live session and its RSS. With full it ends as a ptybench
// session: a line typed after the idle prompt, another idle, Enter.
func sessionA(sp shellSpec, line, full bool, idle time.Duration) (*session, int, error) {
	s, err := start(sp)
	if err != nil {
		return nil, 0, err
	}
	off, err := s.waitPrompt(0, false)
	for i := 0; line && i < 5 && err == nil; i++ {
		if err = s.write("true\r"); err == nil {
			off, err = s.waitPrompt(off, true)
		}
	}
	if err != nil {
		s.close()
		return nil, 0, err
	}
	time.Sleep(idle)
	rss := s.rssKiB()
	if line && full {
		err = s.write("true")
		time.Sleep(idle)
		if err == nil {
			err = s.write("\r")
		}
		if err == nil {
			_, err = s.waitPrompt(off, true)
		}
		if err != nil {
			s.close()
			return nil, 0, err
		}
	}
	return s, rss, nil
}

// startB times B to its first prompt and reads its faults and processor
// time there.
func startB(sp shellSpec) (nextResult, error) {
	t0 := time.Now()
	s, err := start(sp)
	if err != nil {
		return nextResult{}, err
	}
	defer s.close()
	if _, err := s.waitPrompt(0, false); err != nil {
		return nextResult{}, err
	}
	r := nextResult{d: time.Since(t0), minor: s.minorFaults(), major: s.majorFaults()}
	r.cpu, r.wait = s.schedstat()
	return r, nil
}

// dashCTrue times `bin -c true`.
func dashCTrue(bin string, env []string) (nextResult, error) {
	cmd := exec.Command(bin, "-c", "true")
	cmd.Env = append(os.Environ(), env...)
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return nextResult{}, err
	}
	d := time.Since(t0)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return nextResult{d: d, minor: int(ru.Minflt), major: int(ru.Majflt),
		cpu: time.Duration(ru.Utime.Nano() + ru.Stime.Nano())}, nil
}

// evict drops the file's cached pages that no process maps.
func evict(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
}

// parseBins reads "name=path,...".
func parseBins(list string) (map[string]string, error) {
	bins := map[string]string{}
	for _, nb := range strings.Split(list, ",") {
		if nb == "" {
			continue
		}
		name, path, ok := strings.Cut(nb, "=")
		if !ok {
			return nil, fmt.Errorf("-next-bins: %q is not name=path", nb)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		bins[name] = abs
	}
	return bins, nil
}

func nextMedian(rs []nextResult, f func(nextResult) float64) float64 {
	return nextQuantile(rs, 0.5, f)
}

func nextQuantile(rs []nextResult, q float64, f func(nextResult) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	return quantile(v, q)
}
