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
	cluster:
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'i', 'I':
				// -I is BSD sed's in-place option.
				inPlace = true
				c.Risk(analysis.KindOption, "sed -i", "edits files in place")
				break cluster // the rest is a backup suffix
			case 'e', 'f', 'l':
				arg := v[j+1:]
				var w analysis.Word
				if arg == "" {
					if i+1 >= len(ws) {
						break cluster
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
				break cluster
			}
		}
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
	i := 0
	next := func() byte {
		if i < len(s) {
			b := s[i]
			i++
			return b
		}
		return 0
	}
	skipTo := func(stops string) {
		for i < len(s) && strings.IndexByte(stops, s[i]) < 0 {
			i++
		}
	}
	// delimited reads a delimited part (regex or replacement) ending in d.
	delimited := func(d byte) bool {
		for i < len(s) {
			b := s[i]
			i++
			switch b {
			case '\\':
				i++
			case d:
				return true
			}
		}
		return false
	}
	address := func() bool {
		for range 2 {
			switch {
			case i < len(s) && s[i] >= '0' && s[i] <= '9':
				for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
					i++
				}
			case i < len(s) && s[i] == '$':
				i++
			case i < len(s) && s[i] == '/':
				i++
				if !delimited('/') {
					return false
				}
			case i+1 < len(s) && s[i] == '\\':
				d := s[i+1]
				i += 2
				if !delimited(d) {
					return false
				}
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
			if i < len(s) && s[i] == ',' {
				i++
				if i < len(s) && (s[i] == '+' || s[i] == '~') {
					i++
				}
				continue
			}
			break
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '!') {
			i++
		}
		return true
	}
	for {
		skipTo0 := func() {
			for i < len(s) && strings.IndexByte(" \t\n;", s[i]) >= 0 {
				i++
			}
		}
		skipTo0()
		if i >= len(s) {
			return ""
		}
		if !address() {
			return "sed script the permission check cannot read"
		}
		switch cmd := next(); cmd {
		case 0:
			return ""
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case '#':
			skipTo("\n") // a comment ends at the newline, even after a backslash
		case 'a', 'i', 'c':
			// Text up to the end of the line; a backslash at the end
			// continues it.
			for i < len(s) {
				skipTo("\n\\")
				if i < len(s) && s[i] == '\\' {
					i += 2
					continue
				}
				break
			}
		case ':', 'b', 't', 'T', 'v':
			skipTo(";\n}")
		case 'l', 'L', 'q', 'Q':
			for i < len(s) && (s[i] == ' ' || s[i] >= '0' && s[i] <= '9') {
				i++
			}
		case 'r', 'R':
			skipTo("\n")
		case 'w', 'W':
			for i < len(s) && s[i] == ' ' {
				i++
			}
			start := i
			skipTo("\n")
			if !analysis.HarmlessWrite(s[start:i]) {
				return "sed script writes to a file"
			}
		case 'e':
			return "sed script runs a command"
		case 's', 'y':
			d := next()
			if d == 0 || d == '\n' || d == '\\' {
				return "sed script the permission check cannot read"
			}
			if !delimited(d) || !delimited(d) {
				return "sed script the permission check cannot read"
			}
			if cmd == 'y' {
				break
			}
			for i < len(s) && strings.IndexByte("gpiImMe0123456789w", s[i]) >= 0 {
				switch s[i] {
				case 'e':
					return "sed script runs the result of a substitution as a command"
				case 'w':
					i++
					for i < len(s) && s[i] == ' ' {
						i++
					}
					start := i
					skipTo("\n")
					if !analysis.HarmlessWrite(s[start:i]) {
						return "sed script writes to a file"
					}
					continue
				}
				i++
			}
		default:
			return "sed script the permission check cannot read"
		}
	}
}

func registerSed(t *tableSet) {
	t.handlers["sed"] = sedCmd
	t.handlers["gsed"] = sedCmd
}
