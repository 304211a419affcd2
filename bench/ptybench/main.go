// Command ptybench measures nosh beside bash under a pseudo-terminal:
// time from start to the first prompt (nosh bare and with the example
// init.sh), Enter→prompt after `true`, key echo, and memory at an idle
// prompt.
//
// The machine it runs on is shared and drifts, so the shells are measured
// in rounds, one session of each per round, and each figure is reported
// as the spread of the per-round ratios nosh/bash rather than as two
// medians taken at different times. The order changes from round to round
// so that every session follows every other one equally often (with -n a
// multiple of the number of sessions): what ran just before a start
// changes it (balancedOrders).
//
// With -next, it measures instead what one session leaves to the start
// of the next (next.go): a session A, then the start of a session B from
// the same executable, under conditions interleaved round by round.
//
// With -v, every session's start time, processor time, page faults and
// idle RSS are printed as it ends.
//
// With -editor, the floor under the interactive figures runs beside
// them: nosh's line editor alone (bench/floor/editor), reading lines and
// doing nothing else.
//
// With -base, an earlier nosh build runs beside them too (bare, like the
// first nosh), for a before-and-after comparison in the same rounds.
//
// With -load N, N busy loops (processes of its own at nice 0) run while
// it measures, as on a machine that is busy: what a shell's wake-ups
// cost shows when each must wait for a processor.
//
// With -sched N, it counts per key and per Enter the shell's context
// switches, the threads that ran, their CPU time and their wait for a
// processor (/proc/PID/task/*/status and schedstat), without strace.
//
// With -latency N, it times N keys and N Enters in sessions of every
// shell open at once, step by step in rotating order: many samples in
// the same minutes, for builds too close for whole sessions to separate.
//
// With -syscalls N, it counts system calls instead (strace -f -c on each
// shell): per line typed and run, per distinct line, per key.
//
// usage: go run ./bench/ptybench [-nosh bin/nosh] [-n 20] [-history 10000] [-editor path] [-base path] [-start-only] [-syscalls N] [-sched N] [-latency N] [-load N]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// marker is PS1 in every shell, so the prompt is recognisable.
const marker = "@PTYBENCH> "

type shellSpec struct {
	name string
	argv []string
	env  []string
}

// idleWait is how long a shell waits at its prompt before its memory is
// read (-idle).
var idleWait time.Duration

// sample is what one session measured.
type sample struct {
	startup    time.Duration
	enter      []time.Duration // Enter after `true` → the next prompt
	echo       []time.Duration // a key → its character on the screen
	rss        int             // KiB, at an idle prompt after the above
	enterMed   time.Duration
	echoMedian time.Duration
	// idleEcho and idleEnter are a key and an Enter after -idle at the
	// prompt.
	idleEcho, idleEnter time.Duration
	// idleEchoFaults and idleEnterFaults are the page faults the shell
	// took for them: what the idle time made it give up and take again.
	idleEchoFaults, idleEnterFaults int
	// startFaults is the shell's page faults at its first prompt.
	startFaults int
	// startMajor is its major page faults at its first prompt (-v).
	startMajor int
	// startCPU and startWait are the shell's threads' time on a
	// processor and waiting for one, at its first prompt.
	startCPU, startWait time.Duration
	// startAnon and startFile are its anonymous and file-backed resident
	// KiB at the first prompt (-v): which kind its faults mapped.
	startAnon, startFile int
}

