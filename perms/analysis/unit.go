package analysis

import (
	"fmt"
	"path"
	"strings"
)

// Pos is a position in the checked command, 1-based. The zero Pos means
// the unit was seen at run time and has no source position.
type Pos struct {
	Line, Col int // 1-based line and column (in bytes)
}

// IsValid reports whether the position points into the source.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String renders the position as LINE:COL, or "-" when it is not valid.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Unit is one simple command that would run: a program, builtin or
// function call with its argv.
type Unit struct {
	// Words is the argv as written; see Word for what is known about each.
	Words []Word
	// Pos is where the unit starts. Units found inside a string that is
	// run as code (sh -c '…', eval '…') carry the position of that string.
	Pos Pos
	// Context says where the unit runs, outermost first: "$(…)",
	// "function f", "sudo", "sh -c", "find -exec"; empty at top level.
	Context string
	// Harmless is why the unit needs no rule (a builtin that runs nothing,
	// a call to a function defined in the same command, xargs whose
	// command is checked as its own unit); empty when a rule is needed.
	Harmless string
	// Catastrophe is why the unit is denied whatever the rules say; empty
	// for ordinary units.
	Catastrophe string

	Exp       []Word // Words with static brace expansions spliced in, when different
	Download  bool   // the unit downloads data (curl, wget…)
	StdinCode bool   // the unit reads a program from standard input
	FuncDef   bool   // the unit calls a function defined in the same input
}

// Name returns argv[0] if it is static.
func (u Unit) Name() (string, bool) {
	ws := u.Argv()
	if len(ws) == 0 || !ws[0].IsStatic() {
		return "", false
	}
	return ws[0].Value, true
}

// Static reports whether every word of the unit is known now.
func (u Unit) Static() bool {
	for _, w := range u.Words {
		if !w.IsStatic() {
			return false
		}
	}
	return true
}

// String is the unit as shell text.
func (u Unit) String() string {
	var sb strings.Builder
	for i, w := range u.Words {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(w.String())
	}
	return sb.String()
}

// Argv is the argv with static brace expansions done.
func (u Unit) Argv() []Word {
	if u.Exp != nil {
		return u.Exp
	}
	return u.Words
}

// Base returns the basename of a static argv[0], which is what deny rules
// and the built-in checks look at: /usr/bin/rm and ./rm are rm.
func (u Unit) Base() (string, bool) {
	name, ok := u.Name()
	if !ok || name == "" {
		return "", false
	}
	if strings.IndexByte(name, '/') >= 0 {
		name = path.Base(name)
	}
	return name, true
}
