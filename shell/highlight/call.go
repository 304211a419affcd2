package highlight

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// call paints options, and records the command name (and the command run
// by a precommand such as sudo) for the resolver.
func (w *walker) call(ce *syntax.CallExpr) {
	words := make([]string, len(ce.Args))
	static := make([]bool, len(ce.Args))
	for i, arg := range ce.Args {
		words[i], static[i] = Literal(arg)
		if i > 0 && isOption(arg) {
			span(w, arg, Option)
		}
	}
	for _, i := range CommandPositions(words) {
		if i < len(ce.Args) {
			w.command(ce.Args[i], words[i], static[i])
		}
	}
}

func (w *walker) command(wd *syntax.Word, name string, static bool) {
	if !wd.Pos().IsValid() || wd.Pos().IsRecovered() {
		return
	}
	w.cmds = append(w.cmds, cmdWord{start: w.off(wd.Pos()), end: w.off(wd.End()), name: name, static: static})
}

// CommandPositions returns the indexes of the words of a simple command
// that are command names: 0, and after a precommand such as sudo, env,
// nohup or timeout, the word its options and operands lead to. The last
// index may be len(words) when a precommand's command is still to be
// typed. Words with expansions should be passed as "".
func CommandPositions(words []string) []int {
	pos := []int{0}
	for i := 0; i < len(words); {
		pre, ok := precommands()[words[i]]
		if !ok {
			break
		}
		i = pre.skip(words, i+1)
		pos = append(pos, i)
	}
	return pos
}

// precommand describes a command that runs the command given in its
// arguments: which of its options take a value, whether NAME=value
// words come first (env), and how many operands precede the command
// (timeout's duration).
type precommand struct {
	valueOpts string // single-letter options that take a value
	assigns   bool
	operands  int
}

func precommands() map[string]precommand {
	precommandsOnce.Do(func() { precommandsValue = makePrecommands() })
	return precommandsValue
}

var (
	precommandsOnce  sync.Once
	precommandsValue map[string]precommand
)

func makePrecommands() map[string]precommand {
	return map[string]precommand{
		"sudo":     {valueOpts: "ugCDhprtUT"},
		"doas":     {valueOpts: "uC"},
		"command":  {},
		"builtin":  {},
		"exec":     {valueOpts: "a"},
		"nohup":    {},
		"nice":     {valueOpts: "n"},
		"env":      {valueOpts: "uCS", assigns: true},
		"xargs":    {valueOpts: "aEeIiLlnPsd"},
		"watch":    {valueOpts: "nd"},
		"timeout":  {valueOpts: "sk", operands: 1},
		"strace":   {valueOpts: "eoOpPsSuUXEa"},
		"stdbuf":   {valueOpts: "ioe"},
		"setsid":   {},
		"ionice":   {valueOpts: "cnpP"},
		"time":     {valueOpts: "fo"},
		"unbuffer": {},
	}
}

// skip returns the index of the argument that is the command run by the
// precommand whose arguments start at args[i].
func (pc precommand) skip(args []string, i int) int {
	operands := pc.operands
	for ; i < len(args); i++ {
		s := args[i]
		switch {
		case s == "--":
			return i + 1
		case strings.HasPrefix(s, "--"):
		case strings.HasPrefix(s, "-") && len(s) > 1:
			last := s[len(s)-1:]
			if len(s) == 2 && strings.Contains(pc.valueOpts, last) {
				i++ // the option's value is the next word
			}
		case pc.assigns && strings.Contains(s, "="):
		case operands > 0:
			operands--
		default:
			return i
		}
	}
	return i
}

// Literal returns the unquoted value of a word and true when the word has
// no expansions: only unquoted text, single-quoted text, and double
// quotes around plain text.
func Literal(wd *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range wd.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			unescape(&b, part.Value, "")
		case *syntax.SglQuoted:
			if part.Dollar {
				return "", false
			}
			b.WriteString(part.Value)
		case *syntax.DblQuoted:
			for _, in := range part.Parts {
				lit, ok := in.(*syntax.Lit)
				if !ok {
					return "", false
				}
				unescape(&b, lit.Value, "$`\"\\\n")
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unescape writes s without its backslash escapes. only, when not empty,
// limits escaping to those characters (as inside double quotes).
func unescape(b *strings.Builder, s, only string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
			if s[i] == '\n' {
				continue
			}
			c = s[i]
		}
		b.WriteByte(c)
	}
}
