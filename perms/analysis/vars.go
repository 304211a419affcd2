package analysis

import "strings"

// dangerousVarsTable lists the variables whose value decides which
// program runs, what a program loads, or what the shell runs on its own.
func dangerousVarsTable() map[string]string {
	return map[string]string{
		"PATH":                    "changes where commands are looked up",
		"IFS":                     "changes how words are split",
		"CDPATH":                  "changes where cd goes",
		"HOME":                    "changes what ~ and $HOME name",
		"SHELL":                   "changes the shell programs start",
		"ENV":                     "names a file every new shell runs",
		"BASH_ENV":                "names a file every new shell runs",
		"PROMPT_COMMAND":          "runs a command before every prompt",
		"PS0":                     "is expanded, running substitutions, at every command",
		"PS1":                     "is expanded, running substitutions, at every prompt",
		"PS2":                     "is expanded, running substitutions, at every prompt",
		"PS4":                     "is expanded, running substitutions, when tracing",
		"SHELLOPTS":               "changes how new shells behave",
		"BASHOPTS":                "changes how new shells behave",
		"HISTFILE":                "changes which file the history is written to",
		"EDITOR":                  "names a command other programs run",
		"VISUAL":                  "names a command other programs run",
		"BROWSER":                 "names a command other programs run",
		"LESSOPEN":                "names a command less runs on every file",
		"LESSCLOSE":               "names a command less runs on every file",
		"LESS":                    "holds less options, which can run commands",
		"MANOPT":                  "holds man options, which can name a pager command",
		"NODE_OPTIONS":            "makes node load code",
		"NODE_PATH":               "changes where node loads code from",
		"PYTHONPATH":              "changes where python loads code from",
		"PYTHONSTARTUP":           "makes python run a file",
		"PYTHONHOME":              "changes where python loads code from",
		"PERL5LIB":                "changes where perl loads code from",
		"PERLLIB":                 "changes where perl loads code from",
		"PERL5OPT":                "makes perl load code",
		"RUBYOPT":                 "makes ruby load code",
		"RUBYLIB":                 "changes where ruby loads code from",
		"JAVA_TOOL_OPTIONS":       "makes java load code",
		"_JAVA_OPTIONS":           "makes java load code",
		"JDK_JAVA_OPTIONS":        "makes java load code",
		"GOFLAGS":                 "changes how go builds, which can run programs",
		"GOTOOLCHAIN":             "makes go download and run another toolchain",
		"RUSTC_WRAPPER":           "names a command cargo runs",
		"SSH_ASKPASS":             "names a command ssh runs",
		"SUDO_ASKPASS":            "names a command sudo runs",
		"GCONV_PATH":              "changes where libc loads code from",
		"FPATH":                   "changes where shells load functions from",
		"ZDOTDIR":                 "changes which startup files zsh runs",
		"XDG_CONFIG_HOME":         "changes where programs (and nosh) read their configuration",
		"BASH_CMDS":               "changes which program a command name runs",
		"RUSTC_WORKSPACE_WRAPPER": "names a command cargo runs",
		"CURL_HOME":               "changes where curl reads its options, which can write files",
		"WGETRC":                  "names the file wget reads its options from",
		"OPENSSL_CONF":            "names the file openssl reads, which can load libraries",
		"KUBE_EDITOR":             "names a command kubectl runs",
		"LUA_INIT":                "makes lua run code at start",
		"MAKEFILES":               "names makefiles make reads first",
		"VIMINIT":                 "holds commands vim runs at start",
		"EXINIT":                  "holds commands ex and vi run at start",
		"PSQLRC":                  "names the file psql runs at start",
		"RIPGREP_CONFIG_PATH":     "names the file rg reads its options from",
		"SQLITE_HISTORY":          "names the file sqlite3 writes its history to",
		"GIT_EDITOR":              "names a command git runs",
		"BASH_ALIASES":            "defines aliases, which change what a command name runs",
		"TAR_OPTIONS":             "holds tar options, which can run commands",
		"RSYNC_RSH":               "names the command rsync connects with",
		"RSYNC_CONNECT_PROG":      "names a command rsync runs to connect",
		"MAKEFLAGS":               "holds make options, which can run makefile code",
		"GNUMAKEFLAGS":            "holds make options, which can run makefile code",
		"ZIPOPT":                  "holds zip options, which can run commands or delete the files zipped",
		"UNZIP":                   "holds unzip options, which can overwrite files",
		"MFLAGS":                  "holds make options, which can run makefile code",
		"CC":                      "names the compiler other programs run",
		"CXX":                     "names the compiler other programs run",
		"CPP":                     "names the preprocessor other programs run",
		"LD":                      "names the linker other programs run",
		"AR":                      "names a tool other programs run",
		"GOENV":                   "names the file go reads its settings from",
		"CGO_CFLAGS":              "changes the flags go passes to the C compiler",
		"CGO_LDFLAGS":             "changes the flags go passes to the linker",
		"RUSTC":                   "names the compiler cargo runs",
		"RUSTFLAGS":               "changes the flags cargo passes to the compiler",
		"CARGO_HOME":              "changes where cargo reads its configuration",
		"KUBECONFIG":              "names the file kubectl reads, which can name commands it runs",
		"DOCKER_CONFIG":           "changes where docker reads its configuration, which can name helpers it runs",
		"AWS_CONFIG_FILE":         "names the file aws reads, which can name commands it runs",
		"LESSKEY":                 "names a file of less key bindings, which can set LESSOPEN",
		"LESSKEY_CONTENT":         "holds less key bindings, which can set LESSOPEN",
		"LESSKEYIN":               "names a file of less key bindings, which can set LESSOPEN",
		"PIP_CONFIG_FILE":         "names the file pip reads its configuration from",
		"NPM_CONFIG_USERCONFIG":   "names the file npm reads its configuration from",
		"GIT_CONFIG_GLOBAL":       "names the file git reads its configuration from",
	}
}

