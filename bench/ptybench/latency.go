package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// latency times n keys and n Enters in sessions of every shell that are
// all open at once, step by step in rotating order: each step is one key
// (or one Enter after `true`) typed into each shell in turn, so the
// shells meet the same minutes of a drifting machine, and a figure is
// the spread of the per-step ratios to bash, over n samples rather than
// ptybench's five per session. The order is shuffled at each step, and
// each key waits until no shell is running. The first steps warm the
// sessions and are not counted.
func latency(specs []shellSpec, n int) error {
	sessions := make([]*session, len(specs))
	offs := make([]int, len(specs))
	for i, sp := range specs {
		s, err := start(sp)
		if err != nil {
			return err
		}
		defer s.close()
		if offs[i], err = s.waitPrompt(0, false); err != nil {
			return fmt.Errorf("%s: first prompt: %v", sp.name, err)
		}
		if offs[i], err = typeLines(s, offs[i], 3, func(int) string { return "true" }); err != nil {
			return fmt.Errorf("%s: %v", sp.name, err)
		}
		sessions[i] = s
	}
	steps := []schedStep{keyStep(), enterStep()}
	for _, st := range steps {
		times := make([][]time.Duration, len(specs))
		const warm = 10
		order := make([]int, len(specs))
		for i := range order {
			order[i] = i
		}
		for j := range n + warm {
			// A new order each step: a shell's work after its echo
			// must not always fall on the same next shell.
			rand.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
			for _, i := range order {
				s := sessions[i]
				var err error
				if st.prep != nil {
					if offs[i], err = st.prep(s, offs[i], j); err != nil {
						return fmt.Errorf("%s: %v", specs[i].name, err)
					}
				}
				// Every shell asleep, as a person's next key finds them.
				for _, o := range sessions {
					waitAsleep(o.cmd.Process.Pid)
				}
				t0 := time.Now()
				if offs[i], err = st.step(s, offs[i], j); err != nil {
					return fmt.Errorf("%s: %v", specs[i].name, err)
				}
				if j >= warm {
					times[i] = append(times[i], time.Since(t0))
				}
			}
		}
		fmt.Printf("%s, %d of each, interleaved\n", st.name, n)
		fmt.Printf("%-10s %10s %10s %10s   %-28s\n", "", "p10", "median", "p90", "per step vs bash: median [p10–p90]")
		bash := slices.IndexFunc(specs, func(sp shellSpec) bool { return sp.name == "bash" })
		ratios := func(a, b int) []float64 {
			r := make([]float64, len(times[a]))
			for k := range r {
				r[k] = float64(times[a][k]) / float64(times[b][k])
			}
			return r
		}
		for i, sp := range specs {
			ds := slices.Clone(times[i])
			slices.Sort(ds)
			q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))] }
			fmt.Printf("%-10s %10v %10v %10v", sp.name, q(0.1).Round(time.Microsecond), q(0.5).Round(time.Microsecond), q(0.9).Round(time.Microsecond))
			if bash >= 0 && i != bash {
				r := ratios(i, bash)
				fmt.Printf("   %.2fx [%.2f–%.2f]", quantile(r, 0.5), quantile(r, 0.1), quantile(r, 0.9))
			}
			fmt.Println()
		}
		for b := range specs {
			if strings.HasPrefix(specs[b].name, "base") {
				r := ratios(0, b)
				fmt.Printf("%s/%s per step: %.2fx [%.2f–%.2f]\n", specs[0].name, specs[b].name, quantile(r, 0.5), quantile(r, 0.1), quantile(r, 0.9))
			}
		}
		fmt.Println()
	}
	return nil
}