// measure runs one session of sp. With startOnly it stops at the first
// prompt.
func measure(sp shellSpec, startOnly bool) (sample, error) {
	var r sample
	t0 := time.Now()
	s, err := start(sp)
	if err != nil {
		return r, err
	}
	defer s.close()
	off, err := s.waitPrompt(0, false)
	if err != nil {
		return r, fmt.Errorf("%s: first prompt: %v", sp.name, err)
	}
	r.startup = time.Since(t0)
	r.startFaults, r.startMajor = s.minorFaults(), s.majorFaults()
	r.startCPU, r.startWait = s.schedstat()
	r.startAnon, r.startFile = s.status("RssAnon:"), s.status("RssFile:")
	if startOnly {
		return r, nil
	}
	for range 5 {
		// Type the command and let it show; only the Enter is timed.
		if err := s.write("true"); err != nil {
			return r, err
		}
		if off, err = s.waitVisible(off, "true"); err != nil {
			return r, fmt.Errorf("%s: %v", sp.name, err)
		}
		t1 := time.Now()
		if err := s.write("\r"); err != nil {
			return r, err
		}
		if off, err = s.waitPrompt(off, true); err != nil {
			return r, fmt.Errorf("%s: after Enter: %v", sp.name, err)
		}
		r.enter = append(r.enter, time.Since(t1))
	}
	for _, c := range "abcde" {
		t2 := time.Now()
		if err := s.write(string(c)); err != nil {
			return r, err
		}
		if off, err = s.waitVisible(off, string(c)); err != nil {
			return r, fmt.Errorf("%s: echo: %v", sp.name, err)
		}
		r.echo = append(r.echo, time.Since(t2))
	}
	// Erase the line, accept the empty one, and read the memory of the
	// shell idle at its prompt.
	if err := s.write("\x15\r"); err != nil {
		return r, err
	}
	if off, err = s.waitPrompt(off, true); err != nil {
		return r, fmt.Errorf("%s: after an empty line: %v", sp.name, err)
	}
	// An idle prompt: the shell waits for a key for -idle before its
	// memory is read (nosh gives free memory back after a second).
	time.Sleep(idleWait)
	r.rss = s.rssKiB()
	if idleWait > 0 {
		// What the idle time costs the next key and the next Enter
		// (nosh gives memory back while it waits).
		f3 := s.minorFaults()
		t3 := time.Now()
		if err := s.write("t"); err != nil {
			return r, err
		}
		if off, err = s.waitVisible(off, "t"); err != nil {
			return r, fmt.Errorf("%s: echo after idle: %v", sp.name, err)
		}
		r.idleEcho = time.Since(t3)
		r.idleEchoFaults = s.minorFaults() - f3
		if err := s.write("rue"); err != nil {
			return r, err
		}
		if off, err = s.waitVisible(off, "rue"); err != nil {
			return r, fmt.Errorf("%s: %v", sp.name, err)
		}
		time.Sleep(idleWait)
		f4 := s.minorFaults()
		t4 := time.Now()
		if err := s.write("\r"); err != nil {
			return r, err
		}
		if _, err = s.waitPrompt(off, true); err != nil {
			return r, fmt.Errorf("%s: Enter after idle: %v", sp.name, err)
		}
		r.idleEnter = time.Since(t4)
		r.idleEnterFaults = s.minorFaults() - f4
	}
	r.enterMed = median(r.enter)
	r.echoMedian = median(r.echo)
	return r, nil
}

