package fields

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Shell is what expansion needs of the shell: the errors that stop a
// command line.
type Shell interface {
	// Abort returns the error for msg that abandons the command line (and
	// ends a non-interactive shell in POSIX mode).
	Abort(msg string) error
	// UnsetParamError is the error of ${x?word} or ${x:?word} whose word
	// is used, expanded with cfg: it ends a non-interactive shell.
	UnsetParamError(cfg *expand.Config, pe *syntax.ParamExp) error
	// ShoptOn reports whether shopt option name is on (failglob).
	ShoptOn(name string) bool
	// VarAttrs is the attributes nosh keeps beside variable name in r,
	// as letters of "iclu" (declare -i, -c, -l, -u), for ${x@a}.
	VarAttrs(r *interp.Runner, name string) string
}

// Word returns the word of ${x-word} when the expansion is that word, to
// expand in place of the values; nil otherwise.
func (p Result) Word() *syntax.Word { return p.word }

// IsPlainParam reports whether pe is a parameter alone: $x or ${x}, with
// no operator, index or slice.
func IsPlainParam(pe *syntax.ParamExp) bool {
	return !pe.Excl && !pe.Length && !pe.Width && pe.Index == nil && pe.Slice == nil &&
		pe.Repl == nil && pe.Exp == nil && pe.Names == 0
}

// AssignmentTilde reports whether an argument looks like an assignment
// with a ~ to expand after its = or a :, as bash expands it.
func AssignmentTilde(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 || !syntax.ValidName(s[:eq]) {
		return false
	}
	v := s[eq+1:]
	return strings.HasPrefix(v, "~") || strings.Contains(v, ":~")
}

// FreshConfig returns a configuration that expands as cfg does,
// with buffers of its own.
func FreshConfig(cfg *expand.Config) *expand.Config {
	return &expand.Config{
		Env: cfg.Env, CmdSubst: cfg.CmdSubst, ProcSubst: cfg.ProcSubst,
		ReadDir: cfg.ReadDir, ReadDir2: cfg.ReadDir2,
		GlobStar: cfg.GlobStar, DotGlob: cfg.DotGlob, NoCaseGlob: cfg.NoCaseGlob,
		NullGlob: cfg.NullGlob, NoUnset: cfg.NoUnset, ExtGlob: cfg.ExtGlob,
	}
}
