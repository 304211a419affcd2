package assistant

import (
	"strings"
	"sync"

	"nosh/shell/internal/options"
)

// Builtins run inside nosh, outside the kernel's sandbox. An agent
// command runs in a subshell of the user's shell, which keeps variables,
// functions, aliases, the directory, interp's options and EXIT traps to
// itself; but some builtins act on the whole session (the line editor,
// completion, history, the job table, the command hash table, nosh's own
// options, the umask and resource limits of the nosh process) or on
// other processes. So an agent command may run only the builtins known
// to keep their effects inside its subshell, and some of those only in
// a form that changes nothing; every other builtin, including any added
// later, is refused with a message the model can act on. A program of
// the same name, run as `command -p NAME` or by path, runs in the
// sandbox as usual.

// agentBuiltinRule decides whether an agent command may run a builtin
// with args; why says what to do instead when it may not.
type agentBuiltinRule func(args []string) (ok bool, why string)

// contained is the rule of builtins whose effects stay in the runner
// that runs them.
func contained([]string) (bool, string) { return true, "" }

// agentBuiltins lists the builtins an agent command may run, and when.
// It is built on first use: a script never needs it.
func agentBuiltins() map[string]agentBuiltinRule {
	agentBuiltinsOnce.Do(func() { agentBuiltinsValue = makeAgentBuiltins() })
	return agentBuiltinsValue
}

var (
	agentBuiltinsOnce  sync.Once
	agentBuiltinsValue map[string]agentBuiltinRule
)

func makeAgentBuiltins() map[string]agentBuiltinRule {
	return map[string]agentBuiltinRule{
		".": contained, "source": contained, "eval": contained, "exec": contained,
		"[": contained, "test": contained, "echo": contained, "printf": contained,
		"read": contained, "getopts": contained, "let": contained, "shift": contained,
		"unset": contained, "declare": contained, "typeset": contained, "local": contained,
		"export": contained, "readonly": contained, "alias": contained, "unalias": contained,
		"cd": contained, "pwd": contained, "dirs": contained, "pushd": contained, "popd": contained,
		"break": contained, "continue": contained, "return": contained, "exit": contained,
		"logout": contained, "command": contained, "type": contained, "times": contained,
		"compgen": contained, "jobs": contained, "caller": contained,
		// Signal traps set in a subshell do nothing (trap's doc); EXIT and
		// ERR traps are the runner's.
		"trap": contained,
		// kill and wait reach only the agent's own programs: the core
		// checks their operands against the programs it tracked.
		"kill": contained,
		"wait": agentWait,

		"set":   agentSet,
		"shopt": agentShopt,
		"umask": onlyReading("umask", "umask changes the mask of the whole shell; set it inside the command instead: sh -c 'umask 077; …'",
			func(args []string) bool { return allOptions(args, "Sp") }),
		"ulimit": onlyReading("ulimit", "ulimit changes the limits of the whole shell; set them inside the command instead: sh -c 'ulimit -n 64; …'",
			func(args []string) bool { return allOptions(args, "aSHRcdefilmnpqrstuvx") }),
		"hash": onlyReading("hash", "hash changes your shell's table of commands",
			func(args []string) bool { return len(args) == 0 || len(args) == 1 && args[0] == "-l" }),
		"history": onlyReading("history", "history changes your shell's history",
			func(args []string) bool {
				return len(args) == 0 || len(args) == 1 && isUnsigned(args[0]) || args[0] == "-p"
			}),
		"fc": onlyReading("fc", "fc runs and edits your history: use fc -l to list it",
			func(args []string) bool {
				listing := false
				for _, a := range args {
					if !strings.HasPrefix(a, "-") || a == "-" || isUnsigned(a[1:]) {
						break // an operand: a history number or prefix
					}
					if strings.Trim(a[1:], "lnr") != "" {
						return false
					}
					listing = listing || strings.Contains(a, "l")
				}
				return listing
			}),
		"bind": onlyReading("bind", "bind changes your line editor's keys",
			func(args []string) bool {
				for i := 0; i < len(args); i++ {
					switch args[i] {
					case "-l", "-p", "-P", "-v", "-V", "-s", "-S", "-X":
					case "-q", "-m":
						i++
					default:
						return false
					}
				}
				return true
			}),
		"complete": onlyReading("complete", "complete changes your shell's completions",
			func(args []string) bool {
				if len(args) > 0 && args[0] != "-p" {
					return false
				}
				for _, a := range args[min(1, len(args)):] {
					if strings.HasPrefix(a, "-") {
						return false
					}
				}
				return true
			}),
		"compopt": refused("compopt changes your shell's completions"),
		"fg":      refused("fg takes your shell's jobs into the foreground"),
		"bg":      refused("bg resumes your shell's jobs"),
		"disown":  refused("disown removes your shell's jobs"),
	}
}

