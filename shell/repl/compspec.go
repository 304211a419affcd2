package repl

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/builtins"
	"nosh/shell/complete"
	"nosh/shell/internal/interpunsafe"
)

// Programmable completion as bash's: `complete` defines how a command's
// arguments complete (word lists, actions, a shell function or command,
// globs, filters), `compgen` prints what a definition produces, and
// `compopt` changes options. Definitions feed nosh's Tab completion ahead
// of its own knowledge of commands.

// compSpec is one completion definition.
type compSpec struct {
	actions        []string // compgen -A actions, in order
	wordlist       string   // -W, expanded when used
	function       string   // -F
	command        string   // -C
	glob           string   // -G
	filter         string   // -X
	prefix, suffix string   // -P, -S
	options        map[string]bool
}

// compOptions are the names -o takes.
func compOptions() map[string]bool {
	compOptionsOnce.Do(func() { compOptionsValue = makeCompOptions() })
	return compOptionsValue
}

var (
	compOptionsOnce  sync.Once
	compOptionsValue map[string]bool
)

func makeCompOptions() map[string]bool {
	return map[string]bool{"bashdefault": true, "default": true, "dirnames": true,
		"filenames": true, "noquote": true, "nosort": true, "nospace": true, "plusdirs": true}
}

// compSpecs is the shell's table: by command name, plus -D (default) and
// -E (empty line) as "\x00D" and "\x00E".
type compSpecs struct {
	specs map[string]*compSpec
	// current is the definition a completion function is running for,
	// which compopt without names changes.
	current *compSpec
	// nested is set while compgen runs (inside a statement).
	nested bool
}

const (
	compDefault = "\x00D"
	compEmpty   = "\x00E"
	compInitial = "\x00I"
)

// Options of complete, compgen and compopt, as bash's (compopt's leading
// '+' lets +o turn a completion option off; a +x word is complete's and
// compgen's first operand).
const (
	completeSpec = "abcdefgjksuvprDEIo:A:G:W:F:C:X:P:S:"
	compgenSpec  = "abcdefgjksuvVo:A:G:W:F:C:X:P:S:"
	compoptSpec  = "+DEIo:"
)

// parseCompArgs parses the options complete, compgen and compopt share,
// under spec. It returns the definition, the operands, and the
// -p/-r/-D/-E/-I flags.
func (c *call) parseCompArgs(spec string) (sp *compSpec, names []string, flags string, err error) {
	sp = &compSpec{options: map[string]bool{}}
	g := builtins.NewGetopt(spec, c.Args)
	for g.Next() {
		ch, arg := g.Opt, g.Arg
		switch {
		case g.Plus && ch != 'o':
			return nil, nil, "", c.BadOption(&builtins.OptionError{Opt: ch, Plus: true})
		case complete.ActionLetters[ch] != "":
			sp.actions = append(sp.actions, complete.ActionLetters[ch])
		case ch == 'A':
			if _, ok := (&complete.Completer{Env: editorEnv{c.sh}}).Action(arg, "\x00"); !ok {
				return nil, nil, "", c.Errorf(2, "%s: invalid action name", arg)
			}
			sp.actions = append(sp.actions, arg)
		case ch == 'o':
			if !compOptions()[arg] {
				return nil, nil, "", c.Errorf(2, "%s: invalid option name", arg)
			}
			sp.options[arg] = !g.Plus
		case ch == 'G':
			sp.glob = arg
		case ch == 'W':
			sp.wordlist = arg
		case ch == 'F':
			sp.function = arg
		case ch == 'C':
			sp.command = arg
		case ch == 'X':
			sp.filter = arg
		case ch == 'P':
			sp.prefix = arg
		case ch == 'S':
			sp.suffix = arg
		case ch == 'V':
			// compgen -V varname: store in an array (bash 5.3).
			return nil, nil, "", c.Errorf(2, "-V: not supported")
		default:
			flags += string(ch)
		}
	}
	if err := g.Err(); err != nil {
		return nil, nil, "", c.BadOption(err)
	}
	return sp, g.Rest(), flags, nil
}

// specialCompNames are the table keys -D, -E and -I in flags stand for.
func specialCompNames(flags string) []string {
	var names []string
	for flag, name := range map[byte]string{'D': compDefault, 'E': compEmpty, 'I': compInitial} {
		if strings.IndexByte(flags, flag) >= 0 {
			names = append(names, name)
		}
	}
	return names
}

