package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// Build tools with a mode that runs code or commands given on the
// command line rather than a build file: cmake -E (rm, env, chdir…),
// rake -e. A rule for the tool was written for building.

// cmakeCmd judges cmake -E, whose tools delete files and run commands,
// and -D settings that make cmake load a script from a stream.
func cmakeCmd(c *analysis.Cmd) {
	for i, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "-E" && i+1 < len(c.Args) {
			cmakeTool(c, c.Args[i+1:])
			return
		}
	}
	for _, u := range optionUses(c.Args, "DCGTAUSBP", 'D', "") {
		if !u.val.IsStatic() {
			continue
		}
		name, val, _ := strings.Cut(u.val.Value, "=")
		name, _, _ = strings.Cut(name, ":")
		if strings.Contains(name, "INCLUDE") || strings.Contains(name, "TOOLCHAIN") || strings.Contains(name, "RULES_OVERRIDE") {
			if isStreamPath(val) {
				stdinBuild(c, "-D "+name)
			}
		}
	}
}

// cmakeTool judges the tool of cmake -E, given with its arguments.
func cmakeTool(c *analysis.Cmd, ws []analysis.Word) {
	c.Risk(analysis.KindWrapper, "cmake -E "+ws[0].String(), "runs one of cmake's command-line tools, which copy, delete and run commands")
	if !ws[0].IsStatic() {
		return
	}
	rest := ws[1:]
	switch ws[0].Value {
	case "rm":
		c.Inner(append([]analysis.Word{{Value: "rm"}}, rest...), "cmake -E rm")
	case "remove":
		c.Inner(append([]analysis.Word{{Value: "rm"}}, rest...), "cmake -E remove")
	case "remove_directory", "rmdir":
		c.Inner(append([]analysis.Word{{Value: "rm"}, {Value: "-r"}, {Value: "--"}}, rest...), "cmake -E "+ws[0].Value)
	case "env":
		i := 0
		for i < len(rest) && rest[i].IsStatic() && (strings.Contains(rest[i].Value, "=") || strings.HasPrefix(rest[i].Value, "-")) {
			i++
		}
		c.Inner(rest[i:], "cmake -E env")
	case "chdir":
		if len(rest) > 1 {
			c.Inner(rest[1:], "cmake -E chdir")
		}
	case "time":
		c.Inner(rest, "cmake -E time")
	}
}

// rakeCmd: -e, -E and -p run Ruby code given on the command line; -r
// loads a library.
func rakeCmd(c *analysis.Cmd) {
	for _, o := range []struct {
		short byte
		long  string
	}{{'e', "--execute"}, {'E', "--execute-continue"}, {'p', "--execute-print"}} {
		if len(optionUses(c.Args, "eEpfrIRCgj", o.short, o.long)) > 0 {
			c.Risk(analysis.KindInlineCode, "rake "+o.long, "runs Ruby code given on the command line")
		}
	}
	if len(optionUses(c.Args, "eEpfrIRCgj", 'r', "--require")) > 0 {
		c.Risk(analysis.KindOption, "rake --require", "loads a Ruby library before the build")
	}
}

func registerBuildTools(t *tableSet) {
	t.handlers["cmake"] = cmakeCmd
	t.handlers["rake"] = rakeCmd
}
