package analysis

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The walk visits every node that can run something. It is written out
// by hand rather than with syntax.Walk so that it knows what feeds each
// command's standard input and which pipeline stage a unit is in.

func (a *Analyzer) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		a.stmt(s)
	}
}

func (a *Analyzer) stmt(s *syntax.Stmt) {
	if s == nil {
		return
	}
	if s.Background || s.Coprocess || s.Disown {
		a.find(KindBackground, a.pos(s.Pos()), "&", "&", "keeps running in the background after the approved command")
		a.bgs++
		defer func() { a.bgs-- }()
		// It runs in a subshell: what it changes stays there.
		defer a.restoreValues(a.saveValues())
	}
	a.shellExecRedirs(s)
	saved := a.stdin
	start := len(a.Units)
	sinkStart := -1
	for _, r := range s.Redirs {
		if r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob {
			if sinkStart < 0 {
				sinkStart = len(a.Units)
			}
		}
		a.redirect(r)
	}
	sinks := sinkStart >= 0 && a.stdinCodeSince(sinkStart)
	cmdStart := len(a.Units)
	a.writes = a.writes[:0]
	for _, r := range s.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
			if w, ok := StaticWord(r.Word); ok {
				a.writes = append(a.writes, Word{Value: w})
			}
		}
	}
	a.command(s.Cmd)
	a.writes = a.writes[:0]
	a.stdin = saved
	// curl … > >(sh): the download is written into a shell.
	if sinks && a.downloadBetween(cmdStart, len(a.Units)) {
		a.catastrophe(start, "runs a downloaded script")
	}
}

// command walks one command of a statement, by its kind.
func (a *Analyzer) command(cmd syntax.Command) {
	switch c := cmd.(type) {
	case nil:
	case *syntax.CallExpr:
		a.call(c)
	case *syntax.Block:
		a.stmts(c.Stmts)
	case *syntax.Subshell:
		a.inSubshell(func() { a.stmts(c.Stmts) })
	case *syntax.IfClause:
		a.ifClause(c)
	case *syntax.WhileClause:
		a.forgetChangedIn(c.Cond)
		a.forgetChangedIn(c.Do)
		a.stmts(c.Cond)
		a.stmts(c.Do)
	case *syntax.ForClause:
		a.forClause(c)
	case *syntax.CaseClause:
		a.caseClause(c)
	case *syntax.BinaryCmd:
		a.binary(c)
	case *syntax.FuncDecl:
		a.funcDecl(c)
	case *syntax.ArithmCmd:
		a.nested(c.X)
	case *syntax.TestClause:
		a.testClause(c)
	case *syntax.DeclClause:
		a.decl(c)
	case *syntax.LetClause:
		a.letClause(c)
	case *syntax.TimeClause:
		a.find(KindWrapper, a.pos(c.Pos()), "time", "time", "wrapper: runs the command after it")
		a.stmt(c.Stmt)
	case *syntax.CoprocClause:
		a.find(KindBackground, a.pos(c.Pos()), "coproc", "coproc", "keeps running in the background after the approved command")
		if c.Name != nil {
			a.word(c.Name)
		}
		a.bgs++
		a.stmt(c.Stmt)
		a.bgs--
	case *syntax.TestDecl:
		a.word(c.Description)
		a.stmt(c.Body)
	default:
		a.find(KindUnparsed, a.pos(cmd.Pos()), a.source(cmd), a.source(cmd), "construct the permission check does not know")
	}
}

// ifClause walks the branches; the values after it are what the taken
// branch leaves, whichever it is.
func (a *Analyzer) ifClause(c *syntax.IfClause) {
	// What the taken branch leaves, whichever it is.
	var ends []valueState
	for ; c != nil; c = c.Else {
		a.stmts(c.Cond)
		before := a.saveValues()
		a.stmts(c.Then)
		ends = append(ends, a.saveValues())
		a.restoreValues(before)
		if c.Else == nil && len(c.Cond) > 0 {
			ends = append(ends, a.saveValues()) // no branch taken
		}
	}
	a.joinAll(ends)
}

