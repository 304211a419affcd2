package highlight

import "strings"

// marked renders line with every non-plain span as {class:text}, which
// makes the expected colouring readable in tables.
func marked(h *Highlighter, line string) string {
	var b strings.Builder
	last := 0
	for _, s := range h.Spans(line) {
		b.WriteString(line[last:s.Start])
		b.WriteString("{" + s.Class.String() + ":" + line[s.Start:s.End] + "}")
		last = s.End
	}
	b.WriteString(line[last:])
	return b.String()
}

// fakeResolver knows a few names of each kind.
var fakeResolver = ResolverFunc(func(name string) CmdKind {
	switch name {
	case "cd", "echo", "export", "set", "sudo", "command":
		return KindBuiltin
	case "myfunc":
		return KindFunction
	case "ll":
		return KindAlias
	case "ls", "git", "cat", "grep", "rm", "/bin/ls", "env", "make":
		return KindExternal
	}
	return KindNotFound
})
