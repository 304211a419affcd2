package perms

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

// resolve returns the value a word has if its only expansions are a
// leading tilde, parameters known now and substitutions of constant
// text. Glob characters stay as written.
func (a *analyzer) resolve(w Word) (string, bool) {
	if w.IsStatic() {
		return w.Value, true
	}
	if w.node == nil {
		return "", false
	}
	var sb strings.Builder
	for i, part := range w.node.Parts {
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
func (a *analyzer) constSubst(cs *syntax.CmdSubst) (string, bool) {
	stmts := cs.Stmts
	if len(stmts) == 1 {
		if b, ok := stmts[0].Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
			stmts = []*syntax.Stmt{b.X, b.Y}
		}
	}
	saved := a.cwd
	defer func() { a.cwd = saved }()
	out := ""
	for i, st := range stmts {
		call, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Assigns) > 0 || len(st.Redirs) > 0 || st.Background || len(call.Args) == 0 {
			return "", false
		}
		args := make([]string, 0, len(call.Args))
		for _, w := range call.Args {
			v, ok := a.resolve(Word{Kind: Field, node: w})
			if !ok {
				return "", false
			}
			args = append(args, v)
		}
		last := i == len(stmts)-1
		switch name := args[0]; {
		case name == "cd" && !last && len(args) == 2:
			a.cwd = a.inCwd(args[1])
			if strings.HasPrefix(a.cwd, "~") {
				a.cwd = a.expandHome(a.cwd)
			}
		case name == "pwd" && last:
			d := a.inCwd(".")
			if !path.IsAbs(d) {
				return "", false
			}
			out = path.Clean(d)
		case (name == "echo" || name == "printf") && last:
			ws := make([]Word, len(args))
			for j, v := range args {
				ws[j] = Word{Value: v}
			}
			text, ok := a.printedText(Unit{Words: ws})
			if !ok || name == "printf" && strings.ContainsRune(args[1], '%') {
				if name != "printf" || len(args) < 2 {
					return "", false
				}
				if text, ok = printfText(args[1], args[2:]); !ok {
					return "", false
				}
			}
			out = text
		default:
			return "", false
		}
	}
	return strings.TrimRight(out, "\n"), true
}

// printfText formats like the printf builtin for %s, %b, %% and the
// common escapes; false for anything else.
func printfText(format string, args []string) (string, bool) {
	var sb strings.Builder
	next := func() string {
		if len(args) == 0 {
			return ""
		}
		v := args[0]
		args = args[1:]
		return v
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '%' && i+1 < len(format):
			i++
			switch format[i] {
			case 's', 'b':
				sb.WriteString(next())
			case '%':
				sb.WriteByte('%')
			default:
				return "", false
			}
		case ch == '\\' && i+1 < len(format):
			i++
			switch format[i] {
			case 'n':
				sb.WriteByte('\n')
			case 't':
				sb.WriteByte('\t')
			case '\\':
				sb.WriteByte('\\')
			default:
				return "", false
			}
		default:
			sb.WriteByte(ch)
		}
	}
	return sb.String(), true
}

// param returns the value of a parameter expansion known now: $HOME,
// ${HOME:?}, ${x:-/}, ${x:+/}, ${x%/*}, ${x#…}, ${x/a/b}, ${x:0:1},
// ${x,,}, ${!x}, ${a[0]}.
func (a *analyzer) param(pe *syntax.ParamExp) (string, bool) {
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
	v, set := a.paramValue(pe.Param.Value)
	if pe.Excl {
		// ${!x}: the variable x names.
		if !set || !isName(v) {
			return "", false
		}
		v, set = a.paramValue(v)
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
		if arg, ok = a.resolve(Word{Kind: Field, node: pe.Exp.Word}); !ok {
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
		lit, ok := staticWord(w)
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
func (a *analyzer) replaceValue(v string, r *syntax.Replace) (string, bool) {
	pat, with := "", ""
	if r.Orig != nil {
		var ok bool
		if pat, ok = a.resolve(Word{Kind: Field, node: r.Orig}); !ok {
			return "", false
		}
	}
	if r.With != nil {
		var ok bool
		if with, ok = a.resolve(Word{Kind: Field, node: r.With}); !ok {
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
func (a *analyzer) paramValue(name string) (string, bool) {
	if v, ok := a.vars[name]; ok {
		return v, true
	}
	switch name {
	case "HOME":
		if h := a.home(); h != "" {
			return h, true
		}
		return homeUnknown, true
	case "PWD":
		if a.cwd == cwdUnknown {
			return "", false
		}
		if d := a.expandHome(a.inCwd(".")); path.IsAbs(d) {
			return path.Clean(d), true
		}
	case "FUNCNAME":
		if len(a.funcStack) > 0 {
			// f(){ $FUNCNAME | $FUNCNAME & }: the function being defined.
			return a.funcStack[len(a.funcStack)-1].name, true
		}
	}
	return a.lookup(name)
}
