package fields

import (
	"nosh/shell/internal/rewrite"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Parameter expansions that interp gets wrong and nosh computes itself:
//
//   - ${@-word}, "${@:-word}", ${a[@]+word} and the like: interp takes
//     "$@" and arrays for always set and never null, so the word of
//     ${@-x} never shows and "${@:-x}" with no parameters is empty;
//   - anchored replacement ${x/#pat/rep} and ${x/%pat/rep}, which interp
//     reads as a pattern starting with # or %;
//   - extended patterns (extglob) in ${x#pat}, ${x%pat} and replacements;
//   - slices of $@ and $* from 0, which take $0 (interp's own $0).
//
// In the words nosh splits itself (fields.go) the result keeps
// "$@"'s fields; elsewhere (an assignment, a redirection, a here-document)
// the core's rewrite turns the expansion into a hook that
// gives the joined text.

// ListName returns the name of the list pe expands, and whether it is
// the * form, when pe is $@, $*, ${a[@]} or ${a[*]}.
func ListName(pe *syntax.ParamExp) (name string, star, ok bool) {
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet {
		return "", false, false
	}
	switch pe.Param.Value {
	case "@", "*":
		if pe.Index != nil {
			return "", false, false
		}
		return pe.Param.Value, pe.Param.Value == "*", true
	}
	if w, ok := pe.Index.(*syntax.Word); ok {
		switch w.Lit() {
		case "@", "*":
			return pe.Param.Value, w.Lit() == "*", true
		}
	}
	return "", false, false
}

// extPattern reports whether a pattern word has extended operators.
func extPattern(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ExtGlob:
			return true
		case *syntax.Lit:
			for _, op := range []string{"?(", "*(", "+(", "@(", "!("} {
				if strings.Contains(p.Value, op) {
					return true
				}
			}
		}
	}
	return false
}

// anchoredRepl returns '#' or '%' for ${x/#p/r} and ${x/%p/r}.
func anchoredRepl(pe *syntax.ParamExp) byte {
	if pe.Repl == nil || pe.Repl.Orig == nil || len(pe.Repl.Orig.Parts) == 0 {
		return 0
	}
	lit, ok := pe.Repl.Orig.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" || (lit.Value[0] != '#' && lit.Value[0] != '%') {
		return 0
	}
	return lit.Value[0]
}

// NoshParam reports whether nosh expands pe itself.
func NoshParam(pe *syntax.ParamExp) bool {
	if indirectName(pe) {
		return true
	}
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width {
		return false
	}
	if _, _, list := ListName(pe); list {
		if pe.Exp != nil && rewrite.WholeListOp(pe) {
			return true
		}
		if pe.Slice != nil && pe.Index == nil {
			return true // $@ and $* from 0
		}
	}
	if anchoredRepl(pe) != 0 || transformOp(pe) != "" {
		return true
	}
	if pe.Repl != nil && extPattern(pe.Repl.Orig) {
		return true
	}
	if pe.Exp != nil && extPattern(pe.Exp.Word) {
		switch pe.Exp.Op {
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			return true
		}
	}
	return false
}

// Result is what nosh's expansion of a parameter gives.
type Result struct {
	elems []string // the values
	list  bool     // they are separate fields when quoted ("$@")
	star  bool     // $* or ${a[*]}: quoted, they are joined with IFS
	// word is set when the expansion is the word of ${x-word}: expand it
	// in place instead of elems.
	word *syntax.Word
}

// Joined returns the result as one string, as in an assignment or
// double quotes: "$*" joins with IFS, "$@" with spaces.
func (p Result) Joined(ifs string) string {
	sep := " "
	if p.star {
		sep = ifsJoiner(ifs)
	}
	return strings.Join(p.elems, sep)
}

// ifsJoiner is what joins "$*": the first character of IFS.
func ifsJoiner(ifs string) string {
	if ifs == "" {
		return ""
	}
	return ifs[:1]
}

