package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// threadStat is what the kernel counts for one thread: context switches
// (a voluntary one is a wait, an involuntary one a preemption), the time
// it ran and the time it was runnable but waited for a processor
// (/proc/PID/task/TID/schedstat), which is what a busy machine adds.
type threadStat struct {
	vol, invol      int
	runNs, waitNs   int64
	slices          int64
	name, comm, tid string
}

// threadStats reads every thread of pid.
func threadStats(pid int) map[string]threadStat {
	out := map[string]threadStat{}
	dir := fmt.Sprintf("/proc/%d/task", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, e := range ents {
		var t threadStat
		t.tid = e.Name()
		if b, err := os.ReadFile(filepath.Join(dir, e.Name(), "status")); err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				f := strings.Fields(l)
				if len(f) < 2 {
					continue
				}
				switch f[0] {
				case "voluntary_ctxt_switches:":
					t.vol, _ = strconv.Atoi(f[1])
				case "nonvoluntary_ctxt_switches:":
					t.invol, _ = strconv.Atoi(f[1])
				}
			}
		}
		if b, err := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat")); err == nil {
			f := strings.Fields(string(b))
			if len(f) == 3 {
				t.runNs, _ = strconv.ParseInt(f[0], 10, 64)
				t.waitNs, _ = strconv.ParseInt(f[1], 10, 64)
				t.slices, _ = strconv.ParseInt(f[2], 10, 64)
			}
		}
		out[t.tid] = t
	}
	return out
}

// schedDelta sums what the threads did between two readings: switches,
// run and wait time, and how many threads ran at all.
type schedDelta struct {
	vol, invol, threadsRan int
	runNs, waitNs, slices  int64
	// other* are the threads' other than the one that ran longest in
	// the step (which read the key and answered it; in a Go program the
	// goroutine may be on any thread): Go's monitor, idle workers
	// woken to look for work, the collector's.
	otherSlices, otherNs, otherWaitNs int64
}

func diffStats(a, b map[string]threadStat) schedDelta {
	var d schedDelta
	for tid, t := range b {
		o := a[tid] // a thread started in between counts whole
		dv, di := t.vol-o.vol, t.invol-o.invol
		d.vol += dv
		d.invol += di
		d.runNs += t.runNs - o.runNs
		d.waitNs += t.waitNs - o.waitNs
		d.slices += t.slices - o.slices
		if t.slices != o.slices {
			d.threadsRan++
		}
	}
	var busiest string
	var most int64 = -1
	for tid, t := range b {
		if r := t.runNs - a[tid].runNs; r > most {
			busiest, most = tid, r
		}
	}
	for tid, t := range b {
		if tid != busiest {
			o := a[tid]
			d.otherSlices += t.slices - o.slices
			d.otherNs += t.runNs - o.runNs
			d.otherWaitNs += t.waitNs - o.waitNs
		}
	}
	return d
}

// schedStep is one measured step of a workload (a key, an Enter, a line),
// with what it needs done first and left out of the figures.
type schedStep struct {
	name string
	prep func(s *session, off, i int) (int, error)
	step func(s *session, off, i int) (int, error)
}

// keyStep types a key and waits for its echo; every 40 keys the line is
// erased and accepted first, so that it never wraps.
func keyStep() schedStep {
	const keys = "abcdefg"
	return schedStep{"a key typed (per key)", func(s *session, off, i int) (int, error) {
		if i%40 == 0 && i > 0 {
			// Erase the line and accept the empty one.
			if err := s.write("\x15\r"); err != nil {
				return off, err
			}
			return s.waitPrompt(off, true)
		}
		return off, nil
	}, func(s *session, off, i int) (int, error) {
		c := string(keys[i%len(keys)])
		if err := s.write(c); err != nil {
			return off, err
		}
		return s.waitVisible(off, c)
	}}
}

// enterStep types `true` (not timed) and then Enter, and waits for the
// next prompt.
func enterStep() schedStep {
	return schedStep{"Enter after `true` (per line)", func(s *session, off, _ int) (int, error) {
		if err := s.write("true"); err != nil {
			return off, err
		}
		return s.waitVisible(off, "true")
	}, func(s *session, off, _ int) (int, error) {
		if err := s.write("\r"); err != nil {
			return off, err
		}
		return s.waitPrompt(off, true)
	}}
}

