package analysis

import (
	"os"
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/config/dialect"
)

// Analysis is everything a command would run and every risky construct
// in it.
type Analysis struct {
	Units    []Unit    // every simple command that would run
	Findings []Finding // every risky construct
	// Targets are the paths the command names as ones it changes.
	Targets []Target
	// Err is the parse error when the input does not parse; it is also
	// reported as a KindUnparsed finding.
	Err error
}

// maxDepth bounds how deeply strings run as code are re-parsed.
const maxDepth = 8

// Analyzer walks one command line (and the code it runs in turn) and
// collects its units, findings and targets. Its state is the command's:
// variables assigned so far, the directory cd went to, files downloaded.
// It is not safe for concurrent use; make one per command.
type Analyzer struct {
	dialect dialect.Dialect
	// Runtime says the argv is the one about to run, every expansion
	// done (the gate's view): see AnalyzeArgv in package perms.
	Runtime bool
	// InShell says the command runs in the user's shell itself, as a `?`
	// translation does: what it sets (variables that are not the user's
	// own, options, traps, the shell's descriptors) outlives it and is a
	// finding (see shellvars.go).
	InShell bool
	// classify classifies each unit by its program; nil classifies
	// nothing (the analysis then only walks the syntax).
	classify Handler
	env      expand.Environ

	Units    []Unit // the units found so far; the caller may give a recycled slice
	findings []Finding
	funcs    map[string]bool
	// bodies holds the functions defined in the command, analysed again
	// when called with arguments; calls counts those nested calls.
	bodies map[string]*syntax.Stmt
	// homeDir caches $HOME from the environment, looked up on first use.
	homeDir   string
	homeKnown bool
	// arrays holds the static elements of arrays assigned in the command.
	arrays map[string][]string
	calls  int
	vars   map[string]string // static values assigned earlier in the command, or varUnknown
	// varsShared and arraysShared say a saved state shares the maps:
	// they are copied before the next change (see saveValues).
	varsShared, arraysShared bool
	// untrusted says a nameref was declared: any assignment may change
	// any variable, so none has a value known now.
	untrusted bool
	// effects are what calling each function defined in the command may
	// change (see funcEffects).
	effects map[string]funcEffects
	// Writable, when set, says where the sandbox lets the command write:
	// a redirection to an ordinary file there is not risky.
	Writable func(string) bool
	// cmdEnv holds the assignments before the command being classified
	// (IFS=: read), by name, with their values or varUnknown.
	cmdEnv map[string]string
	// links are the symbolic links made earlier in the command, by
	// absolute path, with where they lead.
	links    map[string]string
	tainted  map[string]bool // variables holding downloaded data
	fetched  map[string]bool // files written by a download
	writes   []Word          // write targets of the statement being analysed
	wordBuf  []Word          // room for the argvs of units still to come; see newWords
	cmds     []*Cmd          // one per nesting depth of unit classification
	cmdDepth int
	err      error

	src   string   // the source being walked; nested code replaces it
	at    *Pos     // position of the string being walked as nested code
	depth int      // nesting of re-parsed strings
	ctx   []string // where the current units run

	stdin     StdinInfo
	funcStack []funcFrame // enclosing function definitions
	pipes     int         // enclosing pipelines
	bgs       int         // enclosing background statements
	// Cwd is where an earlier cd in the command went: "" for where it
	// started, a path (absolute, ~-relative or relative to the start),
	// or cwdUnknown for a directory computed at run time.
	Cwd string
	// startDir is where the command starts (absolute, or "" when not
	// known), looked up on first use through dirOf.
	startDir   string
	startKnown bool
	dirOf      func() string
	Targets    []Target // paths the command changes
	protected  []string // nosh's own files and directories; see ProtectedPaths
	protKnown  bool     // protected was given (else the defaults)
}

// StdinInfo is what feeds the standard input of the command being
// analysed.
type StdinInfo struct {
	Here     bool // a here-document or here-string
	download bool // something downloaded
	// Code is the text fed, when it is known now: a static here-document
	// or here-string, or echo/printf of static words piped in. A shell
	// reading it runs it, so it is analysed as code.
	Code  string
	Known bool // Code is known
	// Piped and redirected say that the input is not the terminal.
	Piped, Redirected bool
	// Danger is /, ~ or a system directory the input names (echo / |,
	// find / |, <<< /): xargs rm -rf on it is a catastrophe.
	Danger string
}

type funcFrame struct {
	name       string
	pipes, bgs int
}

// NewAnalyzer returns an analyzer for dialect d. env holds the variables
// of the environment the command runs in (nil: the process's); dirOf
// returns the directory it starts in, asked on first need. classify
// classifies each unit by its program (package programs provides it);
// nil classifies nothing.
func NewAnalyzer(d dialect.Dialect, env expand.Environ, dirOf func() string, classify Handler) *Analyzer {
	return &Analyzer{dialect: d, env: env, dirOf: dirOf, classify: classify}
}

// Start returns the directory the command starts in, "" when unknown.
func (a *Analyzer) Start() string {
	if !a.startKnown {
		a.startKnown = true
		if a.dirOf != nil {
			if d := a.dirOf(); path.IsAbs(d) {
				a.startDir = path.Clean(d)
			}
		}
	}
	return a.startDir
}

