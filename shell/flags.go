package shell

import (
	"context"
	"fmt"
	"maps"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// shellFlags are the `set` options nosh keeps itself because interp has no
// notion of them.
type shellFlags struct {
	interactive bool // i
	login       bool
	posix       bool
	hashall     bool // h
	braceexpand bool // B
	verbose     bool // v
	noclobber   bool // C
	monitor     bool // m
	notify      bool // b
	ignoreeof   bool
	vi, emacs   bool
	// modeChosen is set once vi or emacs was chosen by set -o, bind or
	// the configuration; until then the inputrc's editing-mode decides.
	modeChosen bool
	nolog      bool
	xtrace     bool // x: nosh traces commands itself (see builtin_xtrace.go)
	histexpand bool // H: ! history expansion, on in interactive shells
	dashC      bool // $- has c: the commands come from -c
	dashS      bool // $- has s: the commands come from standard input
}

// flagFor returns a pointer to one of nosh's own options by name, or nil.
func (f *shellFlags) byName(name string) *bool {
	switch name {
	case "hashall":
		return &f.hashall
	case "braceexpand":
		return &f.braceexpand
	case "verbose":
		return &f.verbose
	case "noclobber":
		return &f.noclobber
	case "monitor":
		return &f.monitor
	case "notify":
		return &f.notify
	case "ignoreeof":
		return &f.ignoreeof
	case "posix":
		return &f.posix
	case "vi":
		return &f.vi
	case "emacs":
		return &f.emacs
	case "nolog":
		return &f.nolog
	case "xtrace":
		return &f.xtrace
	case "histexpand":
		return &f.histexpand
	case "interactive-comments", "history", "keyword", "physical", "privileged",
		"functrace", "errtrace", "onecmd":
		// Accepted for compatibility; they change nothing in nosh.
		return new(bool)
	}
	return nil
}

func (f *shellFlags) byLetter(c byte) *bool {
	switch c {
	case 'h':
		return &f.hashall
	case 'B':
		return &f.braceexpand
	case 'v':
		return &f.verbose
	case 'C':
		return &f.noclobber
	case 'm':
		return &f.monitor
	case 'b':
		return &f.notify
	case 'x':
		return &f.xtrace
	case 'H':
		return &f.histexpand
	}
	return nil
}

// ownOptNames lists nosh's options for `set -o`.
var ownOptNames = []string{"braceexpand", "emacs", "hashall", "histexpand", "ignoreeof", "monitor",
	"noclobber", "nolog", "notify", "posix", "verbose", "vi", "xtrace"}

// builtinSet wraps interp's set: the options interp knows pass through,
// nosh's own are kept here, and `set -o`/`set +o` list both.
func builtinSet(ctx context.Context, c *call) error {
	if len(c.args) == 0 {
		c.listVars()
		return nil
	}
	var pass []string
	args := c.args
	listOn, listOff := false, false
	s := c.sh
	for len(args) > 0 {
		a := args[0]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			break
		}
		args = args[1:]
		on := a[0] == '-'
		for i := 1; i < len(a); i++ {
			ch := a[i]
			if ch == 'o' {
				if len(args) == 0 || strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "+") {
					if on {
						listOn = true
					} else {
						listOff = true
					}
					continue
				}
				name := args[0]
				args = args[1:]
				if p := s.flags.byName(name); p != nil {
					if name == "vi" || name == "emacs" {
						s.mu.Lock()
						current := *p
						s.mu.Unlock()
						switch {
						case on:
							// The two modes exclude each other.
							s.setEditingMode(name == "vi", true)
						case !current:
							// Turning off the mode not in use changes
							// nothing.
						case s.Interactive:
							// The editor needs a mode: the other one.
							s.setEditingMode(name != "vi", true)
						default:
							s.mu.Lock()
							*p = false
							s.mu.Unlock()
						}
						continue
					}
					s.mu.Lock()
					*p = on
					s.mu.Unlock()
					if on && p == &s.flags.xtrace {
						s.xtraceEver.Store(true)
					}
					continue
				}
				if !isInterpOpt(name) {
					return c.errorf(2, "%s: invalid option name", name)
				}
				pass = append(pass, string(a[0])+"o", name)
				continue
			}
			if p := s.flags.byLetter(ch); p != nil {
				s.mu.Lock()
				*p = on
				s.mu.Unlock()
				if on && p == &s.flags.xtrace {
					s.xtraceEver.Store(true)
				}
				continue
			}
			if strings.IndexByte("aefnu", ch) < 0 {
				return c.errorf(2, "%c%c: invalid option\nset: usage: set [-abefhmnuvxBCH] [-o option-name] [--] [arg ...]", a[0], ch)
			}
			pass = append(pass, string(a[0])+string(ch))
		}
	}
	if listOn || listOff {
		c.listOptions(listOn)
	}
	if len(args) > 0 || (len(c.args) == 0) {
		pass = append(pass, args...)
		if len(c.args) > 0 && args[0] != "--" && args[0] != "-" {
			pass = append(pass[:len(pass)-len(args)], append([]string{"--"}, args...)...)
		}
		if len(args) > 0 && args[0] == "-" {
			// `set -` ends options and turns off -x and -v.
			s.mu.Lock()
			s.flags.verbose = false
			s.flags.xtrace = false
			s.mu.Unlock()
		}
	}
	if len(pass) == 0 && len(c.args) > 0 {
		return nil
	}
	return c.builtin(ctx, append([]string{"set"}, pass...)...)
}

