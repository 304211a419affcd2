package perms

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"nosh/config/dialect"
	"nosh/perms/analysis"
	"nosh/perms/programs"
)

// Rule is a sequence of words. An allow rule matches a unit whose argv
// starts with exactly these words; a deny rule matches more loosely
// (see Policy).
type Rule struct {
	words []string
	text  string // canonical text, computed once
}

func newRule(words []string) Rule {
	r := Rule{words: words}
	var sb strings.Builder
	for i, w := range words {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(analysis.QuoteWord(w))
	}
	r.text = sb.String()
	return r
}

// ParseRule parses rule text as shell words: "git status",
// "grep -r 'a b'". Every word must be plain text, without expansions.
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Rule{}, errors.New("empty rule")
	}
	if simpleRule(s) {
		if words := strings.Fields(s); !strings.Contains(words[0], "=") {
			return newRule(words), nil
		}
	}
	f, err := dialect.Bash.NewParser().Parse(strings.NewReader(s), "")
	if err != nil {
		return Rule{}, fmt.Errorf("rule %q: %w", s, err)
	}
	if len(f.Stmts) != 1 {
		return Rule{}, fmt.Errorf("rule %q: must be one command", s)
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(st.Redirs) > 0 || st.Background || st.Negated || len(call.Args) == 0 {
		return Rule{}, fmt.Errorf("rule %q: must be plain words", s)
	}
	words := make([]string, len(call.Args))
	for i, w := range call.Args {
		v, ok := analysis.StaticWord(w)
		if !ok {
			return Rule{}, fmt.Errorf("rule %q: word %d has an expansion or glob; quote it", s, i+1)
		}
		words[i] = v
	}
	return newRule(words), nil
}

func simpleRule(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			continue
		}
		switch c {
		case ' ', '-', '_', '.', '/', ':', '=', '@', '%', '+', ',':
			continue
		}
		return false
	}
	return true
}

// MustRule is ParseRule for rules known to be valid; it panics otherwise.
func MustRule(s string) Rule {
	r, err := ParseRule(s)
	if err != nil {
		panic(err)
	}
	return r
}

// Words returns the rule's words.
func (r Rule) Words() []string { return append([]string(nil), r.words...) }

// String is the rule as shell words, quoted where needed; ParseRule
// gives the rule back.
func (r Rule) String() string { return r.text }

// IsZero reports whether r is the zero Rule.
func (r Rule) IsZero() bool { return len(r.words) == 0 }

// allows reports whether an allow rule matches u: argv starts with the
// rule's words, byte for byte, every one of them static, and argv[0]
// does not contain a slash.
func (r Rule) allows(u analysis.Unit) bool {
	ws := gitPlainGlobals(u.Words)
	if len(r.words) == 0 || len(ws) < len(r.words) {
		return false
	}
	if !ws[0].IsStatic() || strings.IndexByte(ws[0].Value, '/') >= 0 {
		return false
	}
	for i, rw := range r.words {
		if !ws[i].IsStatic() || ws[i].Value != rw {
			return false
		}
	}
	return true
}

// gitPlainGlobals drops git's global options that change nothing a rule
// is about (--no-pager and the pathspec switches), so that the rule
// "git log" allows git --no-pager log -5. -C stays: it points git at
// another repository, whose configuration may run commands.
func gitPlainGlobals(ws []analysis.Word) []analysis.Word {
	if len(ws) < 2 || !ws[0].IsStatic() || ws[0].Value != "git" {
		return ws
	}
	i := 1
	for i < len(ws) && ws[i].IsStatic() {
		switch ws[i].Value {
		case "--no-pager", "-P", "--no-optional-locks", "--literal-pathspecs", "--glob-pathspecs",
			"--noglob-pathspecs", "--icase-pathspecs", "--no-replace-objects":
			i++
			continue
		}
		break
	}
	if i == 1 {
		return ws
	}
	return append([]analysis.Word{ws[0]}, ws[i:]...)
}

