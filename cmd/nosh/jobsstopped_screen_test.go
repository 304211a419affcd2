package main

import (
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
		// bash tells of the job killed at a prompt after the next.
		term.Run("kill -9 %1; wait; clear")
		term.Run("clear")
	})
}