func isInterpOpt(name string) bool {
	for _, o := range interpunsafe.SetOptions() {
		if o.Name == name {
			return true
		}
	}
	return false
}

// listOptions prints every option as `set -o` (human) or `set +o`
// (re-readable) does in bash.
func (c *call) listOptions(human bool) {
	all := interpunsafe.SetOptionValues(c.r)
	c.sh.mu.Lock()
	for _, name := range ownOptNames {
		all[name] = *c.sh.flags.byName(name)
	}
	c.sh.mu.Unlock()
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if human {
			state := "off"
			if all[name] {
				state = "on"
			}
			fmt.Fprintf(c.stdout, "%-15s\t%s\n", name, state)
		} else {
			sign := "+"
			if all[name] {
				sign = "-"
			}
			fmt.Fprintf(c.stdout, "set %so %s\n", sign, name)
		}
	}
}

// dashFlags is the value of $-: interp's flags plus nosh's own.
// It lists the flags in bash's order, then c for -c and s for commands
// read from standard input.
func (s *Shell) dashFlags(r *interp.Runner) string {
	opts := interpunsafe.SetOptionValues(r)
	s.mu.Lock()
	f := s.flags
	s.mu.Unlock()
	var b []byte
	for _, x := range []struct {
		on bool
		c  byte
	}{{opts["allexport"], 'a'}, {f.notify, 'b'}, {opts["errexit"], 'e'}, {opts["noglob"], 'f'},
		{f.hashall, 'h'}, {f.interactive, 'i'}, {f.monitor, 'm'}, {opts["noexec"], 'n'},
		{opts["nounset"], 'u'}, {f.verbose, 'v'}, {f.xtrace, 'x'}, {f.braceexpand, 'B'},
		{f.noclobber, 'C'}, {f.histexpand, 'H'}, {f.dashC, 'c'}, {f.dashS, 's'}} {
		if x.on {
			b = append(b, x.c)
		}
	}
	return string(b)
}

// SetSource records where the shell reads its commands, for $-: a -c
// string (c) or standard input (s).
func (s *Shell) SetSource(command, stdin bool) {
	s.mu.Lock()
	s.flags.dashC, s.flags.dashS = command, stdin
	s.mu.Unlock()
}