// forClause walks a loop's body once, with the loop variable holding
// the most dangerous of the values it takes.
func (a *Analyzer) forClause(c *syntax.ForClause) {
	a.forgetChangedIn(c.Do)
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		if l.Name != nil {
			a.forget(l.Name.Value)
			// Tested first so that the text is built only when used.
			if _, ok := DangerousVar(l.Name.Value); ok {
				a.assignName(l.Name.Value, a.pos(l.Name.Pos()), "for "+l.Name.Value)
			}
			a.shellVar(l.Name.Value, a.pos(l.Name.Pos()), "for "+l.Name.Value)
		}
		var first, dangerous string
		known := true
		for _, w := range l.Items {
			wv := a.word(w)
			v, ok := a.Resolve(wv)
			switch {
			case !ok:
				known = false
			case first == "":
				first = v
			}
			if _, danger := a.DangerTarget(wv); ok && danger && dangerous == "" {
				dangerous = v
			}
		}
		// The body is analysed once, with the loop variable holding
		// the most dangerous of the values it takes.
		if l.Name != nil {
			switch {
			case dangerous != "":
				a.setVar(l.Name.Value, dangerous)
			case known && first != "":
				a.setVar(l.Name.Value, first)
			default:
				a.forget(l.Name.Value)
			}
		}
	case *syntax.CStyleLoop:
		a.nested(l.Init)
		a.nested(l.Cond)
		a.nested(l.Post)
	}
	a.stmts(c.Do)
}

// caseClause walks every branch; the values after it are what any
// branch (or none) leaves.
func (a *Analyzer) caseClause(c *syntax.CaseClause) {
	a.word(c.Word)
	ends := []valueState{a.saveValues()} // no pattern matched
	for _, item := range c.Items {
		for _, p := range item.Patterns {
			a.word(p)
		}
		before := a.saveValues()
		a.stmts(item.Stmts)
		ends = append(ends, a.saveValues())
		a.restoreValues(before)
	}
	a.joinAll(ends)
}

// testClause walks [[ ]], whose names may hold subscripts that run
// commands.
func (a *Analyzer) testClause(c *syntax.TestClause) {
	syntax.Walk(c.X, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			// [[ -v 'a[$(cmd)]' ]], [[ $x -eq 0 ]] with such a value
			if v, ok := StaticWord(w); ok && subscriptCode(v) {
				a.find(KindEval, a.pos(w.Pos()), v, v, "a subscript that runs a command when [[ ]] reads it as a name")
			}
			return false
		}
		return true
	})
	a.nested(c.X)
}

// letClause walks let's arithmetic.
func (a *Analyzer) letClause(c *syntax.LetClause) {
	for _, e := range c.Exprs {
		if w, ok := e.(*syntax.Word); ok {
			// let 'a[$(cmd)]=1': the quoted text is arithmetic.
			if v, ok := StaticWord(w); ok && subscriptCode(v) {
				a.find(KindEval, a.pos(w.Pos()), v, v, "arithmetic with a subscript that runs a command")
			} else if !ok && a.InShell {
				// let "$v=0": arithmetic computed at run time may
				// assign any variable.
				a.find(KindAssign, a.pos(w.Pos()), a.source(w), a.source(w), "arithmetic computed at run time, which may assign any variable in your shell")
			}
		}
		a.nested(e)
	}
}

