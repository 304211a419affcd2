package shell

// signalFreeBuiltins are the builtins that neither start a program nor look at or
// change a signal's disposition, a trap or a job: they may run before the
// interactive shell's signal set-up is done (beginStatement). They are
// what startup files are made of. Any other command waits for the set-up
// first (settleBefore): a list of what is known to be safe, rather than of
// what is known not to be.
var signalFreeBuiltins = map[string]bool{
	"[": true, "test": true, "[[": true, ":": true, "true": true, "false": true,
	".": true, "source": true, "alias": true, "unalias": true,
	"export": true, "readonly": true, "declare": true, "typeset": true, "local": true,
	"unset": true, "set": true, "shopt": true, "shift": true, "return": true,
	"echo": true, "printf": true, "type": true, "hash": true, "umask": true,
	"cd": true, "pwd": true, "pushd": true, "popd": true, "dirs": true,
	"bind": true, "complete": true, "compopt": true, "let": true, "getopts": true,
	// The engine's own bookkeeping (package engine): set -e's status
	// keeper, function and declaration records, assignments' checks.
	"\x00exempt": true, "\x00funcdef": true, "\x00funcname": true, "\x00decl": true,
	"\x00declflag": true, "\x00xassign": true, "\x00args": true, "\x00argsdone": true,
	"\x00unexport": true, "\x00rocheck": true, "\x00quotemeta": true, "\x00fields": true,
	"\x00skip": true, "\x00flags": true,
}

// settleBefore waits for the signal set-up before a command runs, unless
// it is a builtin in signalFreeBuiltins; once the set-up is done it costs a
// channel receive and an atomic load.
func (s *Shell) settleBefore(name string, builtin bool) {
	if builtin && signalFreeBuiltins[name] {
		return
	}
	s.job.sig.Settle()
}