func builtinComplete(ctx context.Context, c *call) error {
	sp, names, flags, err := c.parseCompArgs(completeSpec)
	if err != nil {
		return err
	}
	names = append(names, specialCompNames(flags)...)
	cs := &c.sh.comp
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	if cs.specs == nil {
		cs.specs = map[string]*compSpec{}
	}
	switch {
	case strings.Contains(flags, "r"):
		if len(names) == 0 {
			clear(cs.specs)
		}
		for _, n := range names {
			delete(cs.specs, n)
		}
		return nil
	case strings.Contains(flags, "p") || len(c.Args) == 0:
		if len(names) == 0 {
			names = slices.Sorted(maps.Keys(cs.specs))
		}
		var out strings.Builder
		status := 0
		for _, n := range names {
			s, ok := cs.specs[n]
			if !ok {
				fmt.Fprintf(c.Stderr, "%s: complete: %s: no completion specification\n", c.sh.Name, n)
				status = 1
				continue
			}
			out.WriteString(s.String(n) + "\n")
		}
		c.WriteOut(out.String())
		if status != 0 {
			return interp.ExitStatus(status)
		}
		return nil
	}
	if len(names) == 0 {
		return c.Usage(builtins.Synopsis(c.Name))
	}
	for _, n := range names {
		cs.specs[n] = sp
	}
	return nil
}

// String prints a definition as `complete -p` does.
func (sp *compSpec) String(name string) string {
	parts := []string{"complete"}
	for _, o := range slices.Sorted(maps.Keys(sp.options)) {
		if sp.options[o] {
			parts = append(parts, "-o", o)
		}
	}
	letters := map[string]byte{}
	for l, a := range complete.ActionLetters {
		if a != "" {
			letters[a] = byte(l)
		}
	}
	for _, a := range sp.actions {
		if l, ok := letters[a]; ok {
			parts = append(parts, "-"+string(l))
		} else {
			parts = append(parts, "-A", a)
		}
	}
	for _, f := range []struct{ flag, val string }{{"-G", sp.glob}, {"-W", sp.wordlist},
		{"-X", sp.filter}, {"-P", sp.prefix}, {"-S", sp.suffix}, {"-F", sp.function}, {"-C", sp.command}} {
		if f.val != "" {
			q := f.val
			if f.flag != "-F" {
				q = singleQuote(f.val)
			}
			parts = append(parts, f.flag, q)
		}
	}
	switch name {
	case compDefault:
		parts = append(parts, "-D")
	case compEmpty:
		parts = append(parts, "-E")
	case compInitial:
		parts = append(parts, "-I")
	default:
		q, err := syntax.Quote(name, syntax.LangBash)
		if err != nil {
			q = name
		}
		parts = append(parts, q)
	}
	return strings.Join(parts, " ")
}

func builtinCompgen(ctx context.Context, c *call) error {
	sp, args, _, err := c.parseCompArgs(compgenSpec)
	if err != nil {
		return err
	}
	word := ""
	if len(args) > 0 {
		word = args[0]
	}
	q := complete.UserQuery{Words: []string{""}, Current: word, Line: word, Cursor: len(word)}
	c.sh.comp.nested = true
	res := c.sh.generate(ctx, c.R, sp, q).UserResult
	c.sh.comp.nested = false
	if len(res.Words) == 0 {
		return interp.ExitStatus(1)
	}
	c.WriteOut(strings.Join(res.Words, "\n") + "\n")
	return nil
}

func builtinCompopt(ctx context.Context, c *call) error {
	sp, names, flags, err := c.parseCompArgs(compoptSpec)
	if err != nil {
		return err
	}
	names = append(names, specialCompNames(flags)...)
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	var targets []*compSpec
	if len(names) == 0 {
		if c.sh.comp.current == nil {
			return c.Errorf(1, "not currently executing completion function")
		}
		targets = append(targets, c.sh.comp.current)
	}
	for _, n := range names {
		t, ok := c.sh.comp.specs[n]
		if !ok {
			return c.Errorf(1, "%s: no completion specification", n)
		}
		targets = append(targets, t)
	}
	for _, t := range targets {
		for o, on := range sp.options {
			t.options[o] = on
		}
	}
	return nil
}

