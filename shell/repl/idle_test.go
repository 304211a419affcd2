package repl

import (
	"testing"
	"time"
)

// TestIdleTrimOncePerPrompt drives idleTrim's decisions by hand (fire is
// called directly, and the last redraw is set in the past): memory is
// given back once per prompt, only while the editor waits, and not
// while keys are coming.
func TestIdleTrimOncePerPrompt(t *testing.T) {
	var freed int
	tr := &idleTrim{free: func() { freed++ }}
	quiet := func() { tr.last.Store(time.Now().Add(-2 * idleTrimAfter).UnixNano()) }
	// The timer arm and fire set is stopped at once: this test calls fire
	// itself.
	arm := func() { tr.arm(); tr.timer.Stop() }
	fire := func() { tr.fire(); tr.timer.Stop() }

	arm()
	defer tr.disarm()
	tr.touch() // a key just now
	fire()
	if freed != 0 {
		t.Fatalf("memory given back while keys are coming (%d)", freed)
	}
	quiet()
	fire()
	if freed != 1 {
		t.Fatalf("after a quiet while at the prompt, freed %d times, want 1", freed)
	}
	quiet()
	fire()
	if freed != 1 {
		t.Fatalf("freed again at the same prompt (%d)", freed)
	}

	tr.disarm()
	quiet()
	fire()
	if freed != 1 {
		t.Fatalf("freed while a command runs (%d)", freed)
	}

	arm() // the next prompt
	quiet()
	fire()
	if freed != 2 {
		t.Fatalf("at the next prompt, freed %d times in all, want 2", freed)
	}
}

// TestIdleTrimDropsStartPagesAfterALine: the executable's pages are
// marked as the first prompt is drawn and dropped at the first trim
// after a line has been read, once (on this test binary's own mappings).
func TestIdleTrimDropsStartPagesAfterALine(t *testing.T) {
	var freed int
	pages := &startPages{}
	tr := &idleTrim{free: func() { freed++ }, pages: pages}
	quiet := func() { tr.last.Store(time.Now().Add(-2 * idleTrimAfter).UnixNano()) }
	prompt := func() {
		tr.arm()
		tr.timer.Stop()
		quiet()
		tr.fire()
		tr.timer.Stop()
	}
	prompt()
	if pages.marked == nil {
		t.Fatal("not marked at the first prompt")
	}
	<-pages.marked
	if !pages.ok {
		t.Skip("the referenced bits could not be cleared (no /proc/self/clear_refs?)")
	}
	if freed != 1 {
		t.Fatalf("memory given back %d times at the first prompt, want 1", freed)
	}
	tr.disarm() // a line
	// Keys coming at the next prompt: nothing is dropped while the user
	// types, however many lines were run.
	tr.arm()
	tr.timer.Stop()
	tr.touch()
	tr.fire()
	tr.timer.Stop()
	if !pages.ok {
		t.Fatal("dropped while keys were coming")
	}
	quiet()
	tr.fire()
	tr.timer.Stop()
	if pages.ok {
		t.Fatal("not dropped at the trim after a line")
	}
	tr.disarm()
	prompt()
	if freed != 3 {
		t.Errorf("memory given back %d times, want once a prompt (3)", freed)
	}
	t.Logf("%d pages dropped", pages.dropped)
}
