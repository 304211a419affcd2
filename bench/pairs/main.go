// Command pairs times two shells on one script, interleaved, and prints
// the spread of the per-round ratios of their times: the shared machine
// drifts by more than the differences measured, so only ratios taken
// side by side mean anything.
//
// In each round the script runs -runs times in each shell, the two shells
// alternating run by run (A B, B A, …); a round's figure is each shell's
// median, and its ratio A/B. Processes are started with posix_spawn-like
// clone(CLONE_VFORK) and timed from start to reaped exit, so the driver
// adds little beside what is measured.
//
// usage: pairs [-rounds 7] [-runs 1] [-a bin/nosh] [-b bash] [-budget 1.4x] NAME SCRIPT
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 7, "rounds")
	runs := flag.Int("runs", 1, "runs of each shell per round")
	a := flag.String("a", "bin/nosh", "first shell (the numerator)")
	b := flag.String("b", "bash", "second shell (the denominator)")
	budget := flag.String("budget", "", "budget to print beside the ratio")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: pairs [flags] NAME SCRIPT")
		os.Exit(2)
	}
	name, script := flag.Arg(0), flag.Arg(1)
	pa, err := exec.LookPath(*a)
	check(err)
	pb, err := exec.LookPath(*b)
	check(err)
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	check(err)
	attr := &os.ProcAttr{Files: []*os.File{null, null, null}}
	one := func(path string) time.Duration {
		t0 := time.Now()
		p, err := os.StartProcess(path, []string{path, "-c", script}, attr)
		check(err)
		_, err = p.Wait()
		check(err)
		return time.Since(t0)
	}
	// One unmeasured run each warms the page cache.
	one(pa)
	one(pb)
	var ma, mb, ratios []float64
	for range *rounds {
		var ta, tb []float64
		for j := range *runs {
			if j%2 == 0 {
				ta = append(ta, float64(one(pa)))
				tb = append(tb, float64(one(pb)))
			} else {
				tb = append(tb, float64(one(pb)))
				ta = append(ta, float64(one(pa)))
			}
		}
		x, y := median(ta), median(tb)
		ma, mb, ratios = append(ma, x), append(mb, y), append(ratios, x/y)
	}
	note := "reference"
	if *budget != "" {
		note = "budget " + *budget
	}
	fmt.Printf("%-34s %10s %10s   %5.2fx [%4.2f–%4.2f]   %s\n", name,
		show(median(ma)), show(median(mb)), median(ratios), slices.Min(ratios), slices.Max(ratios), note)
}

func show(ns float64) string {
	d := time.Duration(ns)
	if d < 100*time.Millisecond {
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	}
	return fmt.Sprintf("%.0f ms", float64(d)/1e6)
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	k := len(s)
	if k%2 == 1 {
		return s[k/2]
	}
	return (s[k/2-1] + s[k/2]) / 2
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(1)
	}
}