// userCompletion is the completer's hook for definitions made with
// complete: the one for the command (by name, then by base name), else
// -D's; -E's on an empty line.
func (se *session) userCompletion(ctx context.Context, q complete.UserQuery) (complete.UserResult, bool) {
	s := se.sh
	s.mu.Lock()
	var sp *compSpec
	name := ""
	if len(q.Words) > 0 {
		name = q.Words[0]
	}
	for _, key := range []string{name, filepath.Base(name), compDefault} {
		if key != "" && s.comp.specs[key] != nil {
			sp = s.comp.specs[key]
			break
		}
	}
	s.mu.Unlock()
	if sp == nil {
		return complete.UserResult{}, false
	}
	res := s.generate(ctx, s.Runner, sp, q)
	if res.retry {
		// The function returned 124, having defined the command's
		// completion (bash-completion's loader does): use that, once.
		s.mu.Lock()
		again := s.comp.specs[name]
		s.mu.Unlock()
		if again != nil && again != sp {
			res = s.generate(ctx, s.Runner, again, q)
		}
	}
	return res.UserResult, true
}

// generate produces what sp offers for q, as bash's programmable
// completion does: actions, the glob, the word list, the function's
// COMPREPLY and the command's output lines, then the filter, prefix and
// suffix.
func (s *Shell) generate(ctx context.Context, r *interp.Runner, sp *compSpec, q complete.UserQuery) generated {
	// The function may change the options with compopt: it works on a
	// copy, so that the definition stays as it was.
	run := *sp
	run.options = make(map[string]bool, len(sp.options))
	for k, v := range sp.options {
		run.options[k] = v
	}
	cur := q.Current
	var words []string
	comp := complete.New(editorEnv{s})
	comp.Shopts = s.ShoptNames()
	for _, a := range run.actions {
		w, _ := comp.Action(a, cur)
		words = append(words, w...)
	}
	if run.glob != "" {
		matches, _ := filepath.Glob(filepath.Join(s.Dir(), run.glob))
		for _, m := range matches {
			if rel, err := filepath.Rel(s.Dir(), m); err == nil && !filepath.IsAbs(run.glob) {
				m = rel
			}
			words = append(words, m)
		}
	}
	if run.wordlist != "" {
		for _, w := range s.expandWordlist(ctx, r, run.wordlist) {
			if strings.HasPrefix(w, cur) {
				words = append(words, w)
			}
		}
	}
	retry, emptyFunction := false, false
	if run.function != "" {
		var fw []string
		fw, retry = s.runCompFunction(ctx, r, &run, q)
		words = append(words, fw...)
		emptyFunction = len(fw) == 0
	}
	if run.command != "" {
		words = append(words, s.runCompCommand(ctx, r, run.command, q)...)
	}
	if run.filter != "" {
		words = filterWords(words, run.filter, cur)
	}
	if run.prefix != "" || run.suffix != "" {
		for i, w := range words {
			words[i] = run.prefix + w + run.suffix
		}
	}
	if run.options["plusdirs"] {
		d, _ := comp.Action("directory", cur)
		words = append(words, d...)
	}
	if !run.options["nosort"] {
		sort.Strings(words)
	}
	return generated{complete.UserResult{
		Words:     words,
		NoSpace:   run.options["nospace"],
		Filenames: run.options["filenames"] || run.options["dirnames"] || run.options["plusdirs"],
		NoQuote:   run.options["noquote"],
		// A function that found nothing falls back to nosh's own
		// completion, where bash would offer nothing: functions written
		// for bash (bash-completion's) may rely on what nosh's
		// interpreter does differently, and Tab must still work.
		Fallback: run.options["default"] || run.options["bashdefault"] || emptyFunction,
		Dirs:     run.options["dirnames"],
	}, retry}
}

// generated is what a definition produced; retry is set when its
// function returned 124, asking for the completion to be tried again.
type generated struct {
	complete.UserResult
	retry bool
}

// expandWordlist expands -W's argument as bash does: expansions, then
// splitting on IFS.
func (s *Shell) expandWordlist(ctx context.Context, r *interp.Runner, list string) []string {
	f, err := s.Parser().Parse(strings.NewReader(": "+list), "")
	if err != nil || len(f.Stmts) != 1 {
		return strings.Fields(list)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return strings.Fields(list)
	}
	interpunsafe.FillExpandConfig(r, ctx)
	fields, err := expand.Fields(interpunsafe.ExpandConfig(r), call.Args[1:]...)
	if err != nil {
		return nil
	}
	return fields
}