// DangerousVar reports whether assigning the named variable changes what
// runs, and why.
func DangerousVar(name string) (reason string, ok bool) {
	if r, ok := coreTables().dangerousVars[name]; ok {
		return r, true
	}
	switch {
	case strings.HasPrefix(name, "LD_") || strings.HasPrefix(name, "DYLD_"):
		return "changes what the dynamic linker loads", true
	case strings.HasPrefix(name, "GIT_"):
		return "changes how git runs, including which commands it runs", true
	case strings.HasSuffix(name, "PAGER"):
		return "names a command other programs run", true
	case strings.HasPrefix(name, "BASH_FUNC_"):
		return "exports a function to new shells", true
	case strings.HasPrefix(name, "NOSH_") && name != "NOSH_SCRATCH":
		// (NOSH_SCRATCH only tells the agent's commands where their
		// scratch directory is.)
		return "changes how nosh behaves", true
	case strings.HasPrefix(name, "NPM_CONFIG_") || strings.HasPrefix(name, "npm_config_"):
		return "changes npm configuration, which can name commands it runs", true
	case strings.HasPrefix(name, "CARGO_") && (strings.HasSuffix(name, "_RUNNER") || strings.HasSuffix(name, "_LINKER") || strings.HasSuffix(name, "_WRAPPER")),
		strings.HasPrefix(name, "LUA_INIT"):
		return "names a command cargo runs", true
	case strings.HasPrefix(name, "PIP_") || strings.HasPrefix(name, "UV_"):
		return "changes python package installer settings, which can name indexes and commands", true
	}
	return "", false
}

// subscriptCode reports whether s, used as a variable name or in
// arithmetic, runs a command: bash evaluates the subscript of a name such
// as a[$(cmd)] wherever it takes a name from a string (printf -v, read,
// test -v, unset, declare, let, $((x)) with x holding it, ${!x}).
func subscriptCode(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '[' || i == 0 || !IsIdentByte(s[i-1]) {
			continue
		}
		if j := strings.IndexByte(s[i:], ']'); j > 0 {
			inner := s[i : i+j]
			if strings.Contains(inner, "$(") || strings.IndexByte(inner, '`') >= 0 {
				return true
			}
		} else if strings.Contains(s[i:], "$(") || strings.IndexByte(s[i:], '`') >= 0 {
			return true
		}
	}
	return false
}

// IsName reports whether s is a valid shell variable name.
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// IsIdentByte reports whether b may appear in a name (awk's or the
// shell's) after its first byte.
func IsIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