func main() {
	if os.Getenv(spinEnv) != "" {
		spin()
	}
	nosh := flag.String("nosh", "bin/nosh", "nosh binary")
	n := flag.Int("n", 20, "rounds (one session of each shell per round)")
	histN := flag.Int("history", 10000, "history entries for nosh (0 for none)")
	bashHistN := flag.Int("bash-history", 0, "history entries for bash")
	initFile := flag.String("init", "examples/init.sh", "init.sh for the second nosh")
	startOnly := flag.Bool("start-only", false, "only start nosh n times, to profile its start-up")
	startInit := flag.Bool("start-init", false, "with -start-only: start nosh (and the base build) with the init.sh")
	editor := flag.String("editor", "", "the editor floor (bench/floor/editor) to run beside them, if any")
	base := flag.String("base", "", "another nosh binary (an earlier build) to run beside them, bare")
	flag.DurationVar(&idleWait, "idle", 0, "how long every shell waits at its last prompt before its RSS is read")
	next := flag.String("next", "", "measure what a session leaves to the next start instead: conditions idle,noline,alive,bash,none,sleep,evict, each optionally NAME/COND (next.go)")
	nextBins := flag.String("next-bins", "", "with -next: NAME=PATH,... the executables of NAME/COND conditions")
	nextFull := flag.Bool("next-full", false, "with -next: session A ends as a ptybench session (a line after the idle prompt, another idle, Enter)")
	nextC := flag.Bool("next-c", false, "with -next: time `nosh -c true` instead of an interactive start with the init.sh")
	nextDelay := flag.Duration("next-delay", 0, "with -next: wait between A's end and B's start")
	verbose := flag.Bool("v", false, "print every session's start time and page faults at its first prompt")
	syscalls := flag.Int("syscalls", 0, "count the system calls of this many lines and keys instead (strace)")
	sched := flag.Int("sched", 0, "count the context switches, threads run and CPU wait of this many keys and lines instead")
	lat := flag.Int("latency", 0, "time this many keys and Enters in open sessions of each shell, interleaved step by step, instead")
	load := flag.Int("load", 0, "keep this many busy loops running (at nice 0) while measuring: a machine that is busy")
	flag.Parse()
	if *load > 0 {
		stop, err := startLoad(*load)
		if err != nil {
			fatal(err)
		}
		stopLoad = stop
		defer stop()
	}
	abs, err := filepath.Abs(*nosh)
	if err != nil {
		fatal(err)
	}
	dir, err := os.MkdirTemp("", "ptybench")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	bare, withInit, bashHist, err := homes(dir, *initFile, *histN, *bashHistN)
	if err != nil {
		fatal(err)
	}
	common := []string{"INPUTRC=/dev/null", "TERM=xterm", "PS1=" + marker, "NO_COLOR=1"}
	noshSpec := shellSpec{"nosh", []string{abs}, append(xdg(bare), common...)}
	initSpec := shellSpec{"nosh+init.sh", []string{abs}, append(xdg(withInit), common...)}
	bashSpec := shellSpec{"bash", []string{"bash", "--norc", "-i"}, append([]string{"HOME=" + bare,
		"HISTFILE=" + bashHist, "HISTSIZE=100000", "HISTFILESIZE=100000"}, common...)}

	if *next != "" {
		bins, err := parseBins(*nextBins)
		if err != nil {
			fatal(err)
		}
		idle := idleWait
		if idle == 0 {
			idle = 1500 * time.Millisecond
		}
		nextStart(nextOptions{conds: strings.Split(*next, ","), bins: bins, nosh: abs, full: *nextFull,
			dashC: *nextC, delay: *nextDelay, idle: idle}, bare, withInit, *n)
		return
	}

	if *startOnly {
		if *startInit {
			noshSpec = initSpec
		}
		startUp(noshSpec, *base, *n)
		return
	}

	if *sched > 0 || *lat > 0 {
		specs := []shellSpec{noshSpec, bashSpec}
		// Here -base may name several builds, separated by commas:
		// base, base2, ...
		for k, path := range strings.Split(*base, ",") {
			if path == "" {
				continue
			}
			b, err := filepath.Abs(path)
			if err != nil {
				fatal(err)
			}
			name := "base"
			if k > 0 {
				name += strconv.Itoa(k + 1)
			}
			specs = append(specs, shellSpec{name, []string{b}, append(xdg(bare), common...)})
		}
		if *editor != "" {
			specs = append(specs, shellSpec{"editor", []string{*editor}, append([]string{"HOME=" + bare}, common...)})
		}
		if *lat > 0 {
			err = latency(specs, *lat)
		} else {
			err = countSched(specs, *sched)
		}
		if err != nil {
			fatal(err)
		}
		return
	}

	if *syscalls > 0 {
		specs := []shellSpec{noshSpec, bashSpec}
		if *base != "" {
			b, err := filepath.Abs(*base)
			if err != nil {
				fatal(err)
			}
			specs = append(specs, shellSpec{"base", []string{b}, append(xdg(bare), common...)})
		}
		if *editor != "" {
			specs = append(specs, shellSpec{"editor", []string{*editor}, append([]string{"HOME=" + bare}, common...)})
		}
		if err := countSyscalls(specs, *syscalls); err != nil {
			fatal(err)
		}
		return
	}

	// bash reading the same init.sh before its first prompt, for
	// reference: --rcfile would read /etc/bash.bashrc too (Debian), which
	// sets PS1, so the file is sourced by PROMPT_COMMAND, once.
	bashInitSpec := shellSpec{"bash+init.sh", bashSpec.argv, append(slices.Clone(bashSpec.env),
		"PROMPT_COMMAND=. "+filepath.Join(withInit, ".config/nosh/init.sh")+"; unset PROMPT_COMMAND")}
	specs := []shellSpec{noshSpec, initSpec, bashSpec, bashInitSpec}
	if *editor != "" {
		specs = append(specs, shellSpec{"editor", []string{*editor}, append([]string{"HOME=" + bare}, common...)})
	}
	if *base != "" {
		b, err := filepath.Abs(*base)
		if err != nil {
			fatal(err)
		}
		specs = append(specs, shellSpec{"base", []string{b}, append(xdg(bare), common...)},
			shellSpec{"base+init.sh", []string{b}, append(xdg(withInit), common...)})
	}
	rounds := make([]map[string]sample, 0, *n)
	orders := balancedOrders(len(specs))
	// Round 0 warms the page cache and is not counted.
	for i := 0; i <= *n; i++ {
		round := map[string]sample{}
		for _, k := range orders[i%len(orders)] {
			sp := specs[k]
			r, err := measure(sp, false)
			if err != nil {
				fatal(err)
			}
			round[sp.name] = r
			if *verbose {
				fmt.Fprintf(os.Stderr, "round %d %-14s start %8v cpu %8v wait %8v faults %4d major %3d anon %5d file %5d idle rss %5d\n", i, sp.name,
					r.startup.Round(time.Microsecond), r.startCPU.Round(time.Microsecond), r.startWait.Round(time.Microsecond),
					r.startFaults, r.startMajor, r.startAnon, r.startFile, r.rss)
			}
		}
		if i > 0 {
			rounds = append(rounds, round)
		}
	}
	report(rounds, *histN, *bashHistN, *editor != "", *base != "", idleWait > 0)
}

