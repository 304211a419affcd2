package builtins

// Synopsis returns bash's usage line of builtin name (`help -s NAME`),
// which a usage error prints after "NAME: usage: "; a builtin bash lacks
// has just its name. (A switch: a map literal would be filled by code at
// every start-up.)
func Synopsis(name string) string {
	switch name {
	case ".":
		return ". filename [arguments]"
	case "alias":
		return "alias [-p] [name[=value] ... ]"
	case "bg":
		return "bg [job_spec ...]"
	case "bind":
		return "bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]"
	case "break":
		return "break [n]"
	case "builtin":
		return "builtin [shell-builtin [arg ...]]"
	case "caller":
		return "caller [expr]"
	case "cd":
		return "cd [-L|[-P [-e]] [-@]] [dir]"
	case "command":
		return "command [-pVv] command [arg ...]"
	case "compgen":
		return "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]"
	case "complete":
		return "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]"
	case "compopt":
		return "compopt [-o|+o option] [-DEI] [name ...]"
	case "continue":
		return "continue [n]"
	case "declare":
		return "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]"
	case "dirs":
		return "dirs [-clpv] [+N] [-N]"
	case "disown":
		return "disown [-h] [-ar] [jobspec ... | pid ...]"
	case "echo":
		return "echo [-neE] [arg ...]"
	case "enable":
		return "enable [-a] [-dnps] [-f filename] [name ...]"
	case "eval":
		return "eval [arg ...]"
	case "exec":
		return "exec [-cl] [-a name] [command [argument ...]] [redirection ...]"
	case "exit":
		return "exit [n]"
	case "export":
		return "export [-fn] [name[=value] ...] or export -p"
	case "fc":
		return "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"
	case "fg":
		return "fg [job_spec]"
	case "getopts":
		return "getopts optstring name [arg ...]"
	case "hash":
		return "hash [-lr] [-p pathname] [-dt] [name ...]"
	case "help":
		return "help [-dms] [pattern ...]"
	case "history":
		return "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]"
	case "jobs":
		return "jobs [-lnprs] [jobspec ...] or jobs -x command [args]"
	case "kill":
		return "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]"
	case "let":
		return "let arg [arg ...]"
	case "local":
		return "local [option] name[=value] ..."
	case "logout":
		return "logout [n]"
	case "mapfile":
		return "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"
	case "popd":
		return "popd [-n] [+N | -N]"
	case "printf":
		return "printf [-v var] format [arguments]"
	case "pushd":
		return "pushd [-n] [+N | -N | dir]"
	case "pwd":
		return "pwd [-LP]"
	case "read":
		return "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]"
	case "readarray":
		return "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"
	case "readonly":
		return "readonly [-aAf] [name[=value] ...] or readonly -p"
	case "return":
		return "return [n]"
	case "set":
		return "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]"
	case "shift":
		return "shift [n]"
	case "shopt":
		return "shopt [-pqsu] [-o] [optname ...]"
	case "source":
		return "source filename [arguments]"
	case "suspend":
		return "suspend [-f]"
	case "test":
		return "test [expr]"
	case "times":
		return "times"
	case "trap":
		return "trap [-lp] [[arg] signal_spec ...]"
	case "type":
		return "type [-afptP] name [name ...]"
	case "typeset":
		return "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"
	case "ulimit":
		return "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]"
	case "umask":
		return "umask [-p] [-S] [mode]"
	case "unalias":
		return "unalias [-a] name [name ...]"
	case "unset":
		return "unset [-f] [-v] [-n] [name ...]"
	case "wait":
		return "wait [-fn] [-p var] [id ...]"
	}
	return name
}
