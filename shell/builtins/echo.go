package builtins

import (
	"context"
	"nosh/shell/internal/quote"
	"strings"
)

// builtinEcho is bash's echo: -n, -e and -E (also combined, as in -ne)
// are options only when the whole word is made of them; escapes are off
// by default; a write error is reported with status 1.
func builtinEcho(ctx context.Context, c *Call) error {
	args := c.Args
	newline, escapes := true, c.Sh.ShoptOn("xpg_echo")
	for len(args) > 0 && isEchoOptions(args[0]) {
		for _, o := range args[0][1:] {
			switch o {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, stop := quote.ExpandEscapes(a, quote.Echo)
			b.WriteString(s)
			if stop {
				newline = false
				break
			}
			continue
		}
		b.WriteString(a)
	}
	if newline {
		b.WriteByte('\n')
	}
	return c.WriteOut(b.String())
}

func isEchoOptions(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	for _, o := range a[1:] {
		if o != 'n' && o != 'e' && o != 'E' {
			return false
		}
	}
	return true
}
