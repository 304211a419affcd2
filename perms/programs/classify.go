package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// Classify classifies a unit by what its program does with its
// arguments: the program's handler, then the checks every program gets
// (glob operands, daemons, the option allow-lists), and for a program
// nothing knows, the question of a rule.
func Classify(c *analysis.Cmd) {
	t := tables()
	name := c.Base
	h := t.handlers[name]
	if h == nil {
		if norm := TrimVersion(name); norm != name && t.handlers[norm] != nil {
			name, h = norm, t.handlers[norm]
		}
	}
	if name == "tar" || name == "gtar" || name == "bsdtar" {
		c.Args = tarOldStyle(c.Args)
	}
	if h != nil {
		h(c)
	}
	globOperands(c)
	daemonTarget(c)
	switch {
	case t.options[name] != nil:
		// Every option must be known to be harmless.
		checkOptions(c, t.options[name], c.Args)
	case h != nil || t.plain[name] || t.plain[c.Base]:
	case strings.HasPrefix(c.Base, "mkfs") || strings.HasPrefix(c.Base, "newfs"):
		c.Catastrophe("creates a file system, erasing what the device holds")
	default:
		unknownProgram(c)
	}
}

// TrimVersion strips a version suffix: python3.12 → python, perl5.36 →
// perl.
func TrimVersion(name string) string {
	i := len(name)
	for i > 0 && (name[i-1] >= '0' && name[i-1] <= '9' || name[i-1] == '.') {
		i--
	}
	if i == 0 {
		return name
	}
	return name[:i]
}

// tarOldStyle rewrites tar's traditional first argument (tar xzf a.tgz,
// tar xIf prog a.tar) into dash options, each letter that takes an
// argument taking the next word in order, so that tar is judged the same
// however its options are spelled.
func tarOldStyle(args []analysis.Word) []analysis.Word {
	if len(args) == 0 || !args[0].IsStatic() {
		return args
	}
	v := args[0].Value
	if v == "" || v[0] == '-' || strings.ContainsAny(v, "/.=") {
		return args
	}
	for i := 0; i < len(v); i++ {
		if !(v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z') {
			return args
		}
	}
	out := make([]analysis.Word, 0, len(args)+len(v))
	next := 1
	for i := 0; i < len(v); i++ {
		out = append(out, analysis.Word{Value: "-" + v[i:i+1]})
		if strings.IndexByte("fbHIKLNTXVFgC", v[i]) >= 0 && next < len(args) {
			out = append(out, args[next])
			next++
		}
	}
	return append(out, args[next:]...)
}