func refused(why string) agentBuiltinRule {
	return func([]string) (bool, string) { return false, why }
}

// onlyReading allows a builtin in the forms reading accepts.
func onlyReading(name, why string, reading func(args []string) bool) agentBuiltinRule {
	return func(args []string) (bool, string) {
		if reading(args) {
			return true, ""
		}
		return false, why
	}
}

// allOptions reports whether every argument is an option cluster of the
// given letters: a builtin that only prints.
func allOptions(args []string, letters string) bool {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], letters) != "" {
			return false
		}
	}
	return true
}

// interpSetOption reports whether name is one of set's options that live
// in the runner: an agent command may change them in its subshell.
func interpSetOption(name string) bool {
	switch name {
	case "allexport", "errexit", "noexec", "noglob", "nounset", "pipefail":
		return true
	}
	return false
}

// agentSet lets an agent command set the runner's options (-e, -u, -f,
// -n, -a, -o pipefail…) and positional parameters, and list options;
// nosh's own options (-x, -C, -o vi…) are the whole shell's.
func agentSet(args []string) (bool, string) {
	const why = "this option of set is your whole shell's, not the command's (-e, -u, -f, -a, -n and -o pipefail are the command's own); for a trace, run the command with sh -x -c '…'"
	for len(args) > 0 {
		a := args[0]
		if a == "-" {
			return false, why // turns off -x and -v
		}
		if a == "--" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
			return true, "" // positional parameters
		}
		args = args[1:]
		for i := 1; i < len(a); i++ {
			switch ch := a[i]; {
			case ch == 'o':
				if len(args) == 0 || strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "+") {
					continue // a listing
				}
				if !interpSetOption(args[0]) {
					return false, why
				}
				args = args[1:]
			case strings.IndexByte("aefnu", ch) < 0:
				return false, why
			}
		}
	}
	return true, ""
}

// agentShopt lets an agent command query every option and set those that
// live in the runner (globbing, aliases).
func agentShopt(args []string) (bool, string) {
	const why = "this shell option is your whole shell's, not the command's (dotglob, extglob, globstar, nullglob, nocaseglob and expand_aliases are the command's own)"
	changes, setO := false, false
	var names []string
	for i, a := range args {
		if a == "--" {
			names = args[i+1:]
			break
		}
		if len(a) < 2 || a[0] != '-' {
			names = args[i:]
			break
		}
		changes = changes || strings.ContainsAny(a, "su")
		setO = setO || strings.Contains(a, "o")
	}
	if !changes || len(names) == 0 {
		return true, "" // a query, or a listing
	}
	for _, n := range names {
		o, _ := options.LookupShopt(n)
		if setO && !interpSetOption(n) || !setO && !o.Interp && !o.ReadOnly {
			return false, why
		}
	}
	return true, ""
}

// agentWait lets an agent command wait for its own jobs only.
func agentWait(args []string) (bool, string) {
	for _, a := range args {
		if strings.HasPrefix(a, "%") {
			return false, "job specs name your shell's jobs; wait for the agent's own with wait $! or wait alone"
		}
	}
	return true, ""
}

// Builtin implements the Guard's check of a builtin: an agent command may
// run only the builtins agentBuiltins allows, in the forms it allows.
func (g aiGuard) Builtin(name string, args []string) (ok bool, why string) {
	if !g.agent {
		return true, ""
	}
	rule, known := agentBuiltins()[name]
	if !known {
		return false, "it is not known to keep its effects inside the agent's command"
	}
	return rule(args)
}

// isUnsigned reports whether s is a non-empty run of decimal digits.
func isUnsigned(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
