package complete

import (
	"cmp"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"nosh/config/dialect"
	"nosh/shell/highlight"
	"nosh/shell/linekind"
)

// Completer computes completions. Set its fields before first use; after
// that it is safe for concurrent use.
type Completer struct {
	// Env is the shell.
	Env Env
	// Dialect is the shell language to parse (the zero value is Bash).
	Dialect dialect.Dialect
	// Path lists executables on $PATH; share the highlighter's cache.
	Path *highlight.PathCache
	// Slash are the slash commands offered as the first word of a line
	// (Value "/help", Description what it does): exactly those the REPL
	// registered, none by default.
	Slash []Candidate
	// Specs complete the arguments of commands, by command name.
	Specs map[string]Spec
	// Timeout bounds each external program run while completing (git,
	// carapace, --help). A --help that takes longer keeps running in the
	// background (up to HelpTimeout) and its options are used next time.
	Timeout     time.Duration
	HelpTimeout time.Duration
	// Confine, when set, turns a program Specs run for their candidates
	// (git…) at path with argv into the program to start instead: what
	// a repository's configuration makes git run must not run unconfined
	// because the user pressed Tab.
	Confine func(path string, argv []string) (string, []string)
	// NoCarapace disables carapace even when it is on $PATH.
	NoCarapace bool
	// NoHelp disables running COMMAND --help to find options.
	NoHelp bool
	// CacheDir, when set, keeps the options parsed from --help on disk.
	CacheDir string
	// Passwd is the file users are read from (default /etc/passwd).
	Passwd string
	// User, when set, gives the completions scripts defined with bash's
	// `complete`; they come before every other source.
	User UserSpec
	// Shopts and Bindings are the shell's shopt names and the editor's
	// functions, for compgen -A shopt and -A binding.
	Shopts, Bindings []string

	once       sync.Once
	help       *helpCache
	cache      *ttlCache
	mu         sync.Mutex
	noCarapace map[string]bool // commands carapace failed on
}

// Default timeouts of a Completer made by [New].
const (
	DefaultTimeout     = 250 * time.Millisecond
	DefaultHelpTimeout = 3 * time.Second
)

// New returns a Completer for env with the built-in specs, the default
// slash commands and a fresh PathCache.
func New(env Env) *Completer {
	return &Completer{
		Env:         env,
		Path:        highlight.NewPathCache(),
		Specs:       DefaultSpecs(),
		Timeout:     DefaultTimeout,
		HelpTimeout: DefaultHelpTimeout,
	}
}

func (c *Completer) init() {
	c.once.Do(func() {
		if c.Path == nil {
			c.Path = highlight.NewPathCache()
		}
		if c.Timeout <= 0 {
			c.Timeout = DefaultTimeout
		}
		if c.HelpTimeout <= 0 {
			c.HelpTimeout = DefaultHelpTimeout
		}
		if c.Passwd == "" {
			c.Passwd = "/etc/passwd"
		}
		c.help = &helpCache{dir: c.CacheDir, mem: make(map[string]*helpEntry)}
		c.cache = &ttlCache{ttl: 2 * time.Second, m: make(map[string]ttlEntry)}
		c.noCarapace = make(map[string]bool)
	})
}

// Complete completes the word before byte offset cursor of line.
func (c *Completer) Complete(line string, cursor int) Result {
	return c.CompleteContext(context.Background(), line, cursor)
}

// CompleteContext is Complete with a context that bounds external
// programs in addition to their own timeouts.
func (c *Completer) CompleteContext(ctx context.Context, line string, cursor int) Result {
	c.init()
	cursor = max(0, min(cursor, len(line)))
	left := line[:cursor]
	if linekind.Classify(line, nil).Request() {
		return c.question(left)
	}
	s := c.locate(left)
	if s.kind == siteNone {
		return Result{Prefix: left[s.start:], Start: s.start, prev: lastRune(left[:s.start])}
	}
	w := c.lexer().lex(left[s.start:])
	res := Result{Prefix: w.raw, Start: s.start, prev: lastRune(left[:s.start])}
	var items []Candidate
	switch {
	case w.isVar:
		res.Candidates = c.finish(w.verbatim(), w.varName, c.vars(w.varName, w.varBraces))
		return res
	case w.isUser:
		res.Candidates = c.finish(w.verbatim(), w.varName, c.users(w.varName))
		return res
	case w.dynamic:
		return res
	case s.kind == siteCommand:
		items = c.commands(w, s.first)
	case s.kind == siteVarName && !strings.HasPrefix(w.value, "-"):
		items = c.vars(w.value, false)
		for i := range items {
			items[i].NoSpace = false
		}
	case s.kind == siteArg:
		if u, ok := c.user(ctx, w, s.words, line, cursor); ok {
			res.Candidates = c.finish(w, w.value, u)
			return res
		}
		items, res.Usage = c.args(ctx, w, s.words)
	default:
		items = c.files(w.value, fileAny)
	}
	res.Candidates = c.finish(w, w.value, items)
	return res
}