// paramValues returns the values of pe's parameter (with its index), and
// whether it is a list.
func paramValues(r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp) (elems []string, set, list, star bool, err error) {
	if name, st, ok := ListName(pe); ok {
		if name == "@" || name == "*" {
			return append([]string(nil), r.Params...), len(r.Params) > 0, true, st, nil
		}
		vr := interpunsafe.LookupVar(r, pe.Param.Value)
		if vr.Kind == expand.NameRef {
			_, vr = vr.Resolve(cfg.Env)
		}
		n := 0
		switch vr.Kind {
		case expand.Indexed:
			n = len(vr.List)
		case expand.Associative:
			n = len(vr.Map)
		case expand.String:
			if vr.IsSet() {
				n = 1
			}
		}
		if n == 0 {
			return nil, false, true, st, nil
		}
		all := &syntax.ParamExp{Param: pe.Param, Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "@"}}}}
		elems, err := expand.Fields(cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{all}}}})
		return elems, true, true, st, err
	}
	probe := &syntax.ParamExp{Param: pe.Param, Index: pe.Index, Exp: &syntax.Expansion{
		Op: syntax.AlternateUnset, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}},
	}}
	s, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{probe}})
	if err != nil {
		return nil, false, false, false, err
	}
	v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: pe.Param, Index: pe.Index}}})
	return []string{v}, s == "1", false, false, err
}

// Param computes pe, which NoshParam accepts, in r. quoted
// says it is in double quotes (or an assignment): there "${*:-x}" tests
// the values joined with IFS, where unquoted ones are joined with spaces.
func Param(s Shell, r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp, quoted bool) (Result, error) {
	if indirectName(pe) {
		return indirectParam(s, r, cfg, pe, quoted)
	}
	elems, set, list, star, err := paramValues(r, cfg, pe)
	if err != nil {
		return Result{}, err
	}
	res := Result{elems: elems, list: list, star: star}
	ifs := " \t\n"
	if v := interpunsafe.LookupVar(r, "IFS"); v.IsSet() {
		ifs = v.String()
	}
	switch {
	case pe.Slice != nil:
		return sliceParams(s, r, cfg, pe, res)
	case pe.Repl != nil:
		if !set && !list {
			// An unset parameter stays empty: ${x/#/pre} is nothing.
			return res, nil
		}
		return replaceParams(s, cfg, pe, res)
	case transformOp(pe) != "":
		return transformParams(s, r, cfg, pe, res, set)
	case pe.Exp != nil && !rewrite.WholeListOp(pe):
		return stripParams(s, r, cfg, pe, res)
	}
	var null bool
	switch {
	case !list:
		null = elems[0] == ""
	case quoted:
		null = res.Joined(ifs) == ""
	default:
		null = strings.Join(elems, " ") == ""
	}
	use := false
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.AssignUnset, syntax.ErrorUnset:
		use = !set
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull, syntax.ErrorUnsetOrNull:
		use = !set || null
	case syntax.AlternateUnset:
		use = set
	case syntax.AlternateUnsetOrNull:
		use = set && !null
	}
	switch pe.Exp.Op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		if !use {
			// Nothing: no field at all for "${@+x}", as "$@" gives.
			return Result{list: list, star: star}, nil
		}
		return Result{word: wordOrEmpty(pe.Exp.Word)}, nil
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if use {
			return Result{}, s.Abort("$" + pe.Param.Value + ": cannot assign in this way")
		}
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		if use {
			return Result{}, s.UnsetParamError(cfg, pe)
		}
	default:
		if use {
			return Result{word: wordOrEmpty(pe.Exp.Word)}, nil
		}
	}
	return res, nil
}

func wordOrEmpty(w *syntax.Word) *syntax.Word {
	if w == nil {
		return &syntax.Word{}
	}
	return w
}

