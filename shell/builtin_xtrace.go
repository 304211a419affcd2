package shell

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// set -x is nosh's own: interp's tracer would show the private builtins
// that rewritten statements call, and quotes arguments unlike bash. The
// call handler sees every simple command after expansion, which is what
// bash traces: PS4 (expanded, its first character repeated once per level
// of command substitution), then the words, quoted where needed.

type traceDepthKey struct{}

// tracingPS4 counts the PS4 expansions under way.
var tracingPS4 atomic.Int32

// traceDepth is how many command substitutions deep ctx is.
func traceDepth(ctx context.Context) int {
	d, _ := ctx.Value(traceDepthKey{}).(int)
	return d
}

func (s *Shell) xtraceOn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flags.xtrace
}

// trace prints args as set -x does, if it is on.
func (s *Shell) trace(ctx context.Context, hc interp.HandlerContext, args []string) {
	if len(args) == 0 || strings.HasPrefix(args[0], "\x00") || !s.xtraceOn() {
		return
	}
	if ctx.Value(forcedExitKey{}) != nil {
		// The exit nosh runs itself at the end of a script.
		return
	}
	if tracingPS4.Load() > 0 {
		// A command PS4 runs is not traced (it would expand PS4 again).
		return
	}
	ps4 := "+ "
	r := interpunsafe.Of(hc)
	if r != nil {
		if v := interpunsafe.LookupVar(r, "PS4"); v.IsSet() {
			tracingPS4.Add(1)
			ps4 = s.expandPrompt(r, v.String())
			tracingPS4.Add(-1)
		}
	}
	if ps4 != "" {
		ps4 = strings.Repeat(ps4[:1], traceDepth(ctx)) + ps4
	}
	var b strings.Builder
	b.WriteString(ps4)
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(traceQuote(a))
	}
	b.WriteByte('\n')
	fmt.Fprint(hc.Stderr, b.String())
}

// expandPrompt expands parameters, commands and arithmetic in a prompt
// string such as PS4, leaving it as is if it does not parse.
func (s *Shell) expandPrompt(r *interp.Runner, text string) string {
	if !strings.ContainsAny(text, "$`") {
		return text
	}
	w, err := s.Parser().Document(strings.NewReader(text))
	if err != nil {
		return text
	}
	out, err := expand.Document(interpunsafe.ExpandConfig(r), w)
	if err != nil {
		return text
	}
	return out
}

// traceQuote quotes a word as bash's xtrace does: single quotes around
// words with blanks or special characters, $'…' for control characters.
func traceQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return bashQuote(s)
		}
	}
	if !strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`") && s[0] != '~' && s[0] != '#' {
		return s
	}
	return shellSingleQuote(s)
}