func builtinDashFlags(ctx context.Context, c *call) error {
	flags := c.sh.dashFlags(c.r)
	if firstArg(c.args) == "-length" {
		fmt.Fprint(c.stdout, len(flags)) // ${#-}
		return nil
	}
	fmt.Fprint(c.stdout, flags)
	return nil
}

// rewrite adjusts a parsed statement before it runs, for what interp
// cannot be told through its handlers:
//   - $- becomes a call to a builtin that knows nosh's own flags;
//   - $0 reads BASH_ARGV0, which holds $0 as in bash (interp's own $0 is
//     only right when a whole file is run at once);
//   - $LINENO becomes the line it is on;
//   - escapes in words interp expands as one string are quoted
//     (see rewrite_escapes.go);
//   - statements that interp would run wrongly go to nosh builtins
//     (see rewriteStmt);
//   - with set -e, compound commands do not end the shell for a failure
//     set -e ignores (see errexit_compound.go).
func (s *Shell) rewrite(node syntax.Node) {
	var lw literalWords
	var funcBodies map[*syntax.Block]bool
	syntax.Walk(node, func(n syntax.Node) bool {
		lw.visit(n)
		// Whether set -e is on is only known when the code runs: a
		// function defined before set -e may run after it.
		if fd, ok := n.(*syntax.FuncDecl); ok {
			if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
				if funcBodies == nil {
					funcBodies = map[*syntax.Block]bool{}
				}
				funcBodies[b] = true
			}
		}
		rewriteErrexitBodies(n, funcBodies)
		switch n := n.(type) {
		case *syntax.Word:
			rewriteParts(n.Parts)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
		case *syntax.DblQuoted:
			rewriteParts(n.Parts)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
			rewriteQuotedBraces(n)
		case *syntax.ParamExp:
			s.rewriteParamExp(n)
		case *syntax.ArithmExp:
			rewriteArithmLineno(n.X)
		case *syntax.ArithmCmd:
			s.rewriteArithCmd(n)
		case *syntax.ForClause:
			s.rewriteArithFor(n)
		case *syntax.Assign:
			rewriteAssignTilde(n)
			s.seconds.noteAssign(n)
			s.rewriteNoshParams(n.Value)
		case *syntax.Redirect:
			s.rewriteNoshParams(n.Word)
			s.rewriteNoshParams(n.Hdoc)
		case *syntax.CaseClause:
			s.traceCompound(n)
			s.rewriteNoshParams(n.Word)
		case *syntax.CaseItem:
			for _, w := range n.Patterns {
				rewriteCollating(w)
			}
			s.hookCasePatterns(n)
		case *syntax.BinaryTest:
			if w, ok := n.X.(*syntax.Word); ok {
				s.rewriteNoshParams(w)
			}
			if w, ok := n.Y.(*syntax.Word); ok {
				s.rewriteNoshParams(w)
			}
			if w, ok := n.Y.(*syntax.Word); ok && (n.Op == syntax.TsMatch || n.Op == syntax.TsMatchShort || n.Op == syntax.TsNoMatch) {
				rewriteCollating(w)
			}
			s.rewriteTestArith(n)
			s.hookTestPattern(n)
		case *syntax.DeclClause:
			s.guardDecl(n)
			s.noteReadonly(n)
			s.hookPathAssigns(n.Args)
		case *syntax.Stmt:
			switch cmd := n.Cmd.(type) {
			case *syntax.LetClause:
				s.rewriteLet(n, cmd)
			case *syntax.CallExpr:
				s.hookPathAssigns(cmd.Assigns)
				s.guardAssignments(cmd)
				s.traceAssignments(n, cmd)
			case *syntax.ForClause:
				s.traceCompound(cmd)
				s.guardForLoop(n, cmd)
			case *syntax.FuncDecl:
				s.trackFuncDecl(cmd)
				s.guardFuncDef(n, cmd)
			}
			if n.Background || n.Disown {
				s.rewriteBackground(n)
			}
			s.wrapPipestatus(n)
			s.rewriteStmt(n)
		case *syntax.CmdSubst:
			s.rewriteCmdSubst(n)
		case *syntax.ProcSubst:
			guardProcSubst(n)
		}
		return true
	})
}

