package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// countSyscalls counts, with strace -f -c attached to each shell's
// process, the system calls of n typed lines of `true` (keys and Enter),
// n lines that differ from each other (so that nosh stores each in its
// history, where it skips a repeated one), and n keys typed alone, and
// prints them per line or key, by call, for every shell. A count is a
// fact, not a timing: it needs no rounds.
func countSyscalls(specs []shellSpec, n int) error {
	if _, err := exec.LookPath("strace"); err != nil {
		return fmt.Errorf("-syscalls needs strace: %v", err)
	}
	workloads := []struct {
		name string
		run  func(s *session, off int) (int, error)
	}{
		{"`true` typed and run (per line)", func(s *session, off int) (int, error) {
			return typeLines(s, off, n, func(int) string { return "true" })
		}},
		{"distinct lines typed and run (per line)", func(s *session, off int) (int, error) {
			return typeLines(s, off, n, func(i int) string { return "true " + strconv.Itoa(i) })
		}},
		{"a key typed (per key)", func(s *session, off int) (int, error) {
			return typeKeys(s, off, min(n, 60))
		}},
	}
	for _, w := range workloads {
		counts := map[string]map[string]int{}
		for _, sp := range specs {
			c, err := traceWorkload(sp, w.run)
			if err != nil {
				return fmt.Errorf("%s: %v", sp.name, err)
			}
			counts[sp.name] = c
		}
		runs := n
		if strings.HasSuffix(w.name, "(per key)") {
			runs = min(n, 60)
		}
		printCounts(w.name, specs, counts, runs)
	}
	return nil
}

// traceWorkload starts a session of sp, runs a line to warm it up, and
// counts the system calls run makes.
func traceWorkload(sp shellSpec, run func(*session, int) (int, error)) (map[string]int, error) {
	s, err := start(sp)
	if err != nil {
		return nil, err
	}
	defer s.close()
	off, err := s.waitPrompt(0, false)
	if err != nil {
		return nil, err
	}
	if off, err = typeLines(s, off, 2, func(int) string { return "true" }); err != nil {
		return nil, err
	}
	out := filepath.Join(os.TempDir(), fmt.Sprintf("ptybench-strace-%d", s.cmd.Process.Pid))
	defer os.Remove(out)
	tr := exec.Command("strace", "-f", "-c", "-o", out, "-p", strconv.Itoa(s.cmd.Process.Pid))
	stderr, err := tr.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := tr.Start(); err != nil {
		return nil, err
	}
	// strace says when it has attached (to every thread, with -f).
	sc := bufio.NewScanner(stderr)
	for sc.Scan() && !strings.Contains(sc.Text(), "attached") {
	}
	go func() {
		for sc.Scan() {
		}
	}()
	if _, err := run(s, off); err != nil {
		tr.Process.Kill()
		tr.Wait()
		return nil, err
	}
	tr.Process.Signal(syscall.SIGINT)
	tr.Wait()
	return parseStraceSummary(out)
}

// typeLines types n lines, each a whole, and waits for the prompt after
// each.
func typeLines(s *session, off, n int, line func(int) string) (int, error) {
	var err error
	for i := range n {
		l := line(i)
		if err = s.write(l); err != nil {
			return off, err
		}
		if off, err = s.waitVisible(off, l); err != nil {
			return off, err
		}
		if err = s.write("\r"); err != nil {
			return off, err
		}
		if off, err = s.waitPrompt(off, true); err != nil {
			return off, err
		}
	}
	return off, nil
}

// typeKeys types n keys one at a time (n at most 60, so that the line
// does not wrap), waiting each time for the whole line typed so far.
func typeKeys(s *session, off, n int) (int, error) {
	typed := ""
	for i := range min(n, 60) {
		c := string(rune('a' + i%7))
		typed += c
		if err := s.write(c); err != nil {
			return off, err
		}
		if _, err := s.waitVisible(off, typed); err != nil {
			return off, err
		}
	}
	return off, nil
}

// parseStraceSummary reads strace -c's table: calls by system call.
func parseStraceSummary(path string) (map[string]int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		// % time, seconds, usecs/call, calls, [errors,] syscall
		if len(f) < 5 || f[len(f)-1] == "total" || f[len(f)-1] == "syscall" {
			continue
		}
		if _, err := strconv.ParseFloat(f[0], 64); err != nil {
			continue
		}
		calls, err := strconv.Atoi(f[3])
		if err != nil {
			continue
		}
		counts[f[len(f)-1]] = calls
	}
	return counts, nil
}

func printCounts(title string, specs []shellSpec, counts map[string]map[string]int, n int) {
	names := map[string]bool{}
	for _, c := range counts {
		for k := range c {
			names[k] = true
		}
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	first := specs[0].name
	slices.SortFunc(sorted, func(a, b string) int { return counts[first][b] - counts[first][a] })
	fmt.Printf("system calls, %s, %d of them\n%-16s", title, n, "")
	for _, sp := range specs {
		fmt.Printf(" %12s", sp.name)
	}
	fmt.Println()
	per := func(v int) string { return strconv.FormatFloat(float64(v)/float64(n), 'f', 1, 64) }
	totals := make([]int, len(specs))
	for _, name := range sorted {
		fmt.Printf("%-16s", name)
		for i, sp := range specs {
			v := counts[sp.name][name]
			totals[i] += v
			fmt.Printf(" %12s", per(v))
		}
		fmt.Println()
	}
	fmt.Printf("%-16s", "total")
	for i := range specs {
		fmt.Printf(" %12s", per(totals[i]))
	}
	fmt.Print("\n\n")
}
