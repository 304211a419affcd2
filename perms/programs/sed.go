package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// sed scripts are code: the e command and the s///e flag run commands,
// and w, W and s///w write files. -i edits files in place.

func sedCmd(c *analysis.Cmd) {
	ws := c.Args
	scripts := 0
	var firstOp = -1
	inPlace := false
	var ops []analysis.Word
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			if firstOp < 0 {
				firstOp = i
			}
			ops = append(ops, w)
			continue
		}
		v := w.Value
		if v == "--" {
			if firstOp < 0 && i+1 < len(ws) {
				firstOp = i + 1
			}
			ops = append(ops, ws[i+1:]...)
			break
		}
		if strings.HasPrefix(v, "--") {
			name, value, hasValue := strings.Cut(v, "=")
			switch {
			case analysis.LongName(name, "--in-place"):
				inPlace = true
				c.Risk(analysis.KindOption, "sed -i", "edits files in place")
			case analysis.LongName(name, "--expression"):
				scripts++
				if !hasValue && i+1 < len(ws) {
					i++
					sedScript(c, ws[i])
				} else {
					sedScript(c, analysis.Word{Value: value})
				}
			case analysis.LongName(name, "--file"):
				scripts++
				c.Risk(analysis.KindEval, "sed -f", "runs a sed script from a file")
				if !hasValue {
					i++
				}
			case analysis.LongName(name, "--line-length"):
				if !hasValue {
					i++
				}
			}
			continue
		}
		if len(v) < 2 || v[0] != '-' {
			if firstOp < 0 {
				firstOp = i
			}
			ops = append(ops, w)
			continue
		}
		var n int
		var ip bool
		i, n, ip = sedShort(c, ws, i)
		scripts += n
		inPlace = inPlace || ip
	}
	if scripts == 0 && firstOp >= 0 {
		sedScript(c, ws[firstOp])
		if len(ops) > 0 {
			ops = ops[1:]
		}
	}
	if inPlace {
		for _, w := range ops {
			c.Target(w, analysis.EditInPlace, false)
		}
	}
}

// sedShort reads a cluster of sed's short options, the word at i, and
// returns the index of the last word it used, how many scripts it gave
// and whether it asked to edit in place.
func sedShort(c *analysis.Cmd, ws []analysis.Word, i int) (last, scripts int, inPlace bool) {
	v := ws[i].Value
	for j := 1; j < len(v); j++ {
		switch v[j] {
		case 'i', 'I':
			// -I is BSD sed's in-place option.
			c.Risk(analysis.KindOption, "sed -i", "edits files in place")
			return i, scripts, true // the rest is a backup suffix
		case 'e', 'f', 'l':
			arg := v[j+1:]
			var w analysis.Word
			if arg == "" {
				if i+1 >= len(ws) {
					return i, scripts, false
				}
				i++
				w = ws[i]
			} else {
				w = analysis.Word{Value: arg}
			}
			switch v[j] {
			case 'e':
				scripts++
				sedScript(c, w)
			case 'f':
				scripts++
				c.Risk(analysis.KindEval, "sed -f", "runs a sed script from a file")
			}
			return i, scripts, false
		}
	}
	return i, scripts, false
}

// sedScript flags a sed script that runs commands or writes files.
func sedScript(c *analysis.Cmd, w analysis.Word) {
	if !w.IsStatic() {
		c.Risk(analysis.KindInlineCode, "sed computed", "runs a sed script computed at run time")
		return
	}
	if reason := sedRisky(w.Value); reason != "" {
		c.Risk(analysis.KindInlineCode, "sed script", reason)
	}
}

// sedRisky returns why a sed script can run commands or write files, or
// "" if it cannot. A script it cannot read counts as risky.
func sedRisky(s string) string {
	sc := &sedScanner{s: s}
	for {
		for sc.i < len(s) && strings.IndexByte(" \t\n;", s[sc.i]) >= 0 {
			sc.i++
		}
		if sc.i >= len(s) {
			return ""
		}
		if !sc.address() {
			return "sed script the permission check cannot read"
		}
		cmd := sc.next()
		if cmd == 0 {
			return ""
		}
		if reason := sc.command(cmd); reason != "" {
			return reason
		}
	}
}

// sedScanner reads a sed script, one command at a time.
type sedScanner struct {
	s string
	i int // the next byte to read
}

// next returns the next byte, or 0 at the end.
func (sc *sedScanner) next() byte {
	if sc.i < len(sc.s) {
		b := sc.s[sc.i]
		sc.i++
		return b
	}
	return 0
}