func (a *Analyzer) binary(c *syntax.BinaryCmd) {
	if c.Op != syntax.Pipe && c.Op != syntax.PipeAll {
		a.stmt(c.X)
		a.stmt(c.Y)
		return
	}
	start := len(a.Units)
	a.pipes++
	// Each stage runs in a subshell.
	a.inSubshell(func() { a.stmt(c.X) })
	mid := len(a.Units)
	// The right-hand side reads the pipe, not whatever fed the
	// pipeline's own standard input.
	saved := a.stdin
	a.stdin = StdinInfo{download: a.downloadBetween(start, mid), Piped: true}
	if mid == start+1 {
		a.stdin.Code, a.stdin.Known = a.printedText(a.Units[start])
		if a.stdin.Known {
			if what, ok := a.DangerTarget(Word{Value: strings.TrimSpace(a.stdin.Code)}); ok {
				a.stdin.Danger = what
			}
		}
	}
	if mid > start {
		if u := a.Units[start]; u.Catastrophe == "" {
			if b, _ := u.Base(); b == "find" {
				// find / | xargs rm: the paths are everything under /.
				for _, w := range u.Argv()[1:] {
					if w.IsStatic() && strings.HasPrefix(w.Value, "-") {
						if w.Value == "-H" || w.Value == "-L" || w.Value == "-P" || strings.HasPrefix(w.Value, "-O") {
							continue
						}
						break
					}
					if what, ok := a.DangerTarget(w); ok {
						a.stdin.Danger = what
						break
					}
				}
			}
		}
	}
	a.inSubshell(func() { a.stmt(c.Y) })
	a.stdin = saved
	a.pipes--
	if a.downloadBetween(start, mid) {
		for i := mid; i < len(a.Units); i++ {
			if a.Units[i].StdinCode && a.Units[i].Catastrophe == "" {
				a.Units[i].Catastrophe = "runs a script downloaded earlier in the pipeline"
			}
		}
	}
}

// printedText returns what an echo or printf of static words writes, as
// near as matters for reading it as code, and whether it is known.
func (a *Analyzer) printedText(u Unit) (string, bool) {
	name, ok := u.Name()
	ws := u.Argv()
	if !ok || len(ws) < 1 || name != "echo" && name != "printf" {
		return "", false
	}
	args := make([]string, 0, len(ws)-1)
	for _, w := range ws[1:] {
		v, ok := a.Resolve(w) // echo ~, echo "$d"
		if !ok {
			return "", false
		}
		args = append(args, a.ExpandHome(v))
	}
	switch name {
	case "echo":
		for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-E" || args[0] == "-ne" || args[0] == "-en") {
			args = args[1:]
		}
		return unescapeC(strings.Join(args, " ")) + "\n", true
	case "printf":
		if len(args) == 0 {
			return "", false
		}
		// The format, then the arguments: %s and the like become them
		// in the shell; joining keeps every word for the analysis.
		return unescapeC(strings.Join(args, "\n")) + "\n", true
	}
	return "", false
}

// unescapeC turns the backslash escapes echo -e and printf know that
// separate commands (\n, \t) into their characters.
func unescapeC(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	return strings.NewReplacer("\\n", "\n", "\\t", "\t", "\\\\", "\\").Replace(s)
}

// BindPositional sets $0 (with zero), $1… to the static values of ws
// for the analysis of code they are passed to, and returns what puts
// the previous values back.
func (a *Analyzer) BindPositional(ws []Word, zero bool) func() {
	saved := make(map[string]*string)
	set := func(name string, w Word) {
		if _, done := saved[name]; !done {
			if old, ok := a.vars[name]; ok {
				saved[name] = &old
			} else {
				saved[name] = nil
			}
		}
		if v, ok := a.Resolve(w); ok {
			a.setVar(name, v)
		} else {
			a.forget(name)
		}
	}
	n := 1
	var all []string
	allKnown := true
	for i, w := range ws {
		if i == 0 && zero {
			set("0", w)
			continue
		}
		if v, ok := a.Resolve(w); ok {
			all = append(all, v)
		} else {
			allKnown = false
		}
		if n > 9 {
			continue
		}
		set(strconv.Itoa(n), w)
		n++
	}
	for _, name := range []string{"@", "*"} {
		if allKnown {
			set(name, Word{Value: strings.Join(all, " ")})
		} else {
			set(name, Word{Kind: Fields})
		}
	}
	return func() {
		for name, old := range saved {
			if old == nil {
				a.unsetVar(name)
			} else {
				a.setVar(name, *old)
			}
		}
	}
}

