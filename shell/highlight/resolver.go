package highlight

import (
	"path/filepath"
	"strings"
)

// ShellResolver is a [Resolver] over the shell's own tables and a
// [PathCache], resolving as the shell would run the name: alias, then
// function, then builtin, then an executable on $PATH. A name with a
// slash is a file, relative to the shell's directory (which is not the
// process's), with a leading ~/ meaning $HOME. Nil funcs know nothing.
type ShellResolver struct {
	Alias    func(name string) bool
	Function func(name string) bool
	Builtin  func(name string) bool
	// Getenv reads the shell's variables; PATH and HOME are used.
	Getenv func(name string) string
	// Dir is the shell's working directory.
	Dir   func() string
	Cache *PathCache
}

// Kind resolves name.
func (r *ShellResolver) Kind(name string) CmdKind {
	switch {
	case name == "":
		return KindUnknown
	case r.Alias != nil && r.Alias(name):
		return KindAlias
	case r.Function != nil && r.Function(name):
		return KindFunction
	case r.Builtin != nil && r.Builtin(name):
		return KindBuiltin
	case strings.ContainsRune(name, '/'):
		if Executable(r.file(name)) {
			return KindExternal
		}
		return KindNotFound
	case r.Cache != nil && r.Getenv != nil:
		if _, ok := r.Cache.Lookup(r.Getenv("PATH"), name); ok {
			return KindExternal
		}
		return KindNotFound
	}
	return KindUnknown
}

func (r *ShellResolver) file(name string) string {
	if rest, ok := strings.CutPrefix(name, "~/"); ok && r.Getenv != nil {
		return filepath.Join(r.Getenv("HOME"), rest)
	}
	if !filepath.IsAbs(name) && r.Dir != nil {
		return filepath.Join(r.Dir(), name)
	}
	return name
}
