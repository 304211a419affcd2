package engine

import (
	"strings"
	"sync/atomic"
)

// Some of bash's features cost nosh work on every command or word that
// could use them (a hook, a builtin call), so the rewrite prepares code
// for them only once the shell has read code that names them: a source
// gate opens when a line of code read holds one of its words, and stays
// open. A whole script file or -c string is looked at before its first
// line is parsed (linefeed.ReadAhead), so that code anywhere in it is
// prepared. The gates are the Engine's: code one shell read prepares
// nothing in another.

// sourceGate names one of the gates.
type sourceGate int

const (
	// nocaseGate: case and [[ ]] patterns through matchHook.
	nocaseGate sourceGate = iota
	// failglobGate: words that may glob through nosh's expansion.
	failglobGate
	// rofuncGate: function definitions through \x00funcdef.
	rofuncGate
	// pipestatusGate: simple commands followed by \x00pstat.
	pipestatusGate
	// bashpidGate: subshells numbered in BASHPID.
	bashpidGate

	numSourceGates
)

// words returns the words that open gate g when a line of code holds one.
func (g sourceGate) words() []string {
	switch g {
	case nocaseGate:
		return []string{"nocasematch"}
	case failglobGate:
		return []string{"failglob"}
	case rofuncGate:
		return []string{"readonly", "-fr", "-rf"}
	case pipestatusGate:
		return []string{"PIPESTATUS"}
	case bashpidGate:
		return []string{"BASHPID"}
	}
	return nil
}

// sourceGates holds whether each gate is open.
type sourceGates [numSourceGates]atomic.Bool

// gateOpen reports whether gate g is open.
func (s *Engine) gateOpen(g sourceGate) bool { return s.gates[g].Load() }

// openGate opens gate g, as code naming it would.
func (s *Engine) openGate(g sourceGate) { s.gates[g].Store(true) }

// NoteSource is told each line of code the shell reads, and opens the
// gates it names.
func (s *Engine) NoteSource(line string) {
	for g := range numSourceGates {
		if s.gateOpen(g) {
			continue
		}
		for _, w := range g.words() {
			if strings.Contains(line, w) {
				s.openGate(g)
				break
			}
		}
	}
	if !s.xtraceEver.Load() && mentionsXtrace(line) {
		// Code read with set -x in it is prepared for tracing before the
		// set -x runs (a { …; } or a function that turns it on).
		s.xtraceEver.Store(true)
	}
}