func (a *Analyzer) funcDecl(c *syntax.FuncDecl) {
	names := c.Names
	if c.Name != nil {
		names = append([]*syntax.Lit{c.Name}, names...)
	}
	label := "function"
	for _, n := range names {
		if a.funcs == nil {
			a.funcs = make(map[string]bool)
		}
		a.funcs[n.Value] = true
		if a.bodies == nil {
			a.bodies = make(map[string]*syntax.Stmt)
		}
		a.bodies[n.Value] = c.Body
		a.find(KindFuncDef, a.pos(c.Pos()), n.Value+"()", n.Value, "defines a function, which changes what later commands run")
		a.funcStack = append(a.funcStack, funcFrame{name: n.Value, pipes: a.pipes, bgs: a.bgs})
		label = "function " + n.Value
	}
	a.push(label)
	// Defining runs nothing; a call may change what the body changes.
	before := a.saveValues()
	a.stmt(c.Body)
	e := a.effectsSince(before)
	a.restoreValues(before)
	if a.effects == nil {
		a.effects = make(map[string]funcEffects)
	}
	for _, n := range names {
		a.effects[n.Value] = e
	}
	a.pop()
	a.funcStack = a.funcStack[:len(a.funcStack)-len(names)]
}

// redirect analyses one redirection of a statement, updating what feeds
// the standard input of its command.
func (a *Analyzer) redirect(r *syntax.Redirect) {
	start := len(a.Units)
	w := a.word(r.Word)
	if r.Hdoc != nil {
		a.nested(r.Hdoc)
	}
	dl := a.downloadSince(start)
	a.agentDevice(r, w)
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob, syntax.RdrInOut:
		if r.Op == syntax.RdrInOut && r.N != nil && w.IsStatic() && strings.HasPrefix(w.Value, "/dev/tcp/") {
			a.MarkFetched("/dev/fd/" + r.N.Value) // exec 3<>/dev/tcp/host/80
		}
		a.write(r, w)
	case syntax.DplOut:
		if w.IsStatic() && (w.Value == "-" || IsFD(w.Value)) {
			return
		}
		a.write(r, w)
	case syntax.RdrIn, syntax.DplIn:
		// < /dev/tcp/host/port reads from the network (bash); so does
		// <&3 after exec 3< <(curl …).
		net := w.IsStatic() && (strings.HasPrefix(w.Value, "/dev/tcp/") || strings.HasPrefix(w.Value, "/dev/udp/") ||
			r.Op == syntax.DplIn && a.isFetched("/dev/fd/"+w.Value))
		if r.N != nil && r.N.Value != "0" && (dl || net) {
			// 3< <(curl …): the download is readable as /dev/fd/3.
			a.MarkFetched("/dev/fd/" + r.N.Value)
			break
		}
		if r.Op == syntax.DplIn && !net {
			break
		}
		a.stdin = StdinInfo{download: dl || net, Redirected: true}
	case syntax.Hdoc, syntax.DashHdoc:
		a.stdin = StdinInfo{Here: true, download: dl}
		if r.Hdoc != nil {
			a.stdin.Code, a.stdin.Known = StaticWord(r.Hdoc)
		} else {
			a.stdin.Known = true
		}
	case syntax.WordHdoc:
		a.stdin = StdinInfo{Here: true, download: dl}
		if w.IsStatic() && subscriptCode(w.Value) {
			a.find(KindEval, a.pos(r.Pos()), w.Value, w.Value, "a subscript that runs a command when the value read is used as a name or in arithmetic")
		}
		// <<< "$HOME": what is read is known when the word's value is.
		if v, ok := a.Resolve(w); ok {
			a.stdin.Code, a.stdin.Known = v+"\n", true
			if what, ok := a.DangerTarget(Word{Value: strings.TrimSpace(v)}); ok {
				a.stdin.Danger = what
			}
		}
	}
}

