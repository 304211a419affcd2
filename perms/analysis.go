package perms

import (
	"mvdan.cc/sh/v3/expand"

	"nosh/config/dialect"
	"nosh/perms/analysis"
	"nosh/perms/programs"
)

// The vocabulary of the analysis, under the names perms has always
// given it: see package analysis for what each means.
type (
	// Analysis is everything a command would run and every risky
	// construct in it.
	Analysis = analysis.Analysis
	// Unit is one simple command that would run.
	Unit = analysis.Unit
	// Word is one word of a unit's argv.
	Word = analysis.Word
	// WordKind says how much is known about a word before the command runs.
	WordKind = analysis.WordKind
	// Pos is a position in the checked command.
	Pos = analysis.Pos
	// Finding is a risky construct found in a command.
	Finding = analysis.Finding
	// Kind classifies findings.
	Kind = analysis.Kind
	// Target is a path the command changes.
	Target = analysis.Target
	// TargetOp is what a command does to a target.
	TargetOp = analysis.TargetOp
)

// How much is known about a word.
const (
	Static = analysis.Static
	Field  = analysis.Field
	Fields = analysis.Fields
)

// The kinds of findings.
const (
	KindUnparsed     = analysis.KindUnparsed
	KindRedirect     = analysis.KindRedirect
	KindEval         = analysis.KindEval
	KindFuncDef      = analysis.KindFuncDef
	KindWrapper      = analysis.KindWrapper
	KindInlineCode   = analysis.KindInlineCode
	KindBackground   = analysis.KindBackground
	KindAssign       = analysis.KindAssign
	KindOption       = analysis.KindOption
	KindCatastrophic = analysis.KindCatastrophic
	KindOutside      = analysis.KindOutside
)

// What a command does to a target.
const (
	WriteFile   = analysis.WriteFile
	CreateEntry = analysis.CreateEntry
	RemoveEntry = analysis.RemoveEntry
	ChangeMeta  = analysis.ChangeMeta
	EditInPlace = analysis.EditInPlace
	ViaDaemon   = analysis.ViaDaemon
)

// DangerousVar reports whether assigning the variable name changes what
// later commands run, and why.
func DangerousVar(name string) (reason string, ok bool) { return analysis.DangerousVar(name) }

// UserVariable reports whether a command run in the user's shell may set
// the variable without asking (see CheckInShell).
func UserVariable(name string) bool { return analysis.UserVariable(name) }

// ShellVarEffect says what setting the variable in the user's shell
// changes.
func ShellVarEffect(name string) string { return analysis.ShellVarEffect(name) }

// Analyze lists every unit src would execute and every risky construct
// in it, parsing with dialect d exactly as the runner does. env gives
// the variables used to resolve $HOME-like targets of the built-in
// checks; nil means the process environment. dir is the directory the
// command starts in, for relative paths; "" leaves them relative.
func Analyze(src string, d dialect.Dialect, env expand.Environ, dir string) analysis.Analysis {
	a := analysis.NewAnalyzer(d, env, func() string { return dir }, programs.Classify)
	a.File(src)
	return a.Result()
}

// AnalyzeArgv analyses one simple command as it is about to run, with
// every expansion done, in directory dir: the run-time view of the gate.
// Strings that the command runs as code in another process (sh -c, find
// -exec, sudo…) are analysed; eval, source, trap and alias are not,
// because the commands they run pass through the gate themselves.
func AnalyzeArgv(argv []string, d dialect.Dialect, env expand.Environ, dir string) analysis.Analysis {
	a := analysis.NewAnalyzer(d, env, func() string { return dir }, programs.Classify)
	a.Runtime = true
	if len(argv) > 0 {
		a.Unit(analysis.Unit{Words: analysis.StaticWords(argv)})
	}
	return a.Result()
}