func rewriteParts(parts []syntax.WordPart) {
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Param == nil {
			continue
		}
		switch pe.Param.Value {
		case "!":
			rewriteBang(pe)
		case "0":
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "BASH_ARGV0"}
		case "LINENO":
			if isPlainParam(pe) {
				parts[i] = &syntax.Lit{ValuePos: pe.Pos(), ValueEnd: pe.End(), Value: strconv.Itoa(int(pe.Pos().Line()))}
			}
		case "-":
			plain := isPlainParam(pe)
			length := !plain && pe.Length && pe.Index == nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil
			if plain || length {
				args := []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: sentinel + internalFlags}}}}
				if length {
					args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "-length"}}})
				}
				parts[i] = &syntax.CmdSubst{
					Left:  pe.Pos(),
					Right: pe.End(),
					Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: args}}},
				}
			}
		}
	}
}

func isPlainParam(pe *syntax.ParamExp) bool { return fields.IsPlainParam(pe) }

// SetArg0 sets $0. It writes the variable directly: an assignment run
// as a statement would go through the statement machinery (parsing,
// signal set-up, traps) before the shell has run anything.
func (s *Shell) SetArg0(name string) {
	env := *interpunsafe.WriteEnv(s.Runner)
	env.Set("BASH_ARGV0", expand.Variable{Set: true, Kind: expand.String, Str: name})
	// interp copies its variables into Runner.Vars after each statement,
	// and nosh reads them there between statements (varsEnviron): an
	// interactive shell reads them before its first statement (the prompt,
	// the AI's permission gate), so copy them as that statement would.
	if s.Interactive {
		maps.Insert(s.Runner.Vars, env.Each)
	}
}

// runQuoted runs prefix followed by each arg quoted as one word, e.g.
// runQuoted(ctx, "set ", "-e") or runQuoted(ctx, "x=", value).
func (s *Shell) runQuoted(ctx context.Context, prefix string, args ...string) (exit bool, status int) {
	f, ok := s.quotedStmt(prefix, args...)
	if !ok {
		return false, 2
	}
	return s.RunStmt(ctx, f)
}

// runQuotedOn is runQuoted on another runner (a subshell's).
func (s *Shell) runQuotedOn(ctx context.Context, r *interp.Runner, prefix string, args ...string) int {
	f, ok := s.quotedStmt(prefix, args...)
	if !ok {
		return 2
	}
	return max(exitStatusOf(r.Run(ctx, f)), 0)
}

// quotedStmt parses prefix followed by each arg quoted as one word.
func (s *Shell) quotedStmt(prefix string, args ...string) (*syntax.Stmt, bool) {
	src := prefix
	for i, a := range args {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return nil, false
		}
		if i > 0 {
			src += " "
		}
		src += q
	}
	f, err := s.Parser().Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	return f.Stmts[0], true
}

// SetOptions applies command-line options such as -e or -o pipefail.
func (s *Shell) SetOptions(ctx context.Context, opts []string) (exit bool, status int) {
	return s.runQuoted(ctx, "set ", opts...)
}

// ShoptOptions applies the -O and +O options of the command line, pairs
// of "-s" or "-u" and a name ("-O" or "+O" alone lists the options). An
// invalid name is a usage error (status 2), as in bash.
func (s *Shell) ShoptOptions(ctx context.Context, opts []string) int {
	for i := 0; i < len(opts); i++ {
		switch opts[i] {
		case "-O", "+O":
			flag := "-p"
			if opts[i] == "-O" {
				flag = ""
			}
			args := []string{}
			if flag != "" {
				args = append(args, flag)
			}
			s.runQuoted(ctx, "shopt ", args...)
			continue
		}
		if _, st := s.runQuoted(ctx, "shopt ", opts[i], opts[i+1]); st != 0 {
			return 2
		}
		i++
	}
	return 0
}
