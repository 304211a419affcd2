package builtins

// Lookup returns the builtin of this package called name, or nil, for
// the core's table of builtins. A switch: a map would be filled by code at
// every start-up.
func Lookup(name string) Func {
	switch name {
	case "echo":
		return builtinEcho
	case "printf":
		return builtinPrintf
	case "read":
		return builtinRead
	case "mapfile":
		return builtinMapfile
	case "readarray":
		return builtinMapfile
	case "getopts":
		return builtinGetopts
	case "test":
		return builtinTest
	case "[":
		return builtinTest
	case "cd":
		return builtinCd
	case "pwd":
		return builtinPwd
	case "dirs":
		return builtinDirs
	case "pushd":
		return builtinPushd
	case "popd":
		return builtinPopd
	case "umask":
		return builtinUmask
	case "ulimit":
		return builtinUlimit
	case "times":
		return builtinTimes
	case "command":
		return builtinCommand
	case "type":
		return builtinType
	case "hash":
		return builtinHash
	case "alias":
		return builtinAlias
	case "unalias":
		return builtinUnalias
	case "jobs":
		return builtinJobs
	case "fg":
		return builtinFg
	case "bg":
		return builtinBg
	case "disown":
		return builtinDisown
	case "wait":
		return builtinWait
	case "let":
		return builtinLet
	case "caller":
		return builtinCaller
	case "shift":
		return builtinShift
	}
	return nil
}

// Names lists the builtins of this package (Lookup's names).
func Names() []string {
	return []string{
		"echo", "printf", "read", "mapfile", "readarray", "getopts", "test", "[", "cd",
		"pwd", "dirs", "pushd", "popd", "umask", "ulimit", "times", "command", "type",
		"hash", "alias", "unalias", "jobs", "fg", "bg", "disown", "wait", "let",
		"caller", "shift",
	}
}
