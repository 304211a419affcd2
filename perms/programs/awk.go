package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// awk programs are code, but the common ones only print. A program is
// risky if it calls system(), pipes to or from a command (|, |&,
// "cmd" | getline), or redirects print output to a file.

func awkCmd(c *analysis.Cmd) {
	ws := c.Args
	progGiven := false
	i := 0
	for ; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			break
		}
		v := w.Value
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		name, _, hasValue := strings.Cut(v, "=")
		if !strings.HasPrefix(v, "--") && len(v) > 2 && strings.IndexByte("fEilev", v[1]) >= 0 {
			// -e'prog', -iinplace, -lext: the value is attached.
			name, hasValue = v[:2], true
		}
		long := func(full string) bool { return analysis.LongName(name, full) }
		switch {
		case name == "-f" || name == "-E" || long("--file") || long("--exec") ||
			name == "-i" || long("--include") || name == "-l" || long("--load"):
			c.Risk(analysis.KindEval, c.Base+" "+name, "runs awk code from a file or loads an extension")
			progGiven = true
			if !hasValue {
				i++
			}
		case name == "-e" || long("--source"):
			progGiven = true
			src := strings.TrimPrefix(strings.TrimPrefix(v, name), "=")
			if !hasValue {
				i++
				if i >= len(ws) {
					return
				}
				if !ws[i].IsStatic() {
					c.Risk(analysis.KindInlineCode, c.Base+" computed", "runs an awk program computed at run time")
					continue
				}
				src = ws[i].Value
			}
			if reason := awkRisky(src); reason != "" {
				c.Risk(analysis.KindInlineCode, c.Base+" program", reason)
			}
		case name == "-F" || name == "-v" || long("--field-separator") || long("--assign"):
			if !hasValue {
				i++
			}
		case strings.HasPrefix(v, "-o") || long("--pretty-print") || strings.HasPrefix(v, "-d") ||
			long("--dump-variables") || strings.HasPrefix(v, "-p") || long("--profile"):
			c.Risk(analysis.KindOption, c.Base+" "+name, "writes a file")
		}
	}
	if progGiven || i >= len(ws) {
		return
	}
	prog := ws[i]
	if !prog.IsStatic() {
		c.Risk(analysis.KindInlineCode, c.Base+" computed", "runs an awk program computed at run time")
		return
	}
	if reason := awkRisky(prog.Value); reason != "" {
		c.Risk(analysis.KindInlineCode, c.Base+" program", reason)
	}
}

// awkRisky returns why an awk program can run commands or write files,
// or "" if it cannot.
func awkRisky(prog string) string {
	// A backslash before a newline continues the line, in some awks
	// inside a word too (sys\⏎tem): judge the program as joined.
	prog = strings.ReplaceAll(prog, "\\\n", "")
	var prev byte // last significant byte outside strings and regexps
	printing := false
	depth := 0
	for i := 0; i < len(prog); i++ {
		ch := prog[i]
		switch {
		case ch == '"':
			i = skipQuoted(prog, i, '"')
			prev = '"'
			continue
		case ch == '/' && !operandEnd(prev):
			i = skipQuoted(prog, i, '/')
			prev = '/'
			continue
		case ch == '#':
			for i < len(prog) && prog[i] != '\n' {
				i++
			}
			printing = false
			continue
		case ch == '|':
			if i+1 < len(prog) && prog[i+1] == '|' {
				i++
				prev = '|'
				continue
			}
			return "awk program runs a command through a pipe"
		case ch == '>' && printing && depth == 0:
			if rest := strings.TrimLeft(prog[i+1:], "> \t"); harmlessAwkTarget(rest) {
				continue
			}
			return "awk program writes to a file"
		case ch == '(':
			depth++
		case ch == ')':
			depth--
		case ch == ';' || ch == '{' || ch == '}' || ch == '\n':
			printing = false
			depth = 0
		case analysis.IsIdentByte(ch):
			j := i
			for j < len(prog) && analysis.IsIdentByte(prog[j]) {
				j++
			}
			switch word := prog[i:j]; word {
			case "system":
				return "awk program runs a command with system()"
			case "print", "printf":
				printing = true
				depth = 0
			}
			i = j - 1
			prev = 'a'
			continue
		case ch == '@':
			if strings.HasPrefix(prog[i:], "@load") || strings.HasPrefix(prog[i:], "@include") {
				return "awk program loads code from another file"
			}
			// gawk's indirect call @f() calls the function named by f,
			// which may be "system".
			return "awk program calls a function by a name computed at run time"
		}
		if ch != ' ' && ch != '\t' {
			prev = ch
		}
	}
	return ""
}

// harmlessAwkTarget reports whether the text after an awk print's >
// names standard output or error, or /dev/null.
func harmlessAwkTarget(s string) bool {
	for _, t := range []string{`"/dev/stderr"`, `"/dev/stdout"`, `"/dev/null"`, `"/dev/fd/1"`, `"/dev/fd/2"`, `"/dev/tty"`} {
		if strings.HasPrefix(s, t) {
			return true
		}
	}
	return false
}

// operandEnd reports whether a '/' after this byte divides rather than
// starts a regular expression.
func operandEnd(prev byte) bool {
	return analysis.IsIdentByte(prev) || prev == ')' || prev == ']' || prev == '$' || prev == '"' || prev == '.'
}

// skipQuoted returns the index of the quote closing the one at i.
func skipQuoted(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j
		case '\n':
			if q == '/' {
				return j
			}
		}
	}
	return len(s)
}

func registerAwk(t *tableSet) {
	for _, name := range []string{"awk", "gawk", "mawk", "nawk", "busybox-awk"} {
		t.handlers[name] = awkCmd
	}
}
