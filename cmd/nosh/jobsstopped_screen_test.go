package main

import (
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenJobsStoppedLikeBash is a job stopped by another signal than
// Ctrl+Z's: bash says Stopped in its notice and in jobs, whatever the
// signal, and names the signal only in jobs -l (Stopped (signal), for
// SIGSTOP); nosh said Stopped (signal) everywhere. jobs -l puts one
// space between the mark and the PID, which takes five columns.
func TestScreenJobsStoppedLikeBash(t *testing.T) {
	o := screentest.Options{Masks: []screentest.Mask{screentest.MaskRe(`\b\d{2,7}\b`, "PID")}}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Run(`sh -c 'kill -STOP $$'`)
		term.Checkpoint("the notice")
		term.Run("jobs")
		term.Run("jobs -l")
		term.Checkpoint("jobs and jobs -l")
		// The job is left stopped: when the shell ends, the kernel ends
		// it (an orphaned group that has a stopped process gets SIGHUP).
		// Killing it here would end on a race, the notice of its death
		// coming at one prompt or the next in either shell.
		term.Run("clear")
	})
}

// TestScreenBackgroundStopNotice is a background job that stops (reading
// the terminal, or as here by a signal): its notice at a later prompt
// comes after an empty line, as bash's does (notify_of_job_status prints
// one before every stopped job). When the job's stop is seen depends on
// the machine, so this is nosh alone, with Enter until the notice shows.
func TestScreenBackgroundStopNotice(t *testing.T) {
	term := startNosh(t, screentest.Options{})
	partFill(term)
	term.Run(`sh -c 'kill -STOP $$' &`)
	for i := 0; ; i++ {
		s := term.Run("")
		row := -1
		for r, text := range s.Rows {
			if strings.HasPrefix(text, "[1]+  Stopped ") {
				row = r
			}
		}
		if row >= 0 {
			if row == 0 || strings.TrimSpace(s.Rows[row-1]) != "" {
				t.Fatalf("the notice of the stopped job does not follow an empty row:\n%s", s.Framed())
			}
			break
		}
		if i == 200 {
			t.Fatalf("no notice of the stopped job:\n%s", s.Framed())
		}
	}
	term.Run("kill -9 %1")
}