// skipTo moves to the next byte that is one of stops, or the end.
func (sc *sedScanner) skipTo(stops string) {
	for sc.i < len(sc.s) && strings.IndexByte(stops, sc.s[sc.i]) < 0 {
		sc.i++
	}
}

// delimited reads a delimited part (regex or replacement) ending in d.
func (sc *sedScanner) delimited(d byte) bool {
	s := sc.s
	for sc.i < len(s) {
		b := s[sc.i]
		sc.i++
		switch b {
		case '\\':
			sc.i++
		case d:
			return true
		}
	}
	return false
}

// address reads the one or two addresses before a command, and any !.
func (sc *sedScanner) address() bool {
	s := sc.s
	for range 2 {
		switch {
		case sc.i < len(s) && s[sc.i] >= '0' && s[sc.i] <= '9':
			for sc.i < len(s) && (s[sc.i] >= '0' && s[sc.i] <= '9' || s[sc.i] == '~') {
				sc.i++
			}
		case sc.i < len(s) && s[sc.i] == '$':
			sc.i++
		case sc.i < len(s) && s[sc.i] == '/':
			sc.i++
			if !sc.delimited('/') {
				return false
			}
		case sc.i+1 < len(s) && s[sc.i] == '\\':
			d := s[sc.i+1]
			sc.i += 2
			if !sc.delimited(d) {
				return false
			}
		}
		for sc.i < len(s) && (s[sc.i] == 'I' || s[sc.i] == 'M') {
			sc.i++
		}
		if sc.i < len(s) && s[sc.i] == ',' {
			sc.i++
			if sc.i < len(s) && (s[sc.i] == '+' || s[sc.i] == '~') {
				sc.i++
			}
			continue
		}
		break
	}
	for sc.i < len(s) && (s[sc.i] == ' ' || s[sc.i] == '\t' || s[sc.i] == '!') {
		sc.i++
	}
	return true
}

// command reads the rest of command cmd and returns why it can run
// commands or write files, or "".
func (sc *sedScanner) command(cmd byte) string {
	s := sc.s
	switch cmd {
	case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
	case '#':
		sc.skipTo("\n") // a comment ends at the newline, even after a backslash
	case 'a', 'i', 'c':
		// Text up to the end of the line; a backslash at the end
		// continues it.
		for sc.i < len(s) {
			sc.skipTo("\n\\")
			if sc.i < len(s) && s[sc.i] == '\\' {
				sc.i += 2
				continue
			}
			break
		}
	case ':', 'b', 't', 'T', 'v':
		sc.skipTo(";\n}")
	case 'l', 'L', 'q', 'Q':
		for sc.i < len(s) && (s[sc.i] == ' ' || s[sc.i] >= '0' && s[sc.i] <= '9') {
			sc.i++
		}
	case 'r', 'R':
		sc.skipTo("\n")
	case 'w', 'W':
		if !sc.harmlessFile() {
			return "sed script writes to a file"
		}
	case 'e':
		return "sed script runs a command"
	case 's', 'y':
		return sc.substitution(cmd)
	default:
		return "sed script the permission check cannot read"
	}
	return ""
}

// harmlessFile reads the file name of a w command or flag, and reports
// whether writing it is harmless (/dev/stdout…).
func (sc *sedScanner) harmlessFile() bool {
	for sc.i < len(sc.s) && sc.s[sc.i] == ' ' {
		sc.i++
	}
	start := sc.i
	sc.skipTo("\n")
	return analysis.HarmlessWrite(sc.s[start:sc.i])
}

// substitution reads the rest of an s or y command.
func (sc *sedScanner) substitution(cmd byte) string {
	s := sc.s
	d := sc.next()
	if d == 0 || d == '\n' || d == '\\' {
		return "sed script the permission check cannot read"
	}
	if !sc.delimited(d) || !sc.delimited(d) {
		return "sed script the permission check cannot read"
	}
	if cmd == 'y' {
		return ""
	}
	for sc.i < len(s) && strings.IndexByte("gpiImMe0123456789w", s[sc.i]) >= 0 {
		switch s[sc.i] {
		case 'e':
			return "sed script runs the result of a substitution as a command"
		case 'w':
			sc.i++
			if !sc.harmlessFile() {
				return "sed script writes to a file"
			}
			continue
		}
		sc.i++
	}
	return ""
}

func registerSed(t *tableSet) {
	t.handlers["sed"] = sedCmd
	t.handlers["gsed"] = sedCmd
}
