package builtins

// Table returns the builtins of this package by name, for the core to
// register.
func Table() map[string]Func {
	return map[string]Func{
		"echo":      builtinEcho,
		"printf":    builtinPrintf,
		"read":      builtinRead,
		"mapfile":   builtinMapfile,
		"readarray": builtinMapfile,
		"getopts":   builtinGetopts,
		"test":      builtinTest,
		"[":         builtinTest,
		"cd":        builtinCd,
		"pwd":       builtinPwd,
		"dirs":      builtinDirs,
		"pushd":     builtinPushd,
		"popd":      builtinPopd,
		"umask":     builtinUmask,
		"ulimit":    builtinUlimit,
		"times":     builtinTimes,
		"command":   builtinCommand,
		"type":      builtinType,
		"hash":      builtinHash,
		"alias":     builtinAlias,
		"unalias":   builtinUnalias,
		"jobs":      builtinJobs,
		"fg":        builtinFg,
		"bg":        builtinBg,
		"disown":    builtinDisown,
		"wait":      builtinWait,
		"let":       builtinLet,
		"caller":    builtinCaller,
		"shift":     builtinShift,
	}
}
