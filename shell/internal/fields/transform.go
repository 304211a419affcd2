package fields

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/promptesc"
	"nosh/shell/internal/quote"
	"nosh/shell/internal/varlist"
)

// The ${x@OP} transformations, as bash 5.2 makes them. interp applies
// them to the joined value of a list ("${@@U}" was one field), quotes
// only where needed (bash's @Q always quotes), leaves @P and @K as they
// are, and reads @a of a nameref itself.

// transformOp returns OP of ${x@OP}, or "".
func transformOp(pe *syntax.ParamExp) string {
	if pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil {
		return ""
	}
	return pe.Exp.Word.Lit()
}

// transformParams is ${x@OP} on the values res of pe's parameter.
func transformParams(s Shell, r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp, res Result, set bool) (Result, error) {
	op := transformOp(pe)
	name := pe.Param.Value
	positional := name == "@" || name == "*" || name == "#" || name == "0" || isDigits(name)
	var vr expand.Variable
	if !positional {
		vr = interpunsafe.LookupVar(r, name)
		if vr.Kind == expand.NameRef {
			name, vr = vr.Resolve(cfg.Env)
		}
	}
	extra := ""
	if !positional {
		extra = s.VarAttrs(r, name)
	}
	if res.list {
		return transformList(r, cfg, name, vr, extra, op, res)
	}
	if !set {
		out := ""
		if op == "A" && (vr.Kind == expand.Indexed || vr.Kind == expand.Associative) && pe.Index == nil {
			out = "declare " + declFlags(vr, extra) + " " + name
		} else if op == "a" && vr.Declared() {
			out = attrFlags(vr, extra)
		}
		return Result{elems: []string{out}}, nil
	}
	v := res.elems[0]
	var out string
	switch op {
	case "A":
		flags := declFlags(vr, extra)
		if positional || flags == "--" {
			out = name + "=" + bashQuote(v)
		} else {
			out = "declare " + flags + " " + name + "=" + bashQuote(v)
		}
		if positional {
			out = ""
		}
	case "a":
		if !positional {
			out = attrFlags(vr, extra)
		}
	case "P":
		out = promptValue(r, cfg, v)
	default:
		out = transformValue(op, v)
	}
	return Result{elems: []string{out}}, nil
}

// transformList is ${a[@]@OP}, ${a[*]@OP}, ${@@OP} and ${*@OP}.
func transformList(r *interp.Runner, cfg *expand.Config, name string, vr expand.Variable, extra, op string, res Result) (Result, error) {
	params := name == "@" || name == "*"
	out := Result{list: true, star: res.star}
	switch op {
	case "A":
		if params {
			if len(res.elems) == 0 {
				return out, nil
			}
			out.elems = []string{"set", "--"}
			for _, v := range res.elems {
				out.elems = append(out.elems, bashQuote(v))
			}
			return out, nil
		}
		if !vr.Declared() {
			return out, nil
		}
		flags := declFlags(vr, extra)
		switch {
		case vr.Kind == expand.Indexed || vr.Kind == expand.Associative:
			out.elems = []string{"declare", flags, name + "=" + varlist.ArrayLiteral(vr)}
		case !vr.IsSet():
		case flags == "--":
			out.elems = []string{name + "=" + bashQuote(vr.String())}
		default: // a scalar's line is one field
			out.elems = []string{"declare " + flags + " " + name + "=" + bashQuote(vr.String())}
		}
		return out, nil
	case "K", "k":
		if params || vr.Kind != expand.Indexed && vr.Kind != expand.Associative {
			break
		}
		var pairs []string
		if vr.Kind == expand.Associative {
			for _, k := range sortedKeys(vr.Map) {
				pairs = append(pairs, k, vr.Map[k])
			}
		} else {
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				pairs = append(pairs, strconv.Itoa(idx), v)
			}
		}
		if op == "k" {
			out.elems = pairs
			return out, nil
		}
		var b strings.Builder
		for i := 0; i < len(pairs); i += 2 {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(pairs[i] + " " + quote.ForDecl(pairs[i+1]))
		}
		if vr.Kind == expand.Associative {
			b.WriteByte(' ') // as bash prints it
		}
		out.elems = []string{b.String()}
		out.list = false
		return out, nil
	}
	out.elems = make([]string, len(res.elems))
	for i, v := range res.elems {
		switch op {
		case "a":
			if !params {
				out.elems[i] = attrFlags(vr, extra)
			}
		case "P":
			out.elems[i] = promptValue(r, cfg, v)
		default:
			out.elems[i] = transformValue(op, v)
		}
	}
	return out, nil
}

// transformValue is the operators that change each value by itself.
func transformValue(op, v string) string {
	switch op {
	case "Q", "K", "k":
		return bashQuote(v)
	case "E":
		s, _ := quote.ExpandEscapes(v, quote.Format)
		return s
	case "U":
		return strings.ToUpper(v)
	case "L":
		return strings.ToLower(v)
	case "u":
		for i, c := range v {
			return v[:i] + string(unicode.ToUpper(c)) + v[i+len(string(c)):]
		}
	}
	return v
}

// bashQuote quotes v as ${v@Q} does: in single quotes always, or $'…'
// when it has control characters.
func bashQuote(v string) string {
	for _, c := range v {
		if c < 0x20 || c == 0x7f {
			return quote.Bash(v)
		}
	}
	return quote.Single(v)
}

// declFlags is the option of `declare` that recreates vr's attributes.
func declFlags(vr expand.Variable, extra string) string {
	if f := attrFlags(vr, extra); f != "" {
		return "-" + f
	}
	return "--"
}

// attrFlags is ${x@a}: a variable's attributes, in bash's order; extra
// are those nosh keeps beside it (Shell.VarAttrs).
func attrFlags(vr expand.Variable, extra string) string {
	f := ""
	switch vr.Kind {
	case expand.Indexed:
		f += "a"
	case expand.Associative:
		f += "A"
	}
	if strings.IndexByte(extra, 'i') >= 0 {
		f += "i"
	}
	if vr.Kind == expand.NameRef {
		f += "n"
	}
	if vr.ReadOnly {
		f += "r"
	}
	if vr.Exported {
		f += "x"
	}
	for _, c := range "clu" {
		if strings.ContainsRune(extra, c) {
			f += string(c)
		}
	}
	return f
}

// promptValue is ${x@P}: v expanded as bash expands PS1, its backslash
// escapes, then its parameters, command substitutions and arithmetic.
// \j, \# and \! are 0 here: the jobs and history are the interactive
// shell's.
func promptValue(r *interp.Runner, cfg *expand.Config, v string) string {
	d := promptesc.Snapshot()
	d.Dir = r.Dir
	d.Home = interpunsafe.LookupVar(r, "HOME").String()
	d.Shell = "nosh"
	text := promptesc.Expand(v, d)
	if !strings.ContainsAny(text, "$`") {
		return text
	}
	w, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err != nil {
		return text
	}
	out, err := expand.Document(FreshConfig(cfg), w)
	if err != nil {
		return text
	}
	return out
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