// filterWords drops the words matching pattern (or, with a leading !,
// those not matching); & in pattern stands for the word being completed.
func filterWords(words []string, pat, cur string) []string {
	negate := strings.HasPrefix(pat, "!")
	pat = strings.TrimPrefix(pat, "!")
	pat = strings.ReplaceAll(pat, "&", pattern.QuoteMeta(cur, 0))
	out := words[:0]
	for _, w := range words {
		if matchPattern(pat, w) == negate {
			out = append(out, w)
		}
	}
	return out
}

// compWords sets COMP_WORDS and the other COMP_ variables a completion
// function reads, and returns the command, current and previous words.
func setCompVars(r *interp.Runner, q complete.UserQuery) (cmd, cur, prev string) {
	words := append(append([]string(nil), q.Words...), q.Current)
	cword := len(words) - 1
	interpunsafe.SetVar(r, "COMP_WORDS", expand.Variable{Set: true, Kind: expand.Indexed, List: words})
	for name, val := range map[string]string{"COMP_CWORD": strconv.Itoa(cword), "COMP_LINE": q.Line,
		"COMP_POINT": strconv.Itoa(q.Cursor), "COMP_TYPE": "9", "COMP_KEY": "9"} {
		interpunsafe.SetVar(r, name, expand.Variable{Set: true, Kind: expand.String, Str: val})
	}
	prev = ""
	if cword > 0 {
		prev = words[cword-1]
	}
	return words[0], q.Current, prev
}

// runCompFunction runs a -F function and returns its COMPREPLY, and
// whether it returned 124.
func (s *Shell) runCompFunction(ctx context.Context, r *interp.Runner, sp *compSpec, q complete.UserQuery) ([]string, bool) {
	if r.Funcs[sp.function] == nil {
		return nil, false
	}
	cmd, cur, prev := setCompVars(r, q)
	interpunsafe.DelVar(r, "COMPREPLY")
	s.mu.Lock()
	s.comp.current = sp
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.comp.current = nil
		s.mu.Unlock()
	}()
	status := s.runQuietly(ctx, r, sp.function, cmd, cur, prev)
	vr := interpunsafe.LookupVar(r, "COMPREPLY")
	switch vr.Kind {
	case expand.Indexed:
		return append([]string(nil), vr.List...), status == 124
	case expand.String:
		if vr.Str != "" {
			return []string{vr.Str}, status == 124
		}
	}
	return nil, status == 124
}

// runCompCommand runs a -C command and returns its output lines.
func (s *Shell) runCompCommand(ctx context.Context, r *interp.Runner, command string, q complete.UserQuery) []string {
	cmd, cur, prev := setCompVars(r, q)
	const out = "__nosh_comp_out"
	src := out + "=$(" + command
	for _, a := range []string{cmd, cur, prev} {
		qa, _ := syntax.Quote(a, syntax.LangBash)
		src += " " + qa
	}
	src += " </dev/null 2>/dev/null)"
	s.runSource(ctx, r, src)
	text := interpunsafe.LookupVar(r, out).String()
	interpunsafe.DelVar(r, out)
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// runQuietly runs name with args in r, its input and output on
// /dev/null: a completion must not write over the line being edited.
func (s *Shell) runQuietly(ctx context.Context, r *interp.Runner, name string, args ...string) int {
	src := name
	for _, a := range args {
		qa, _ := syntax.Quote(a, syntax.LangBash)
		src += " " + qa
	}
	return s.runSource(ctx, r, src+" </dev/null >/dev/null 2>&1")
}

// runSource runs shell code in r, as a completion does
// (shell.RunSource): inside the statement under way from compgen.
func (s *Shell) runSource(ctx context.Context, r *interp.Runner, src string) (status int) {
	return s.RunSource(ctx, r, src, s.comp.nested)
}

// completionBuiltins registers complete, compgen and compopt.
func completionBuiltins(m map[string]func(context.Context, *call) error) {
	m["complete"] = builtinComplete
	m["compgen"] = builtinCompgen
	m["compopt"] = builtinCompopt
}

// singleQuote quotes s in single quotes, as complete -p prints words.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
