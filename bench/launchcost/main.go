// Command launchcost times a program started directly beside the same
// program started through nosh as its sandbox launcher, alternating run
// by run, and prints the median of the per-round differences: what the
// agent's sandbox adds to each program an agent command starts.
//
// usage: launchcost [-rounds 7] [-runs 200] [-name ROW] LAUNCHER PROGRAM [ARG]...
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 7, "rounds")
	runs := flag.Int("runs", 200, "runs of each per round")
	name := flag.String("name", "", "the row's name (default: PROGRAM, through the sandbox launcher)")
	flag.Parse()
	if flag.NArg() < 2 {
		fmt.Fprintln(os.Stderr, "usage: launchcost [flags] NOSH PROGRAM [ARG]...")
		os.Exit(2)
	}
	nosh, prog := flag.Arg(0), flag.Arg(1)
	dir, err := os.MkdirTemp("", "launchcost-")
	check(err)
	defer os.RemoveAll(dir)
	direct := append([]string{prog}, flag.Args()[2:]...)
	launched := append([]string{nosh, "--nosh-sandbox", "wcr:" + dir, "w:/dev/null", "--", prog}, direct...)
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	check(err)
	attr := &os.ProcAttr{Files: []*os.File{null, null, null}}
	one := func(argv []string) float64 {
		t0 := time.Now()
		p, err := os.StartProcess(argv[0], argv, attr)
		check(err)
		st, err := p.Wait()
		check(err)
		if !st.Success() {
			fmt.Fprintf(os.Stderr, "%q: %v\n", argv, st)
			os.Exit(1)
		}
		return float64(time.Since(t0))
	}
	one(direct)
	one(launched)
	var da, db, diffs []float64
	for range *rounds {
		var ta, tb []float64
		for j := range *runs {
			if j%2 == 0 {
				ta = append(ta, one(launched))
				tb = append(tb, one(direct))
			} else {
				tb = append(tb, one(direct))
				ta = append(ta, one(launched))
			}
		}
		x, y := median(ta), median(tb)
		da, db, diffs = append(da, x), append(db, y), append(diffs, x-y)
	}
	ms := func(ns float64) float64 { return ns / 1e6 }
	if *name == "" {
		*name = prog + ", through the sandbox launcher"
	}
	fmt.Printf("%-40s %7.2f ms %7.2f ms   +%.2f ms a program [%.2f–%.2f]\n", *name,
		ms(median(da)), ms(median(db)), ms(median(diffs)), ms(slices.Min(diffs)), ms(slices.Max(diffs)))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "launchcost:", err)
		os.Exit(1)
	}
}