// IsFD reports whether s is a file descriptor number.
func IsFD(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// write records a redirection that writes to a file.
func (a *Analyzer) write(r *syntax.Redirect, w Word) {
	p := a.pos(r.Pos())
	text := a.source(r)
	if w.IsStatic() && HarmlessWrite(w.Value) {
		return
	}
	a.addTarget(w, WriteFile, false, nil, true)
	if a.Writable != nil {
		if p, ok := a.Absolute(w); ok && !strings.ContainsAny(p, "*?[") && a.Writable(p) && !IsDiskDevice(p) {
			if _, sensitive := a.Sensitive(Word{Value: p}); !sensitive {
				return // the sandbox lets any program write it
			}
		}
	}
	if w.IsStatic() {
		if IsDiskDevice(w.Value) {
			a.find(KindCatastrophic, p, text, w.Value, "writes onto a disk device")
			return
		}
		a.find(KindRedirect, p, text, w.Value, "writes to a file")
		return
	}
	a.findings = append(a.findings, Finding{Kind: KindRedirect, Pos: p, Text: text, Key: w.Value,
		Reason: "writes to a file whose name is computed", Computed: true, Node: w.Node})
	if v, ok := a.Resolve(w); ok && IsDiskDevice(v) {
		a.find(KindCatastrophic, p, text, v, "writes onto a disk device")
	}
}

// HarmlessWrite reports whether writing to path cannot change a file.
func HarmlessWrite(path string) bool {
	switch path {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2":
		return true
	}
	return false
}

func (a *Analyzer) call(c *syntax.CallExpr) {
	// The statements nested in this call's words record their writes
	// after ours in the same buffer, leaving ours intact.
	writes := a.writes
	a.writes = writes[len(writes):]
	defer func() { a.writes = writes }()
	for _, as := range c.Assigns {
		if as.Name != nil && as.Name.Value == "IFS" && len(c.Args) > 0 && readsFields(c.Args[0]) {
			// IFS= read -r line: the value only splits what read reads.
			a.assignQuiet(as)
			continue
		}
		a.assign(as)
		if len(c.Args) == 0 {
			a.track(as)
			if as.Name != nil {
				a.shellVar(as.Name.Value, a.pos(as.Pos()), a.source(as))
			}
		}
	}
	if len(c.Args) == 0 {
		return
	}
	start := len(a.Units)
	words := a.newWords(len(c.Args))
	for i, w := range c.Args {
		words[i] = a.word(w)
	}
	idx := len(a.Units)
	// IFS=: read a b, ZIPOPT=-m zip …: the command's own environment,
	// for what it does with it (its words were expanded before).
	savedEnv := a.cmdEnv
	a.cmdEnv = nil
	for _, as := range c.Assigns {
		if as.Name == nil {
			continue
		}
		v := ""
		if as.Value != nil {
			var ok bool
			if v, ok = a.Resolve(Word{Kind: Field, Node: as.Value}); !ok || as.Append || as.Index != nil || as.Array != nil {
				v = varUnknown
			}
		}
		if a.cmdEnv == nil {
			a.cmdEnv = make(map[string]string)
		}
		a.cmdEnv[as.Name.Value] = v
	}
	a.Unit(Unit{Words: words, Pos: a.pos(c.Args[0].Pos())})
	a.cmdEnv = savedEnv
	if a.Units[idx].Download {
		for _, w := range writes {
			a.MarkFetched(w.Value)
		}
	}
	// curl -o >(sh) …: the download is written into a shell.
	if a.Units[idx].Download && a.stdinCodeSince(start) {
		for i := start; i < idx; i++ {
			if a.Units[i].StdinCode && a.Units[i].Catastrophe == "" {
				a.Units[i].Catastrophe = "runs a downloaded script"
			}
		}
	}
}

// track remembers the value an assignment gives a variable, when it is
// known now, for the checks of later commands ($d in rm -rf $d).
func (a *Analyzer) track(as *syntax.Assign) {
	if as.Name != nil && as.Append && as.Array != nil && as.Index == nil {
		// a+=(v…): known elements after known ones.
		had, known := a.arrays[as.Name.Value]
		if !known {
			if v, ok := a.paramValue(as.Name.Value); ok {
				had, known = []string{v}, true
			} else if _, set := a.vars[as.Name.Value]; !set {
				if _, env := a.lookup(as.Name.Value); !env {
					had, known = []string{}, true // not set at all
				}
			}
		}
		elems := a.arrayElems(as.Array)
		if known && had != nil && elems != nil {
			a.setArray(as.Name.Value, append(append([]string{}, had...), elems...))
			a.setVar(as.Name.Value, varUnknown)
			return
		}
	}
	if as.Name != nil && (as.Index != nil || as.Append && as.Array != nil) {
		// a[i]=v, a+=(v): the element or array the analysis does not
		// follow.
		a.forget(as.Name.Value)
		a.setArray(as.Name.Value, nil)
		return
	}
	if as.Name != nil && as.Array != nil && as.Index == nil {
		a.forget(as.Name.Value) // $a is ${a[0]}
		a.setArray(as.Name.Value, a.arrayElems(as.Array))
		return
	}
	if as.Name == nil || as.Value == nil || as.Index != nil {
		return
	}
	v, ok := a.Resolve(Word{Kind: Field, Node: as.Value})
	if ok && as.Append {
		// d+=x appends to what d held.
		var had string
		if had, ok = a.paramValue(as.Name.Value); ok {
			v = had + v
		}
	}
	if ok {
		a.setVar(as.Name.Value, v)
		if _, isArray := a.arrays[as.Name.Value]; isArray {
			a.setArray(as.Name.Value, nil) // d=x on an array sets ${d[0]}
		}
	} else {
		a.forget(as.Name.Value)
	}
}

// arrayElems returns the values of an array literal's elements, nil when
// one is not known now (or is indexed, or splits into several words).
func (a *Analyzer) arrayElems(arr *syntax.ArrayExpr) []string {
	elems := []string{}
	for _, e := range arr.Elems {
		if e.Index != nil || e.Value == nil {
			return nil
		}
		w := Word{Kind: Field, Node: e.Value}
		if !singleField(e.Value) {
			return nil
		}
		v, ok := a.Resolve(w)
		if !ok {
			return nil
		}
		elems = append(elems, a.ExpandHome(v))
	}
	return elems
}

// readsFields reports whether a command name is a builtin that uses IFS
// only to split the line it reads.
func readsFields(w *syntax.Word) bool {
	v, ok := StaticWord(w)
	return ok && (v == "read" || v == "mapfile" || v == "readarray")
}

// assignQuiet analyses an assignment's value without judging its name.
func (a *Analyzer) assignQuiet(as *syntax.Assign) {
	name := as.Name
	as.Name = nil
	defer func() { as.Name = name }()
	a.assign(as)
}

func (a *Analyzer) assign(as *syntax.Assign) {
	if as.Name != nil {
		a.assignName(as.Name.Value, a.pos(as.Pos()), a.source(as))
	}
	if as.Value != nil {
		w := a.word(as.Value)
		if w.IsStatic() && subscriptCode(w.Value) {
			a.find(KindEval, a.pos(as.Pos()), a.source(as), w.Value, "holds a subscript that runs a command when the value is used as a name or in arithmetic")
		}
		if w.download && as.Name != nil {
			if a.tainted == nil {
				a.tainted = make(map[string]bool)
			}
			a.tainted[as.Name.Value] = true
		}
	}
	a.nested(as.Index)
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			a.nested(e.Index)
			if e.Value != nil {
				a.word(e.Value)
			}
		}
	}
}