// balancedOrders returns orders of n sessions in which every session
// follows every other one equally often (a Williams design: n orders for
// an even n, 2n for an odd one). What ran just before can change a start
// (the processor's caches, and with -idle 3.5 s of another program), and
// reversing the order every other round, as ptybench did, put the first
// build's init.sh session after a bash session in half the rounds and the
// base build's never (README, Performance, part L).
func balancedOrders(n int) [][]int {
	// The first order is 0, 1, n-1, 2, n-2, ...; the others add r to it.
	first := make([]int, n)
	for j := 1; j < n; j++ {
		if j%2 == 1 {
			first[j] = (j + 1) / 2
		} else {
			first[j] = n - j/2
		}
	}
	var orders [][]int
	for r := range n {
		o := make([]int, n)
		for j, v := range first {
			o[j] = (v + r) % n
		}
		orders = append(orders, o)
	}
	if n%2 == 1 {
		for r := range n {
			orders = append(orders, slices.Clone(orders[r]))
			slices.Reverse(orders[len(orders)-1])
		}
	}
	return orders
}

// startUp only starts nosh n times, to profile its start-up; with a base
// build, alternating with it.
func startUp(noshSpec shellSpec, base string, n int) {
	// Only nosh's start-up, to profile it; with -base, alternating
	// with the other build's.
	others := []shellSpec{}
	if base != "" {
		b, err := filepath.Abs(base)
		if err != nil {
			fatal(err)
		}
		others = append(others, shellSpec{"base", []string{b}, noshSpec.env})
	}
	var d, db []time.Duration
	for range n {
		r, err := measure(noshSpec, true)
		if err != nil {
			fatal(err)
		}
		d = append(d, r.startup)
		for _, o := range others {
			r, err := measure(o, true)
			if err != nil {
				fatal(err)
			}
			db = append(db, r.startup)
		}
	}
	fmt.Printf("nosh start to first prompt: %v (median of %d)\n", median(d).Round(10*time.Microsecond), n)
	if len(db) > 0 {
		r := make([]float64, len(d))
		for i := range d {
			r[i] = float64(d[i]) / float64(db[i])
		}
		fmt.Printf("base start to first prompt: %v; nosh/base per pair %.3f [p10 %.3f, p90 %.3f]\n",
			median(db).Round(10*time.Microsecond), quantile(r, 0.5), quantile(r, 0.1), quantile(r, 0.9))
	}
}

// homes makes a home for bare nosh, one with init.sh, and bash's history
// file. By default only nosh has a history: nosh loads it behind the
// prompt while bash reads its file before, so a history would slow bash
// and flatter nosh.
func homes(dir, initFile string, histN, bashHistN int) (bare, withInit, bashHist string, err error) {
	bare, withInit = filepath.Join(dir, "bare"), filepath.Join(dir, "init")
	var nosh, bash strings.Builder
	now := time.Now().Unix()
	for i := range histN {
		fmt.Fprintf(&nosh, "%d\t0\t/home/u\techo history entry number %d with some words\n", now-int64(histN-i), i)
	}
	for i := range bashHistN {
		fmt.Fprintf(&bash, "echo history entry number %d with some words\n", i)
	}
	for _, h := range []string{bare, withInit} {
		if err = os.MkdirAll(filepath.Join(h, ".config/nosh"), 0o755); err != nil {
			return
		}
		if err = os.MkdirAll(filepath.Join(h, ".local/state/nosh"), 0o700); err != nil {
			return
		}
		if err = os.WriteFile(filepath.Join(h, ".local/state/nosh/history"), []byte(nosh.String()), 0o600); err != nil {
			return
		}
	}
	b, err := os.ReadFile(initFile)
	if err != nil {
		return
	}
	if err = os.WriteFile(filepath.Join(withInit, ".config/nosh/init.sh"), b, 0o644); err != nil {
		return
	}
	bashHist = filepath.Join(dir, "bash_history")
	err = os.WriteFile(bashHist, []byte(bash.String()), 0o600)
	return
}

func xdg(home string) []string {
	return []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config", "XDG_STATE_HOME=" + home + "/.local/state"}
}

// stopLoad ends the busy loops of -load, if any.
var stopLoad = func() {}

func fatal(err error) {
	stopLoad()
	fmt.Fprintln(os.Stderr, "ptybench:", err)
	os.Exit(1)
}