func (c *Completer) lexer() lexer {
	return lexer{getenv: c.Env.Get, home: c.home}
}

func (w word) verbatim() word {
	w.state, w.escaped = verbatim, false
	return w
}

// finish turns candidates for the unquoted word typed into replacements
// for w.raw: the typed text kept as it is, the rest quoted for the
// context, the quote closed when the candidate is final. It drops
// candidates that do not start with typed and duplicates, and sorts.
func (c *Completer) finish(w word, typed string, items []Candidate) []Candidate {
	type key struct{ tag, value string }
	type ranked struct {
		tag int
		c   Candidate
	}
	tagOrder := make(map[string]int)
	seen := make(map[key]bool, len(items))
	out := make([]ranked, 0, len(items))
	for _, it := range items {
		if !strings.HasPrefix(it.Value, typed) {
			continue
		}
		v := w.raw + w.quote(it.Value[len(typed):])
		if it.NoQuote {
			v = w.raw + it.Value[len(typed):]
		}
		if !it.NoSpace {
			v += w.closer()
		}
		if seen[key{it.Tag, v}] {
			continue
		}
		seen[key{it.Tag, v}] = true
		tag, ok := tagOrder[it.Tag]
		if !ok {
			tag = len(tagOrder)
			tagOrder[it.Tag] = tag
		}
		if it.Display == "" {
			it.Display = it.Value
		}
		it.Value = v
		out = append(out, ranked{tag, it})
	}
	slices.SortStableFunc(out, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.tag, b.tag), strings.Compare(a.c.Value, b.c.Value))
	})
	cands := make([]Candidate, len(out))
	for i, r := range out {
		cands[i] = r.c
	}
	return cands
}

func lastRune(s string) rune {
	if s == "" {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// user runs the script-defined spec for the command, if there is one.
// ok false means nosh completes as usual (no spec, or a spec that found
// nothing and asked for the default).
func (c *Completer) user(ctx context.Context, w word, words []string, line string, cursor int) ([]Candidate, bool) {
	if c.User == nil {
		return nil, false
	}
	res, ok := c.User(ctx, UserQuery{Words: words, Current: w.value, Line: line, Cursor: cursor})
	switch {
	case !ok:
		return nil, false
	case len(res.Words) > 0:
		return c.userCandidates(res, w.value), true
	case res.Dirs:
		return c.files(w.value, fileDirs), true
	case res.Fallback:
		return nil, false
	}
	return nil, true
}

// args completes an argument of the command whose words (name first) are
// words.
func (c *Completer) args(ctx context.Context, w word, words []string) ([]Candidate, string) {
	words = c.expandAlias(words)
	name := filepath.Base(words[0])
	a := &Args{Env: c.Env, Words: words, Current: w.value, c: c}
	if strings.HasPrefix(w.value, "%") && jobCommands()[name] {
		return jobs(c.Env), ""
	}
	spec, hasSpec := c.Specs[name]
	if hasSpec && spec.Shell {
		if items, ok := spec.Complete(ctx, a); ok {
			return items, ""
		}
	}
	if items, usage, ok := c.carapace(ctx, words, w.value); ok {
		return items, usage
	}
	if hasSpec && !spec.Shell {
		if items, ok := spec.Complete(ctx, a); ok {
			return items, ""
		}
	}
	if strings.HasPrefix(w.value, "-") {
		if items := c.helpOptions(ctx, words[0], nil); len(items) > 0 {
			return items, ""
		}
	}
	return c.files(w.value, fileAny), ""
}

// expandAlias replaces an alias in the command position by its value's
// words, so that `alias g=git; g checkout <Tab>` completes like git.
func (c *Completer) expandAlias(words []string) []string {
	aliases := c.Env.Aliases()
	seen := map[string]bool{}
	for len(words) > 0 && !seen[words[0]] {
		v, ok := aliases[words[0]]
		fields := strings.Fields(v)
		if !ok || len(fields) == 0 {
			break
		}
		seen[words[0]] = true
		words = append(fields, words[1:]...)
	}
	return words
}
