package analysis

import (
	"path"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// What a computed word will be, when the analysis can tell before the
// command runs: variables assigned earlier in the command (also by read
// from a here-string and printf -v), the environment, $PWD after the cd
// commands seen, parameter operations on those, and command
// substitutions of constant text ($(echo /), $(pwd)). The built-in
// catastrophe checks judge that value, so that a trick which only
// rewrites how / or $HOME is spelled is denied, not merely asked about.

// Resolve returns the value a word has if its only expansions are a
// leading tilde, parameters known now and substitutions of constant
// text. Glob characters stay as written.
func (a *Analyzer) Resolve(w Word) (string, bool) {
	if w.IsStatic() {
		return w.Value, true
	}
	if w.Node == nil {
		return "", false
	}
	var sb strings.Builder
	for i, part := range w.Node.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				if v != "~" && !strings.HasPrefix(v, "~/") {
					return "", false
				}
			}
			sb.WriteString(strings.ReplaceAll(v, `\`, ""))
		case *syntax.SglQuoted:
			sb.WriteString(sglValue(p))
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					sb.WriteString(dblUnquote(q.Value))
				case *syntax.ParamExp:
					v, ok := a.param(q)
					if !ok {
						return "", false
					}
					sb.WriteString(v)
				case *syntax.CmdSubst:
					v, ok := a.constSubst(q)
					if !ok {
						return "", false
					}
					sb.WriteString(v)
				default:
					return "", false
				}
			}
		case *syntax.ParamExp:
			v, ok := a.param(p)
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		case *syntax.CmdSubst:
			v, ok := a.constSubst(p)
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// constSubst returns what a command substitution prints when it prints
// constant text: echo or printf of words known now, pwd, or cd DIR
// followed by pwd. Trailing newlines go, as the shell removes them.
func (a *Analyzer) constSubst(cs *syntax.CmdSubst) (string, bool) {
	stmts := cs.Stmts
	if len(stmts) == 1 {
		if b, ok := stmts[0].Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
			stmts = []*syntax.Stmt{b.X, b.Y}
		}
	}
	saved := a.Cwd
	defer func() { a.Cwd = saved }()
	out := ""
	for i, st := range stmts {
		call, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Assigns) > 0 || len(st.Redirs) > 0 || st.Background || len(call.Args) == 0 {
			return "", false
		}
		args := make([]string, 0, len(call.Args))
		for _, w := range call.Args {
			v, ok := a.Resolve(Word{Kind: Field, Node: w})
			if !ok {
				return "", false
			}
			args = append(args, v)
		}
		last := i == len(stmts)-1
		switch name := args[0]; {
		case name == "cd" && !last && len(args) == 2:
			a.Cwd = a.inCwd(args[1])
			if strings.HasPrefix(a.Cwd, "~") {
				a.Cwd = a.ExpandHome(a.Cwd)
			}
		case name == "cd" && !last && len(args) == 1:
			a.Cwd = a.ExpandHome("~")
		case name == "dirname" && last && len(args) > 1 && !strings.HasPrefix(args[1], "-"):
			// dirname $PWD: text functions of their operands.
			var lines []string
			for _, p := range args[1:] {
				lines = append(lines, dirName(a.ExpandHome(p)))
			}
			out = strings.Join(lines, "\n")
		case name == "basename" && last && (len(args) == 2 || len(args) == 3) && !strings.HasPrefix(args[1], "-"):
			b := baseName(a.ExpandHome(args[1]))
			if len(args) == 3 && b != args[2] {
				b = strings.TrimSuffix(b, args[2])
			}
			out = b
		case name == "pwd" && last:
			d := a.inCwd(".")
			if !path.IsAbs(d) {
				return "", false
			}
			out = path.Clean(d)
		case name == "echo" && last:
			for j := range args[1:] {
				args[1+j] = a.ExpandHome(args[1+j])
			}
			out = echoText(args[1:])
		case name == "printf" && last && len(args) > 1:
			for j := range args[1:] {
				args[1+j] = a.ExpandHome(args[1+j])
			}
			text, ok := printfText(args[1], args[2:])
			if !ok {
				return "", false
			}
			out = text
		default:
			return "", false
		}
	}
	return strings.TrimRight(out, "\n"), true
}

// dirName is what dirname prints for p.
func dirName(p string) string {
	t := strings.TrimRight(p, "/")
	switch {
	case t == "" && p != "":
		return "/"
	case !strings.Contains(t, "/"):
		return "."
	}
	d := strings.TrimRight(t[:strings.LastIndexByte(t, '/')], "/")
	if d == "" {
		return "/"
	}
	return d
}

// baseName is what basename prints for p (without a suffix).
func baseName(p string) string {
	t := strings.TrimRight(p, "/")
	if t == "" {
		if p != "" {
			return "/"
		}
		return ""
	}
	return t[strings.LastIndexByte(t, '/')+1:]
}

// printfText formats as the printf builtin does, for %s, %b, %c and %%
// (no width or precision) and every backslash escape, reusing the
// format while arguments remain; false for anything else, which the
// analysis does not guess.
func printfText(format string, args []string) (string, bool) {
	var sb strings.Builder
	used := 0
	next := func() string {
		if used >= len(args) {
			return ""
		}
		used++
		return args[used-1]
	}
	for {
		before := used
		for i := 0; i < len(format); i++ {
			ch := format[i]
			switch {
			case ch == '%' && i+1 < len(format):
				i++
				switch format[i] {
				case 's':
					sb.WriteString(next())
				case 'b':
					s, stop := unescapeEcho(next())
					sb.WriteString(s)
					if stop {
						return sb.String(), true
					}
				case 'c':
					if v := next(); v != "" {
						sb.WriteString(v[:1])
					}
				case '%':
					sb.WriteByte('%')
				default:
					return "", false
				}
			case ch == '%':
				return "", false
			case ch == '\\':
				n, s, ok := escapeAt(format[i:], false)
				if !ok {
					return "", false
				}
				sb.WriteString(s)
				i += n - 1
			default:
				sb.WriteByte(ch)
			}
		}
		if used == before || used >= len(args) {
			return sb.String(), true
		}
	}
}

// echoText is what the echo builtin prints for args: -n, -e and -E
// (alone or together) as options; escapes only with -e.
func echoText(args []string) string {
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, o := range args[0][1:] {
			switch o {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		var stop bool
		if s, stop = unescapeEcho(s); stop {
			return s
		}
	}
	if newline {
		s += "\n"
	}
	return s
}

// unescapeEcho interprets the escapes of echo -e and printf %b: those of
// a printf format, with octal as \0NNN; \c ends the output (stop).
func unescapeEcho(s string) (string, bool) {
	if !strings.Contains(s, "\\") {
		return s, false
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			sb.WriteByte(s[i])
			continue
		}
		if s[i+1] == 'c' {
			return sb.String(), true
		}
		n, v, ok := escapeAt(s[i:], true)
		if !ok {
			sb.WriteByte(s[i])
			continue
		}
		sb.WriteString(v)
		i += n - 1
	}
	return sb.String(), false
}

// escapeAt reads the backslash escape at the start of s and returns its
// length and value; echo selects \0NNN octal (echo -e, %b) rather than
// \NNN (a printf format). An unknown escape stands for itself.
func escapeAt(s string, echo bool) (int, string, bool) {
	if len(s) < 2 {
		return 1, s, true
	}
	switch c := s[1]; c {
	case 'a':
		return 2, "\a", true
	case 'b':
		return 2, "\b", true
	case 'e', 'E':
		return 2, "\x1b", true
	case 'f':
		return 2, "\f", true
	case 'n':
		return 2, "\n", true
	case 'r':
		return 2, "\r", true
	case 't':
		return 2, "\t", true
	case 'v':
		return 2, "\v", true
	case '\\':
		return 2, "\\", true
	case '"', '\'', '?':
		if echo {
			return 2, s[:2], true
		}
		return 2, s[1:2], true
	case 'x', 'u', 'U':
		max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
		n := 0
		for n < max && 2+n < len(s) && isHex(s[2+n]) {
			n++
		}
		if n == 0 {
			return 2, s[:2], true
		}
		v, _ := strconv.ParseUint(s[2:2+n], 16, 32)
		if c == 'x' {
			return 2 + n, string([]byte{byte(v)}), true
		}
		return 2 + n, string(rune(v)), true
	case 'c':
		return 0, "", false // \c in a format: not followed here
	}
	start, max := 1, 3
	if echo {
		if s[1] != '0' {
			return 2, s[:2], true
		}
		start = 2
	}
	n := 0
	for n < max && start+n < len(s) && s[start+n] >= '0' && s[start+n] <= '7' {
		n++
	}
	if n == 0 {
		if echo {
			return 2, "\x00", true
		}
		return 2, s[:2], true
	}
	v, _ := strconv.ParseUint(s[start:start+n], 8, 32)
	return start + n, string([]byte{byte(v)}), true
}

func isHex(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// param returns the value of a parameter expansion known now: $HOME,
// ${HOME:?}, ${x:-/}, ${x:+/}, ${x%/*}, ${x#…}, ${x/a/b}, ${x:0:1},
// ${x,,}, ${!x}, ${a[0]}.
func (a *Analyzer) param(pe *syntax.ParamExp) (string, bool) {
	if pe.Param != nil && pe.Index != nil && pe.Exp == nil && pe.Slice == nil && pe.Repl == nil && !pe.Length && !pe.Excl {
		// ${a[0]}, ${a[@]} of an array assigned in the command.
		elems := a.arrays[pe.Param.Value]
		idx, ok := staticWordNode(pe.Index)
		if elems == nil || !ok {
			return "", false
		}
		if idx == "@" || idx == "*" {
			return strings.Join(elems, " "), true
		}
		n, err := strconv.Atoi(idx)
		if err != nil || n < 0 || n >= len(elems) {
			return "", false
		}
		return elems[n], true
	}
	if pe.Param == nil || pe.Index != nil || pe.Length || pe.Names != 0 || pe.Width {
		return "", false
	}
	v, set, known := a.paramState(pe.Param.Value)
	if pe.Excl {
		// ${!x}: the variable x names.
		if !set || !IsName(v) {
			return "", false
		}
		v, set, known = a.paramState(v)
	}
	if !known {
		return "", false // ${x:-/}, ${x:+/}: it depends on what x holds
	}
	switch {
	case pe.Slice != nil:
		if !set {
			return "", false
		}
		return sliceValue(v, pe.Slice)
	case pe.Repl != nil:
		if !set {
			return "", false
		}
		return a.replaceValue(v, pe.Repl)
	case pe.Exp == nil:
		return v, set
	}
	arg := ""
	if pe.Exp.Word != nil {
		var ok bool
		if arg, ok = a.Resolve(Word{Kind: Field, Node: pe.Exp.Word}); !ok {
			return "", false
		}
	}
	switch pe.Exp.Op {
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return v, set
	case syntax.DefaultUnset, syntax.AssignUnset:
		if set {
			return v, true
		}
		return arg, true
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull:
		if set && v != "" {
			return v, true
		}
		return arg, true
	case syntax.AlternateUnset:
		if set {
			return arg, true
		}
		return "", true
	case syntax.AlternateUnsetOrNull:
		if set && v != "" {
			return arg, true
		}
		return "", true
	case syntax.RemSmallSuffix, syntax.RemLargeSuffix, syntax.RemSmallPrefix, syntax.RemLargePrefix:
		if !set {
			return "", false
		}
		return trimPattern(v, arg, pe.Exp.Op)
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		if !set || arg != "" || v == "" {
			return v, set && arg == ""
		}
		switch pe.Exp.Op {
		case syntax.UpperAll:
			return strings.ToUpper(v), true
		case syntax.LowerAll:
			return strings.ToLower(v), true
		case syntax.UpperFirst:
			return strings.ToUpper(v[:1]) + v[1:], true
		default:
			return strings.ToLower(v[:1]) + v[1:], true
		}
	}
	return "", false
}

// sliceValue is ${v:offset:length} with constant numbers.
func sliceValue(v string, s *syntax.Slice) (string, bool) {
	num := func(x syntax.ArithmExpr) (int, bool) {
		w, ok := x.(*syntax.Word)
		if !ok {
			return 0, false
		}
		lit, ok := StaticWord(w)
		if !ok {
			return 0, false
		}
		n, err := strconv.Atoi(strings.TrimSpace(lit))
		return n, err == nil
	}
	off := 0
	if s.Offset != nil {
		n, ok := num(s.Offset)
		if !ok {
			return "", false
		}
		off = n
	}
	if off < 0 {
		off += len(v)
	}
	off = min(max(off, 0), len(v))
	end := len(v)
	if s.Length != nil {
		n, ok := num(s.Length)
		if !ok {
			return "", false
		}
		if n < 0 {
			end = max(len(v)+n, off)
		} else {
			end = min(off+n, len(v))
		}
	}
	return v[off:end], true
}

// patternRegexp compiles a shell pattern for the whole string.
func patternRegexp(pat string, shortest bool) (*regexp.Regexp, bool) {
	mode := pattern.EntireString
	if shortest {
		mode |= pattern.Shortest
	}
	expr, err := pattern.Regexp(pat, mode)
	if err != nil {
		return nil, false
	}
	re, err := regexp.Compile(expr)
	return re, err == nil
}

// trimPattern is ${v%pat}, ${v%%pat}, ${v#pat} and ${v##pat}.
func trimPattern(v, pat string, op syntax.ParExpOperator) (string, bool) {
	re, ok := patternRegexp(pat, false)
	if !ok {
		return "", false
	}
	match := re.MatchString
	switch op {
	case syntax.RemSmallSuffix:
		for i := len(v); i >= 0; i-- {
			if match(v[i:]) {
				return v[:i], true
			}
		}
	case syntax.RemLargeSuffix:
		for i := 0; i <= len(v); i++ {
			if match(v[i:]) {
				return v[:i], true
			}
		}
	case syntax.RemSmallPrefix:
		for i := 0; i <= len(v); i++ {
			if match(v[:i]) {
				return v[i:], true
			}
		}
	case syntax.RemLargePrefix:
		for i := len(v); i >= 0; i-- {
			if match(v[:i]) {
				return v[i:], true
			}
		}
	}
	return v, true
}

// replaceValue is ${v/pat/with} and its variants, for a literal pattern
// or one of simple wildcards.
func (a *Analyzer) replaceValue(v string, r *syntax.Replace) (string, bool) {
	pat, with := "", ""
	if r.Orig != nil {
		var ok bool
		if pat, ok = a.Resolve(Word{Kind: Field, Node: r.Orig}); !ok {
			return "", false
		}
	}
	if r.With != nil {
		var ok bool
		if with, ok = a.Resolve(Word{Kind: Field, Node: r.With}); !ok {
			return "", false
		}
	}
	if pat == "" {
		return v, true
	}
	if !pattern.HasMeta(pat, 0) {
		if r.All {
			return strings.ReplaceAll(v, pat, with), true
		}
		return strings.Replace(v, pat, with, 1), true
	}
	re, ok := patternRegexp(pat, false)
	if !ok {
		return "", false
	}
	// The first (leftmost, longest) match, or every one with //.
	expr := strings.TrimSuffix(strings.TrimPrefix(re.String(), "^"), "$")
	inner, err := regexp.Compile(expr)
	if err != nil {
		return "", false
	}
	if r.All {
		return inner.ReplaceAllLiteralString(v, with), true
	}
	if loc := inner.FindStringIndex(v); loc != nil {
		return v[:loc[0]] + with + v[loc[1]:], true
	}
	return v, true
}

// paramValue returns a variable's value: assigned earlier in the command,
// $PWD where the cd commands went, or from the environment.
func (a *Analyzer) paramValue(name string) (string, bool) {
	v, set, _ := a.paramState(name)
	return v, set
}

// paramState returns a variable's value, whether it is set, and whether
// that is known at all: a variable changed in a way the analysis does
// not follow is neither set nor unset to it.
func (a *Analyzer) paramState(name string) (v string, set, known bool) {
	if a.untrusted {
		return "", false, false
	}
	if v, ok := a.vars[name]; ok {
		switch v {
		case varUnknown:
			return "", false, false
		case varUnset:
			return "", false, true
		}
		return v, true, true
	}
	switch name {
	case "HOME":
		if h := a.Home(); h != "" {
			return h, true, true
		}
		return homeUnknown, true, true
	case "PWD":
		if a.Cwd == cwdUnknown {
			return "", false, false
		}
		if d := a.ExpandHome(a.inCwd(".")); path.IsAbs(d) {
			return path.Clean(d), true, true
		}
	case "FUNCNAME":
		if len(a.funcStack) > 0 {
			// f(){ $FUNCNAME | $FUNCNAME & }: the function being defined.
			return a.funcStack[len(a.funcStack)-1].name, true, true
		}
	}
	v, set = a.lookup(name)
	return v, set, true
}