// Result returns what the analysis found; call it after File or Unit.
func (a *Analyzer) Result() Analysis {
	if len(a.funcs) > 0 {
		for i := range a.Units {
			u := &a.Units[i]
			if name, ok := u.Name(); ok && a.funcs[name] && u.Catastrophe == "" {
				u.FuncDef = true
				u.Harmless = "calls function " + name + ", defined in this command"
			}
		}
	}
	return Analysis{Units: a.Units, Findings: a.findings, Targets: a.Targets, Err: a.err}
}

var parsers [2]sync.Pool

// Parse parses src in the analyzer's dialect, with a pooled parser.
func (a *Analyzer) Parse(src string) (*syntax.File, error) {
	pool := &parsers[a.dialect&1]
	p, _ := pool.Get().(*syntax.Parser)
	if p == nil {
		p = a.dialect.NewParser()
	}
	f, err := p.Parse(strings.NewReader(src), "")
	pool.Put(p)
	return f, err
}

// File analyses top-level source.
func (a *Analyzer) File(src string) {
	a.src = src
	f, err := a.Parse(src)
	if err != nil {
		a.err = err
		a.find(KindUnparsed, Pos{}, FirstLine(src), src, "does not parse: "+err.Error())
		// Still look at what can be recovered, so that a catastrophe
		// next to a syntax error is denied, not merely asked about.
		f, _ = a.dialect.NewParser(syntax.RecoverErrors(8)).Parse(strings.NewReader(src), "")
	}
	if f != nil {
		a.stmts(f.Stmts)
	}
}

// Code analyses a string that some command runs as shell code.
func (a *Analyzer) Code(src string, ctx string, at Pos) {
	if a.depth >= maxDepth {
		a.find(KindUnparsed, at, FirstLine(src), src, "code nested too deeply to analyse")
		return
	}
	f, err := a.Parse(src)
	if err != nil {
		a.find(KindUnparsed, at, FirstLine(src), src, "code that does not parse: "+err.Error())
		return
	}
	saveSrc, saveAt, saveIn := a.src, a.at, a.stdin
	a.src, a.at = src, &at
	a.depth++
	a.push(ctx)
	a.stmts(f.Stmts)
	a.pop()
	a.depth--
	a.src, a.at, a.stdin = saveSrc, saveAt, saveIn
}

// wordChunk is how many argv words newWords allocates at a time.
const wordChunk = 32

// newWords returns a slice of n words for a unit's argv. The argvs are
// carved out of shared chunks, which saves an allocation per command;
// a chunk is never handed out twice, so the argvs outlive the analysis.
func (a *Analyzer) newWords(n int) []Word {
	if n > len(a.wordBuf) {
		a.wordBuf = make([]Word, max(n, wordChunk))
	}
	ws := a.wordBuf[:n:n]
	a.wordBuf = a.wordBuf[n:]
	return ws
}

// FirstLine shortens a command to its first line and 80 bytes, for
// findings and prompts.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}

func (a *Analyzer) push(ctx string) { a.ctx = append(a.ctx, ctx) }
func (a *Analyzer) pop()            { a.ctx = a.ctx[:len(a.ctx)-1] }

func (a *Analyzer) context() string {
	switch len(a.ctx) {
	case 0:
		return ""
	case 1:
		return a.ctx[0]
	}
	return strings.Join(a.ctx, " › ")
}

func (a *Analyzer) pos(p syntax.Pos) Pos {
	if a.at != nil {
		return *a.at
	}
	if !p.IsValid() {
		return Pos{}
	}
	return Pos{Line: int(p.Line()), Col: int(p.Col())}
}

// source returns the text of a node as written.
func (a *Analyzer) source(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if n.Pos().IsValid() && n.End().IsValid() && start <= end && end <= len(a.src) {
		return a.src[start:end]
	}
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, n)
	return sb.String()
}

func (a *Analyzer) find(k Kind, p Pos, text, key, reason string) {
	a.findings = append(a.findings, Finding{Kind: k, Pos: p, Text: text, Key: key, Reason: reason})
}

// lookup returns a variable of the environment the command runs in.
func (a *Analyzer) lookup(name string) (string, bool) {
	if a.env == nil {
		return os.LookupEnv(name)
	}
	vr := a.env.Get(name)
	return vr.String(), vr.IsSet()
}

// Home returns $HOME of the environment the command runs in.
func (a *Analyzer) Home() string {
	if !a.homeKnown {
		a.homeDir, _ = a.lookup("HOME")
		a.homeKnown = true
	}
	return a.homeDir
}

// ExpandHome expands a leading ~ (as resolve leaves it) to $HOME.
func (a *Analyzer) ExpandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if h := a.Home(); h != "" {
			return h + p[1:]
		}
	}
	return p
}

// MarkFetched records a file a download writes.
func (a *Analyzer) MarkFetched(p string) {
	if p == "" || p == "-" {
		return
	}
	if a.fetched == nil {
		a.fetched = make(map[string]bool)
	}
	a.fetched[cleanRel(a.inCwd(a.ExpandHome(p)))] = true
}

// isFetched reports whether a path names a file a download wrote.
func (a *Analyzer) isFetched(p string) bool {
	if a.fetched == nil {
		return false
	}
	p = a.ExpandHome(p)
	return a.fetched[cleanRel(a.inCwd(p))] || a.fetched[cleanRel(p)]
}

func cleanRel(p string) string {
	return strings.TrimPrefix(path.Clean(p), "./")
}

// downloadSince reports whether a unit appended since index start
// downloads something.
func (a *Analyzer) downloadSince(start int) bool {
	for _, u := range a.Units[start:] {
		if u.Download {
			return true
		}
	}
	return false
}
