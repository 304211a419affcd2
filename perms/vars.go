package perms

import "strings"

// dangerousVarsTable lists the variables whose value decides which
// program runs, what a program loads, or what the shell runs on its own.
func dangerousVarsTable() map[string]string {
	return map[string]string{
		"PATH":              "changes where commands are looked up",
		"IFS":               "changes how words are split",
		"CDPATH":            "changes where cd goes",
		"HOME":              "changes what ~ and $HOME name",
		"SHELL":             "changes the shell programs start",
		"ENV":               "names a file every new shell runs",
		"BASH_ENV":          "names a file every new shell runs",
		"PROMPT_COMMAND":    "runs a command before every prompt",
		"PS0":               "is expanded, running substitutions, at every command",
		"PS1":               "is expanded, running substitutions, at every prompt",
		"PS2":               "is expanded, running substitutions, at every prompt",
		"PS4":               "is expanded, running substitutions, when tracing",
		"SHELLOPTS":         "changes how new shells behave",
		"BASHOPTS":          "changes how new shells behave",
		"HISTFILE":          "changes which file the history is written to",
		"EDITOR":            "names a command other programs run",
		"VISUAL":            "names a command other programs run",
		"BROWSER":           "names a command other programs run",
		"LESSOPEN":          "names a command less runs on every file",
		"LESSCLOSE":         "names a command less runs on every file",
		"LESS":              "holds less options, which can run commands",
		"MANOPT":            "holds man options, which can name a pager command",
		"NODE_OPTIONS":      "makes node load code",
		"NODE_PATH":         "changes where node loads code from",
		"PYTHONPATH":        "changes where python loads code from",
		"PYTHONSTARTUP":     "makes python run a file",
		"PYTHONHOME":        "changes where python loads code from",
		"PERL5LIB":          "changes where perl loads code from",
		"PERLLIB":           "changes where perl loads code from",
		"PERL5OPT":          "makes perl load code",
		"RUBYOPT":           "makes ruby load code",
		"RUBYLIB":           "changes where ruby loads code from",
		"JAVA_TOOL_OPTIONS": "makes java load code",
		"_JAVA_OPTIONS":     "makes java load code",
		"JDK_JAVA_OPTIONS":  "makes java load code",
		"GOFLAGS":           "changes how go builds, which can run programs",
		"GOTOOLCHAIN":       "makes go download and run another toolchain",
		"RUSTC_WRAPPER":     "names a command cargo runs",
		"SSH_ASKPASS":       "names a command ssh runs",
		"SUDO_ASKPASS":      "names a command sudo runs",
		"GCONV_PATH":        "changes where libc loads code from",
		"FPATH":             "changes where shells load functions from",
		"ZDOTDIR":           "changes which startup files zsh runs",
		"XDG_CONFIG_HOME":   "changes where programs (and nosh) read their configuration",
	}
}

// DangerousVar reports whether assigning the named variable changes what
// runs, and why.
func DangerousVar(name string) (reason string, ok bool) {
	if r, ok := tables().dangerousVars[name]; ok {
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
	case strings.HasPrefix(name, "NOSH_"):
		return "changes how nosh behaves", true
	case strings.HasPrefix(name, "NPM_CONFIG_") || strings.HasPrefix(name, "npm_config_"):
		return "changes npm configuration, which can name commands it runs", true
	}
	return "", false
}