// denies reports whether a deny rule matches u. The rule's first word
// matches the basename of argv[0]; its options must all be present in
// argv, in any order or grouping (-rf matches -r -f, -fr and
// --recursive --force for rm); its other words must appear in argv in
// order, after git's global options for git (git push matches
// git -C . push origin).
func (r Rule) denies(u analysis.Unit) bool {
	if len(r.words) == 0 {
		return false
	}
	base, ok := u.Base()
	argv := u.Argv()
	if b, rest, ok := moduleArgv(base, argv); ok {
		// python3 -m pip install x is pip install x to a deny rule.
		base, argv = b, rest
	}
	if !ok || base != path.Base(r.words[0]) {
		return false
	}
	if len(r.words) == 1 {
		return true
	}
	ws := argv[1:]
	if base == "git" {
		sub := programs.GitSubcommand(ws)
		if sub < 0 {
			return false
		}
		ws = ws[sub:]
	}
	have := canonicalFlags(base, ws)
	if base == "git" && len(ws) > 0 && ws[0].IsStatic() && ws[0].Value == "push" {
		// git push origin +main forces the push as --force does, and
		// git push origin :main deletes main as --delete does.
		for _, w := range ws[1:] {
			if w.IsStatic() && strings.HasPrefix(w.Value, "+") {
				have["f"] = true
			}
			if w.IsStatic() && strings.HasPrefix(w.Value, ":") && len(w.Value) > 1 {
				have["d"] = true
			}
		}
	}
	if base == "npm" || base == "pnpm" || base == "yarn" {
		// npm i, npm add, npm isntall… are npm install.
		ws = canonicalNpm(ws)
	}
	var positional []string
	for i, w := range ws {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "--" {
			for _, rest := range ws[i+1:] {
				if rest.IsStatic() {
					positional = append(positional, rest.Value)
				}
			}
			break
		}
		if !isOption(w.Value) {
			positional = append(positional, w.Value)
		}
	}
	want := r.words[1:]
	if base == "npm" || base == "pnpm" || base == "yarn" {
		ws := canonicalNpm(analysis.StaticWords(want))
		want = make([]string, len(ws))
		for i, w := range ws {
			want[i] = w.Value
		}
	}
	wantFlags := make([]analysis.Word, 0, len(want))
	j := 0
	for k, rw := range want {
		if isOption(rw) {
			wantFlags = append(wantFlags, analysis.Word{Value: rw})
			continue
		}
		if base == "git" && k == 0 && len(positional) > 0 && positional[0] != rw {
			return false // the subcommand is the first word after the globals
		}
		for j < len(positional) && positional[j] != rw {
			j++
		}
		if j == len(positional) {
			return false
		}
		j++
	}
	for flag := range canonicalFlags(base, wantFlags) {
		if !have[flag] && !abbreviated(have, flag) {
			return false
		}
	}
	return true
}

// abbreviated reports whether the options include an abbreviation of
// the long option flag: GNU getopt_long and git take any unambiguous
// prefix, so --del is --delete (a prefix several options share is an
// error, so reading it as flag never misses a denial).
func abbreviated(have map[string]bool, flag string) bool {
	if !strings.HasPrefix(flag, "--") {
		return false
	}
	for h := range have {
		if len(h) >= 3 && strings.HasPrefix(h, "--") && strings.HasPrefix(flag, h) {
			return true
		}
	}
	return false
}

func isOption(s string) bool { return len(s) > 1 && s[0] == '-' }

// flagAliasesTable maps long options and synonyms to one canonical name
// per program, so that deny rules see through spelling.
func flagAliasesTable() map[string]map[string]string {
	return map[string]map[string]string{
		"rm":    {"R": "r", "--recursive": "r", "--force": "f", "--dir": "d", "--interactive": "i"},
		"cp":    {"R": "r", "--recursive": "r", "--force": "f"},
		"mv":    {"--force": "f"},
		"chmod": {"--recursive": "R"},
		"chown": {"--recursive": "R"},
		"chgrp": {"--recursive": "R"},
		"git":   {"--force": "f", "--delete": "d", "--all": "a", "--hard": "--hard", "--no-verify": "n"},
		"kill":  {"-KILL": "9", "-SIGKILL": "9", "--signal": "s"},
	}
}