// sliceParams is ${@:off:len} and ${*:off:len}: offset 0 is $0.
func sliceParams(s Shell, r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp, res Result) (Result, error) {
	args := append([]string{interpunsafe.LookupVar(r, "BASH_ARGV0").String()}, r.Params...)
	off, n := 0, len(args)
	if pe.Slice.Offset != nil {
		o, err := expand.Arithm(cfg, pe.Slice.Offset)
		if err != nil {
			return Result{}, err
		}
		off = o
		if off < 0 {
			off += len(args)
			if off < 0 {
				// bash: a negative offset before $0 gives nothing.
				return Result{list: true, star: res.star}, nil
			}
		}
	} else {
		off = 1
	}
	if off > len(args) {
		off = len(args)
	}
	end := n
	if pe.Slice.Length != nil {
		l, err := expand.Arithm(cfg, pe.Slice.Length)
		if err != nil {
			return Result{}, err
		}
		if l < 0 {
			return Result{}, s.Abort(pe.Param.Value + ": " + strconv.Itoa(l) + ": substring expression < 0")
		}
		end = min(off+l, n)
	}
	return Result{elems: args[off:end], list: true, star: res.star}, nil
}

// patternRegexp compiles a shell pattern, with extended operators when
// extglob is on, matching whole strings.
func patternRegexp(pat string, extglob bool) (*regexp.Regexp, error) {
	mode := pattern.EntireString
	if extglob {
		mode |= pattern.ExtendedOperators
	}
	expr, err := pattern.Regexp(pat, mode)
	if err != nil {
		return nil, err
	}
	return regexp.Compile(expr)
}

// replaceParams is ${x/pat/rep} (anchored with # or %, or with an
// extended pattern) on each value.
func replaceParams(s Shell, cfg *expand.Config, pe *syntax.ParamExp, res Result) (Result, error) {
	anchor := anchoredRepl(pe)
	orig := pe.Repl.Orig
	if anchor != 0 {
		lit := orig.Parts[0].(*syntax.Lit)
		rest := &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[1:]}
		orig = &syntax.Word{Parts: append([]syntax.WordPart{rest}, orig.Parts[1:]...)}
	}
	pat, err := expand.Pattern(cfg, orig)
	if err != nil {
		return Result{}, err
	}
	with := ""
	if pe.Repl.With != nil {
		if with, err = expand.Literal(cfg, pe.Repl.With); err != nil {
			return Result{}, err
		}
	}
	rx, err := patternRegexp(pat, cfg.ExtGlob)
	if err != nil {
		return res, nil
	}
	out := make([]string, len(res.elems))
	for i, v := range res.elems {
		out[i] = replaceOne(v, rx, with, anchor, pe.Repl.All)
	}
	res.elems = out
	return res, nil
}

// replaceOne replaces the longest match of rx in v: at its start
// (anchor #), at its end (%), or the first (or every, all) anywhere.
func replaceOne(v string, rx *regexp.Regexp, with string, anchor byte, all bool) string {
	switch anchor {
	case '#':
		for end := len(v); end >= 0; end-- {
			if rx.MatchString(v[:end]) {
				return with + v[end:]
			}
		}
		return v
	case '%':
		for start := 0; start <= len(v); start++ {
			if rx.MatchString(v[start:]) {
				return v[:start] + with
			}
		}
		return v
	}
	// The first (or every) longest non-empty match, left to right.
	var b strings.Builder
	i := 0
	for i <= len(v) {
		end := -1
		for e := len(v); e > i; e-- {
			if rx.MatchString(v[i:e]) {
				end = e
				break
			}
		}
		if end < 0 {
			if i < len(v) {
				b.WriteByte(v[i])
			}
			i++
			continue
		}
		b.WriteString(with)
		i = end
		if !all {
			b.WriteString(v[i:])
			return b.String()
		}
	}
	return b.String()
}

// stripParams is ${x#pat}, ${x##pat}, ${x%pat} and ${x%%pat} with an
// extended pattern, on each value.
func stripParams(s Shell, r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp, res Result) (Result, error) {
	pat, err := expand.Pattern(cfg, pe.Exp.Word)
	if err != nil {
		return Result{}, err
	}
	rx, err := patternRegexp(pat, *interpunsafe.Option(r, "extglob"))
	if err != nil {
		return res, nil
	}
	out := make([]string, len(res.elems))
	for i, v := range res.elems {
		out[i] = stripOne(v, rx, pe.Exp.Op)
	}
	res.elems = out
	return res, nil
}

