package main

import (
	"fmt"
	"slices"
	"time"
)

// row is one figure: each round's nosh and bash values.
type row struct {
	name, budget string
	nosh, bash   []float64
	unit         string // "time" or "KiB"
}

func report(rounds []map[string]sample, histN, bashHistN int, floor, base, idle bool) {
	var rows []row
	addVs := func(name, budget, unit, noshName, bashName string, get func(sample) float64) {
		r := row{name: name, budget: budget, unit: unit}
		for _, rd := range rounds {
			r.nosh = append(r.nosh, get(rd[noshName]))
			r.bash = append(r.bash, get(rd[bashName]))
		}
		rows = append(rows, r)
	}
	add := func(name, budget, unit, noshName string, get func(sample) float64) {
		addVs(name, budget, unit, noshName, "bash", get)
	}
	dur := func(f func(sample) time.Duration) func(sample) float64 {
		return func(s sample) float64 { return float64(f(s)) }
	}
	add("start to first prompt", "1.6x", "time", "nosh", dur(func(s sample) time.Duration { return s.startup }))
	add("  with the example init.sh", "1.8x", "time", "nosh+init.sh", dur(func(s sample) time.Duration { return s.startup }))
	// The budget compares with bash reading no file; this row compares
	// with bash reading the same file (as PROMPT_COMMAND, before its
	// first prompt), and its median is bash's then.
	addVs("  both reading the init.sh", "", "time", "nosh+init.sh", "bash+init.sh", dur(func(s sample) time.Duration { return s.startup }))
	// Processor time (the threads' run time, /proc/PID/task/*/schedstat)
	// does not count waiting for a processor, which is most of the spread
	// of a start when the machine is busy.
	add("  processor time to prompt", "", "time", "nosh", dur(func(s sample) time.Duration { return s.startCPU }))
	add("  the same, with init.sh", "", "time", "nosh+init.sh", dur(func(s sample) time.Duration { return s.startCPU }))
	add("Enter→prompt after true", "1.5x", "time", "nosh", dur(func(s sample) time.Duration { return s.enterMed }))
	add("key echo", "1.5x", "time", "nosh", dur(func(s sample) time.Duration { return s.echoMedian }))
	add("RSS at an idle prompt", "8 MiB", "KiB", "nosh", func(s sample) float64 { return float64(s.rss) })
	rss := rows[len(rows)-1]
	if idle {
		add("  key echo after idle", "1.5x", "time", "nosh", dur(func(s sample) time.Duration { return s.idleEcho }))
		add("  Enter after idle", "1.5x", "time", "nosh", dur(func(s sample) time.Duration { return s.idleEnter }))
	}
	if floor {
		add("  floor: editor alone, start", "", "time", "editor", dur(func(s sample) time.Duration { return s.startup }))
		add("  floor: editor, Enter", "", "time", "editor", dur(func(s sample) time.Duration { return s.enterMed }))
		add("  floor: editor, key echo", "", "time", "editor", dur(func(s sample) time.Duration { return s.echoMedian }))
		add("  floor: editor, RSS", "", "KiB", "editor", func(s sample) float64 { return float64(s.rss) })
	}
	if base {
		add("  base build: start", "", "time", "base", dur(func(s sample) time.Duration { return s.startup }))
		add("  base build: with init.sh", "", "time", "base+init.sh", dur(func(s sample) time.Duration { return s.startup }))
		add("  base build: processor, init", "", "time", "base+init.sh", dur(func(s sample) time.Duration { return s.startCPU }))
		add("  base build: Enter", "", "time", "base", dur(func(s sample) time.Duration { return s.enterMed }))
		add("  base build: key echo", "", "time", "base", dur(func(s sample) time.Duration { return s.echoMedian }))
		add("  base build: RSS", "", "KiB", "base", func(s sample) float64 { return float64(s.rss) })
		if idle {
			add("  base build: key after idle", "", "time", "base", dur(func(s sample) time.Duration { return s.idleEcho }))
			add("  base build: Enter after idle", "", "time", "base", dur(func(s sample) time.Duration { return s.idleEnter }))
		}
	}

	fmt.Printf("%-28s %10s %10s   %-22s %s\n", "under a pty", "nosh", "bash", "nosh/bash per round", "budget")
	fmt.Printf("%-28s %10s %10s   %-22s\n", "", "(median)", "(median)", "median [p10–p90]")
	for _, r := range rows {
		ratios := make([]float64, len(r.nosh))
		for i := range r.nosh {
			ratios[i] = r.nosh[i] / max(r.bash[i], 1)
		}
		budget := r.budget
		if budget == "" {
			budget = "reference"
		}
		fmt.Printf("%-28s %10s %10s   %5.2fx [%4.2f–%4.2f]     %s\n", r.name,
			show(quantile(r.nosh, 0.5), r.unit), show(quantile(r.bash, 0.5), r.unit),
			quantile(ratios, 0.5), quantile(ratios, 0.1), quantile(ratios, 0.9), budget)
	}
	if base {
		// The two builds side by side, round by round: a before-and-after
		// figure that does not go through bash's own spread.
		fmt.Printf("%-28s %s\n", "nosh/base build per round", "median [p10–p90]")
		for _, f := range []struct {
			name, nosh, base string
			get              func(sample) time.Duration
		}{
			{"  start", "nosh", "base", func(s sample) time.Duration { return s.startup }},
			{"  start with init.sh", "nosh+init.sh", "base+init.sh", func(s sample) time.Duration { return s.startup }},
			{"  processor time, init.sh", "nosh+init.sh", "base+init.sh", func(s sample) time.Duration { return s.startCPU }},
			{"  Enter", "nosh", "base", func(s sample) time.Duration { return s.enterMed }},
			{"  key echo", "nosh", "base", func(s sample) time.Duration { return s.echoMedian }},
		} {
			ratios := make([]float64, len(rounds))
			for i, rd := range rounds {
				ratios[i] = float64(f.get(rd[f.nosh])) / max(float64(f.get(rd[f.base])), 1)
			}
			fmt.Printf("%-28s %5.2fx [%4.2f–%4.2f]\n", f.name, quantile(ratios, 0.5), quantile(ratios, 0.1), quantile(ratios, 0.9))
		}
	}
	if idle {
		// Page faults are counted, not timed: the machine's noise does
		// not reach them.
		fmt.Printf("%-28s %s\n", "page faults after idle", "key / Enter, median [min–max] over the rounds")
		for _, name := range []string{"nosh", "base", "bash"} {
			if _, ok := rounds[0][name]; !ok {
				continue
			}
			var key, enter []float64
			for _, rd := range rounds {
				key = append(key, float64(rd[name].idleEchoFaults))
				enter = append(enter, float64(rd[name].idleEnterFaults))
			}
			fmt.Printf("  %-26s %.0f [%.0f–%.0f] / %.0f [%.0f–%.0f]\n", name,
				quantile(key, 0.5), quantile(key, 0), quantile(key, 1),
				quantile(enter, 0.5), quantile(enter, 0), quantile(enter, 1))
		}
	}
	reportMajorFaults(rounds)
	fmt.Printf("(%d rounds of one session per shell, in orders where each follows each other equally often; bash --norc -i,\n"+
		" and with the init.sh sourced by PROMPT_COMMAND before its first prompt;\n"+
		" history entries: nosh %d, bash %d; RSS of nosh %s–%s KiB over the rounds)\n",
		len(rounds), histN, bashHistN, show(quantile(rss.nosh, 0), "KiB"), show(quantile(rss.nosh, 1), "KiB"))
}