// canonicalFlags returns the options in ws before "--" as a set of
// canonical names: one letter per short option, the name of each long
// option without its value.
func canonicalFlags(base string, ws []analysis.Word) map[string]bool {
	aliases := ruleTables().flagAliases[base]
	set := make(map[string]bool)
	add := func(f string) {
		if a, ok := aliases[f]; ok {
			f = a
		} else if len(f) >= 3 && strings.HasPrefix(f, "--") {
			// --recu is --recursive: an abbreviation counts as every
			// option it may stand for.
			for long, a := range aliases {
				if strings.HasPrefix(long, f) {
					set[a] = true
				}
			}
		}
		set[f] = true
	}
	for _, w := range ws {
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		if v == "--" {
			break
		}
		if !isOption(v) {
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, _, _ := strings.Cut(v, "=")
			add(name)
			continue
		}
		if _, ok := aliases[v]; ok {
			add(v)
			continue
		}
		for i := 1; i < len(v); i++ {
			add(v[i : i+1])
		}
	}
	return set
}

// npmAliases maps npm's command aliases (and the misspellings it
// accepts) to the command, for the deny rules: a rule against npm install
// also denies npm i.
func npmAliases() map[string]string {
	npmAliasesOnce.Do(func() { npmAliasesValue = makeNpmAliases() })
	return npmAliasesValue
}

var (
	npmAliasesOnce  sync.Once
	npmAliasesValue map[string]string
)

func makeNpmAliases() map[string]string {
	return map[string]string{
		"i": "install", "in": "install", "ins": "install", "inst": "install", "insta": "install", "instal": "install",
		"isnt": "install", "isnta": "install", "isntal": "install", "isntall": "install", "add": "install",
		"it": "install-test", "cit": "install-ci-test", "clean-install": "ci", "ic": "ci", "install-clean": "ci",
		"isntall-clean": "ci", "un": "uninstall", "unlink": "uninstall", "remove": "uninstall", "rm": "uninstall",
		"r": "uninstall", "run": "run-script", "rum": "run-script", "urn": "run-script", "up": "update",
		"upgrade": "update", "udpate": "update", "t": "test", "tst": "test", "x": "exec", "c": "config",
		"ln": "link", "pub": "publish", "author": "owner", "dist-tags": "dist-tag", "v": "view", "info": "view",
		"show": "view", "s": "search", "se": "search", "find": "search", "rb": "rebuild", "ddp": "dedupe",
		"home": "docs", "issues": "bugs", "hlep": "help", "unstar": "star", "create": "init", "innit": "init",
	}
}

// canonicalNpm returns ws with npm's command, the first operand,
// written as the command it stands for.
func canonicalNpm(ws []analysis.Word) []analysis.Word {
	for i, w := range ws {
		if !w.IsStatic() || isOption(w.Value) {
			continue
		}
		if full, ok := npmAliases()[w.Value]; ok {
			out := append([]analysis.Word(nil), ws...)
			out[i] = analysis.Word{Value: full}
			return out
		}
		return ws
	}
	return ws
}

// moduleArgv returns the argv of the program a python -m MODULE runs as
// that program would be spelled: pip for -m pip.
func moduleArgv(base string, argv []analysis.Word) (string, []analysis.Word, bool) {
	if !strings.HasPrefix(base, "python") && base != "pypy" && base != "pypy3" {
		return "", nil, false
	}
	for i := 1; i+1 < len(argv); i++ {
		w := argv[i]
		if !w.IsStatic() || !strings.HasPrefix(w.Value, "-") {
			return "", nil, false
		}
		if w.Value == "-m" && argv[i+1].IsStatic() {
			switch m := argv[i+1].Value; m {
			case "pip", "pip3", "venv", "ensurepip":
				return m, append([]analysis.Word{{Value: m}}, argv[i+2:]...), true
			}
			return "", nil, false
		}
	}
	return "", nil, false
}