// stripOne removes the shortest or longest prefix or suffix of v that rx
// matches whole.
func stripOne(v string, rx *regexp.Regexp, op syntax.ParExpOperator) string {
	switch op {
	case syntax.RemSmallPrefix:
		for end := 0; end <= len(v); end++ {
			if rx.MatchString(v[:end]) {
				return v[end:]
			}
		}
	case syntax.RemLargePrefix:
		for end := len(v); end >= 0; end-- {
			if rx.MatchString(v[:end]) {
				return v[end:]
			}
		}
	case syntax.RemSmallSuffix:
		for start := len(v); start >= 0; start-- {
			if rx.MatchString(v[start:]) {
				return v[:start]
			}
		}
	case syntax.RemLargeSuffix:
		for start := 0; start <= len(v); start++ {
			if rx.MatchString(v[start:]) {
				return v[:start]
			}
		}
	}
	return v
}

// indirectName reports whether pe is ${!name}, an indirect expansion
// through a variable with no other operator.
func indirectName(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Excl && pe.Index == nil && pe.Exp == nil && pe.Repl == nil &&
		pe.Slice == nil && !pe.Length && !pe.Width && pe.Names == 0 && syntax.ValidName(pe.Param.Value)
}

// indirectParam is ${!name}. interp looks the name held up itself, and
// its $0 is its own name ("gosh"): nosh gives $0 (BASH_ARGV0), and the
// lists $@, $*, ${a[@]} and ${a[*]} as lists ("${!n}" with n=@ is "$@").
// The rest, errors included, are interp's.
func indirectParam(s Shell, r *interp.Runner, cfg *expand.Config, pe *syntax.ParamExp, quoted bool) (Result, error) {
	name := pe.Param.Value
	vr := interpunsafe.LookupVar(r, name)
	if vr.Kind == expand.NameRef {
		return Result{elems: []string{vr.Str}}, nil // the name it refers to
	}
	if !vr.IsSet() {
		return Result{}, s.Abort(name + ": invalid indirect expansion")
	}
	target := vr.String()
	switch {
	case target == "0":
		return Result{elems: []string{interpunsafe.LookupVar(r, "BASH_ARGV0").String()}}, nil
	case !indirectTarget(target):
		return Result{}, s.Abort(target + ": invalid variable name")
	}
	if to := listTarget(target); to != nil {
		elems, _, list, star, err := paramValues(r, cfg, to)
		return Result{elems: elems, list: list, star: star}, err
	}
	if strings.HasSuffix(target, "]") {
		// An element: interp looks the whole text up as a name.
		w, err := syntax.NewParser().Document(strings.NewReader("${" + target + "}"))
		if err != nil {
			return Result{}, s.Abort(target + ": bad substitution")
		}
		v, err := expand.Literal(cfg, w)
		return Result{elems: []string{v}}, err
	}
	v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{pe}})
	return Result{elems: []string{v}}, err
}

// indirectTarget reports whether ${!n} can expand what n holds: a
// variable's name, a positional or special parameter, or an array
// element (name[subscript]).
func indirectTarget(t string) bool {
	if syntax.ValidName(t) || len(t) == 1 && strings.Contains("@*#?-$!", t) {
		return true
	}
	if t != "" && strings.Trim(t, "0123456789") == "" {
		return true
	}
	name, idx, ok := strings.Cut(t, "[")
	return ok && syntax.ValidName(name) && len(idx) > 1 && strings.HasSuffix(idx, "]")
}

// listTarget returns the expansion of @, *, a[@] or a[*] named by an
// indirect expansion's target, or nil for any other target.
func listTarget(target string) *syntax.ParamExp {
	switch target {
	case "@", "*":
		return &syntax.ParamExp{Param: &syntax.Lit{Value: target}}
	}
	name, idx, ok := strings.Cut(target, "[")
	if !ok || !syntax.ValidName(name) || (idx != "@]" && idx != "*]") {
		return nil
	}
	return &syntax.ParamExp{Param: &syntax.Lit{Value: name},
		Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: idx[:1]}}}}
}
