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
// line is parsed (the shell's scanAhead), so that code anywhere in it is
// prepared.

// sourceGate is open once code naming one of its words was read.
type sourceGate struct {
	on    atomic.Bool
	words []string
}

// open reports whether the gate is open.
func (g *sourceGate) open() bool { return g.on.Load() }

// note opens the gate if line names one of its words.
func (g *sourceGate) note(line string) {
	if g.on.Load() {
		return
	}
	for _, w := range g.words {
		if strings.Contains(line, w) {
			g.on.Store(true)
			return
		}
	}
}

var (
	// nocaseGate: case and [[ ]] patterns through matchHook.
	nocaseGate = &sourceGate{words: []string{"nocasematch"}}
	// failglobGate: words that may glob through nosh's expansion.
	failglobGate = &sourceGate{words: []string{"failglob"}}
	// rofuncGate: function definitions through \x00funcdef.
	rofuncGate = &sourceGate{words: []string{"readonly", "-fr", "-rf"}}
	// pipestatusGate: simple commands followed by \x00pstat.
	pipestatusGate = &sourceGate{words: []string{"PIPESTATUS"}}
	// bashpidGate: subshells numbered in BASHPID.
	bashpidGate = &sourceGate{words: []string{"BASHPID"}}
)

var sourceGates = []*sourceGate{nocaseGate, failglobGate, rofuncGate, pipestatusGate, bashpidGate}

// NoteSource is told each line of code the shell reads, and opens the
// gates it names.
func (s *Engine) NoteSource(line string) {
	for _, g := range sourceGates {
		g.note(line)
	}
	if !s.xtraceEver.Load() && mentionsXtrace(line) {
		// Code read with set -x in it is prepared for tracing before the
		// set -x runs (a { …; } or a function that turns it on).
		s.xtraceEver.Store(true)
	}
}
