package highlight

// Class is what a piece of the command line is, for colouring.
type Class uint8

// The highlight classes. Their names (see [Class.String]) are the keys of
// the `[editor] colors` table.
const (
	Plain      Class = iota // ordinary words and blanks
	Command                 // a command name found on PATH (or unresolved)
	Builtin                 // a shell builtin
	Function                // a shell function
	Alias                   // an alias
	Keyword                 // a reserved word: if, then, for, {, [[ …
	Unknown                 // a command name that resolves to nothing
	Option                  // an argument starting with '-'
	String                  // quoted text and here-document bodies
	Variable                // $var, ${…}, $((…)), ~, assignment names
	Operator                // | && || ; & ( ) $( ) and glob characters
	Redirect                // > >> < 2>&1 <<EOF and their file descriptors
	Comment                 // # to the end of the line
	Error                   // where an unterminated quote or a parse error starts
	Danger                  // a statement the permission engine would deny
	Suggestion              // ghost text (history or AI suggestion)

	numClasses
)

var classNames = [numClasses]string{
	Plain:      "plain",
	Command:    "command",
	Builtin:    "builtin",
	Function:   "function",
	Alias:      "alias",
	Keyword:    "keyword",
	Unknown:    "unknown",
	Option:     "option",
	String:     "string",
	Variable:   "variable",
	Operator:   "operator",
	Redirect:   "redirect",
	Comment:    "comment",
	Error:      "error",
	Danger:     "danger",
	Suggestion: "suggestion",
}

// String is the class's name as used in the `[editor] colors` table.
func (c Class) String() string {
	if c < numClasses {
		return classNames[c]
	}
	return "invalid"
}

// ClassByName returns the class called name, and false if there is none.
func ClassByName(name string) (Class, bool) {
	for c, n := range classNames {
		if n == name {
			return Class(c), true
		}
	}
	return Plain, false
}

// CmdKind is what a command name resolves to.
type CmdKind uint8

// The kinds a [Resolver] may report.
const (
	KindUnknown  CmdKind = iota // cannot tell (dynamic name, no resolver): painted as Command
	KindBuiltin                 // a shell builtin
	KindFunction                // a shell function
	KindAlias                   // an alias
	KindKeyword                 // a reserved word
	KindExternal                // an executable file (on PATH or by path)
	KindNotFound                // nothing: painted as Unknown (red)
)

// Resolver tells the highlighter what a command name resolves to. The
// name is the unquoted text of the command word. It is called on every
// keystroke, so it must be fast (see [PathCache]).
type Resolver interface {
	Kind(name string) CmdKind
}

// ResolverFunc adapts a function to [Resolver].
type ResolverFunc func(name string) CmdKind

// Kind calls f(name).
func (f ResolverFunc) Kind(name string) CmdKind { return f(name) }

func (k CmdKind) class() Class {
	switch k {
	case KindBuiltin:
		return Builtin
	case KindFunction:
		return Function
	case KindAlias:
		return Alias
	case KindKeyword:
		return Keyword
	case KindNotFound:
		return Unknown
	default:
		return Command
	}
}