// countSched types a key, an Enter and a whole line of `true`, n times
// each, and reports per step the context switches of the shell's
// threads, how many of its threads ran, their CPU time and the time they
// waited, runnable, for a processor. Nothing is attached to the shell:
// the figures are its own. The threads are read around each step.
func countSched(specs []shellSpec, n int) error {
	steps := []schedStep{keyStep(), enterStep(), {"`true` typed and run (per line)", nil, func(s *session, off, _ int) (int, error) {
		return typeLines(s, off, 1, func(int) string { return "true" })
	}}}
	for _, st := range steps {
		fmt.Printf("scheduling, %s, %d of them\n%-22s", st.name, n, "")
		for _, sp := range specs {
			fmt.Printf(" %12s", sp.name)
		}
		fmt.Println()
		var ds []schedDelta
		for _, sp := range specs {
			d, err := schedWorkload(sp, st, n)
			if err != nil {
				return fmt.Errorf("%s: %v", sp.name, err)
			}
			ds = append(ds, d)
		}
		per := func(label string, get func(schedDelta) float64, prec int) {
			fmt.Printf("%-22s", label)
			for _, d := range ds {
				fmt.Printf(" %12s", strconv.FormatFloat(get(d)/float64(n), 'f', prec, 64))
			}
			fmt.Println()
		}
		per("voluntary switches", func(d schedDelta) float64 { return float64(d.vol) }, 2)
		per("involuntary switches", func(d schedDelta) float64 { return float64(d.invol) }, 2)
		per("threads that ran", func(d schedDelta) float64 { return float64(d.threadsRan) }, 2)
		per("times scheduled", func(d schedDelta) float64 { return float64(d.slices) }, 2)
		per("  other threads", func(d schedDelta) float64 { return float64(d.otherSlices) }, 2)
		per("CPU µs", func(d schedDelta) float64 { return float64(d.runNs) / 1e3 }, 1)
		per("  other threads", func(d schedDelta) float64 { return float64(d.otherNs) / 1e3 }, 1)
		per("wait for a CPU µs", func(d schedDelta) float64 { return float64(d.waitNs) / 1e3 }, 1)
		per("  other threads", func(d schedDelta) float64 { return float64(d.otherWaitNs) / 1e3 }, 1)
		fmt.Println()
	}
	return nil
}

// schedWorkload starts a session, warms it with two lines, and sums the
// threads' figures around each of n steps.
func schedWorkload(sp shellSpec, st schedStep, n int) (schedDelta, error) {
	var sum schedDelta
	s, err := start(sp)
	if err != nil {
		return sum, err
	}
	defer s.close()
	off, err := s.waitPrompt(0, false)
	if err != nil {
		return sum, err
	}
	if off, err = typeLines(s, off, 2, func(int) string { return "true" }); err != nil {
		return sum, err
	}
	pid := s.cmd.Process.Pid
	for i := range n {
		if st.prep != nil {
			if off, err = st.prep(s, off, i); err != nil {
				return sum, err
			}
		}
		waitAsleep(pid)
		a := threadStats(pid)
		if off, err = st.step(s, off, i); err != nil {
			return sum, err
		}
		// The shell is done with the step when it sleeps again (its
		// switch back to sleep belongs to the step).
		waitAsleep(pid)
		d := diffStats(a, threadStats(pid))
		sum.vol += d.vol
		sum.invol += d.invol
		sum.threadsRan += d.threadsRan
		sum.runNs += d.runNs
		sum.waitNs += d.waitNs
		sum.slices += d.slices
		sum.otherSlices += d.otherSlices
		sum.otherNs += d.otherNs
		sum.otherWaitNs += d.otherWaitNs
	}
	return sum, nil
}

// waitAsleep waits, for at most 50 ms, until no thread of pid is running
// or runnable.
func waitAsleep(pid int) {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	deadline := time.Now().Add(50 * time.Millisecond)
	for time.Now().Before(deadline) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		busy := false
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, e.Name(), "stat"))
			if err != nil {
				continue
			}
			// The state follows the command name in parentheses.
			if i := strings.LastIndexByte(string(b), ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'R' {
				busy = true
				break
			}
		}
		if !busy {
			return
		}
		runtime.Gosched()
	}
}