// assignName records an assignment to a variable that changes what runs.
func (a *Analyzer) assignName(name string, p Pos, text string) {
	if reason, ok := DangerousVar(name); ok {
		a.find(KindAssign, p, FirstLine(text), name, reason)
	}
}

func (a *Analyzer) decl(c *syntax.DeclClause) {
	nameref := c.Variant.Value == "nameref"
	// declare -p, -f, -F print, or name functions, not variables.
	prints := false
	for _, as := range c.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			if v, ok := StaticWord(as.Value); ok && strings.HasPrefix(v, "-") && strings.ContainsAny(v, "pfF") {
				prints = true
			}
		}
	}
	for _, as := range c.Args {
		if as.Naked && as.Name == nil {
			w := a.word(as.Value)
			switch {
			case !w.IsStatic():
				a.find(KindAssign, a.pos(as.Pos()), a.source(as), w.Value, "declares variables whose names are computed at run time")
			case w.Value == "-n" || (len(w.Value) > 1 && w.Value[0] == '-' && containsByte(w.Value, 'n')):
				nameref = true
				a.untrusted = true
			case strings.Contains(w.Value, "="):
				// export 'PATH=x' is still an assignment: the builtin
				// splits its argument itself (into a value the analysis
				// does not follow).
				name, _, _ := strings.Cut(w.Value, "=")
				a.forget(strings.TrimSuffix(strings.SplitN(name, "[", 2)[0], "+"))
				if subscriptCode(name) {
					a.find(KindEval, a.pos(as.Pos()), a.source(as), name, "a subscript that runs a command when the builtin assigns it")
				}
				name, _, _ = strings.Cut(strings.TrimSuffix(name, "+"), "[")
				a.assignName(name, a.pos(as.Pos()), a.source(as))
				if !prints {
					a.shellVar(name, a.pos(as.Pos()), a.source(as))
				}
			}
			continue
		}
		a.assign(as)
		a.track(as)
		if as.Name != nil && !prints {
			// export -n HISTFILE, readonly HISTSIZE, declare -i PATH:
			// a name without a value changes it too.
			a.shellVar(as.Name.Value, a.pos(as.Pos()), a.source(as))
		}
		if nameref && as.Value != nil {
			if v, ok := StaticWord(as.Value); ok {
				a.assignName(v, a.pos(as.Pos()), a.source(as))
				// declare -n r=HISTSIZE: assigning r assigns it.
				a.shellVar(v, a.pos(as.Pos()), a.source(as))
			} else if a.InShell {
				a.find(KindAssign, a.pos(as.Pos()), a.source(as), as.Name.Value, "makes, in your shell, a reference to a variable whose name is computed at run time")
			}
		}
		if nameref {
			// declare -n y=x: y reads and assigns x, and so may any
			// later assignment; no value is known from here on.
			a.untrusted = true
		}
	}
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// stdinCodeSince reports whether a unit appended since start reads a
// program from its standard input.
func (a *Analyzer) stdinCodeSince(start int) bool {
	for _, u := range a.Units[start:] {
		if u.StdinCode {
			return true
		}
	}
	return false
}

func (a *Analyzer) downloadBetween(start, end int) bool {
	for _, u := range a.Units[start:end] {
		if u.Download {
			return true
		}
	}
	return false
}

// catastrophe marks the stdin-reading interpreters appended since start.
func (a *Analyzer) catastrophe(start int, reason string) {
	for i := start; i < len(a.Units); i++ {
		if a.Units[i].StdinCode && a.Units[i].Catastrophe == "" {
			a.Units[i].Catastrophe = reason
		}
	}
}