func show(v float64, unit string) string {
	if unit == "KiB" {
		return fmt.Sprintf("%.0f", v)
	}
	return time.Duration(v).Round(time.Microsecond).String()
}

// quantile is the q-quantile of v by the nearest-rank method.
func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(q*float64(len(s)-1) + 0.5)
	return s[i]
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// reportMajorFaults counts, per session, the major page faults taken on
// the way to the first prompt: pages of the executable read back from the
// disk because they had left the page cache. On this VM the page cache of
// a file no live process maps goes within seconds to minutes, and nothing
// maps a nosh copy between its sessions, while bash's executable and
// libraries are mapped by every bash on the machine; with -idle a round
// lasts half a minute, and nosh's starts took 1-3 such faults of 1-2 ms
// each where bash took none (README, Performance, part P). So beside the
// counts, the init.sh start's ratio over the rounds where it took none:
// the start from a cached executable.
func reportMajorFaults(rounds []map[string]sample) {
	fmt.Printf("%-28s %s\n", "major faults to the prompt", "total over the rounds (rounds with any)")
	for _, name := range []string{"nosh", "nosh+init.sh", "base", "base+init.sh", "editor", "bash", "bash+init.sh"} {
		if _, ok := rounds[0][name]; !ok {
			continue
		}
		total, with := 0, 0
		for _, rd := range rounds {
			total += rd[name].startMajor
			if rd[name].startMajor > 0 {
				with++
			}
		}
		fmt.Printf("  %-26s %d (%d)\n", name, total, with)
	}
	var ratios []float64
	for _, rd := range rounds {
		if rd["nosh+init.sh"].startMajor == 0 && rd["bash"].startMajor == 0 {
			ratios = append(ratios, float64(rd["nosh+init.sh"].startup)/max(float64(rd["bash"].startup), 1))
		}
	}
	if len(ratios) > 0 {
		fmt.Printf("  %-26s %5.2fx [%4.2f–%4.2f] in %d rounds\n", "init.sh start, none taken",
			quantile(ratios, 0.5), quantile(ratios, 0.1), quantile(ratios, 0.9), len(ratios))
	}
}
