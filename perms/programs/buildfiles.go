package programs

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/perms/analysis"
)

// Build tools run the instructions of a file they are pointed at:
// pointed at standard input, a pipe or a process substitution, they run
// instructions the command line does not show, which no rule for the
// tool was meant to cover.

// buildFileOptions maps each build tool to the options naming its
// instruction file.
func buildFileOptions() map[string][]string {
	return map[string][]string{
		"make": {"-f", "--file", "--makefile"}, "gmake": {"-f", "--file", "--makefile"},
		"bmake": {"-f"}, "remake": {"-f", "--file", "--makefile"},
		"cmake": {"-P", "-C"}, "ninja": {"-f"}, "just": {"-f", "--justfile"},
		"rake": {"-f", "--rakefile"}, "scons": {"-f", "--file", "--makefile", "--sconstruct"},
		"task": {"-t", "--taskfile"}, "gradle": {"-b", "--build-file", "-I", "--init-script", "-c", "--settings-file"},
		"mvn": {"-f", "--file", "-s", "--settings"}, "ant": {"-f", "-file", "-buildfile"}, "bazel": {"--bazelrc"},
		"meson": {"--native-file", "--cross-file"}, "tox": {"-c"},
		"pip": {"-r", "--requirement", "-c", "--constraint"}, "pip3": {"-r", "--requirement", "-c", "--constraint"},
		"docker": {"-f", "--file"}, "podman": {"-f", "--file"}, "buildah": {"-f", "--file"},
		"nerdctl": {"-f", "--file"}, "earthly": {"-f"}, "invoke": {"-c", "--collection"},
	}
}

// isStdinFile reports whether a word names standard input or another
// stream rather than a file: -, /dev/stdin, /dev/fd/N, /proc/*/fd/N, or
// a process substitution.
func isStdinFile(w analysis.Word) bool {
	if w.Node != nil {
		for _, p := range w.Node.Parts {
			if _, ok := p.(*syntax.ProcSubst); ok {
				return true
			}
		}
	}
	if !w.IsStatic() {
		return false
	}
	return isStreamPath(w.Value)
}

// isStreamPath reports whether a path names a stream, however it is
// spelled: -, /dev/stdin, //dev/./stdin, /dev/../dev/fd/0, /proc/PID/fd/N.
func isStreamPath(v string) bool {
	if v == "-" {
		return true
	}
	if !strings.HasPrefix(v, "/") {
		return false
	}
	p := path.Clean(v)
	return p == "/dev/stdin" || strings.HasPrefix(p, "/dev/fd/") || p == "/dev/fd" ||
		strings.HasPrefix(p, "/proc/") && strings.Contains(p, "/fd/")
}

// buildFromStdin wraps a build tool's handler: an instruction file that
// is a stream asks. docker, podman and buildah only for build, where a
// context of - is a Dockerfile read from standard input too.
func buildFromStdin(next analysis.Handler) analysis.Handler {
	return func(c *analysis.Cmd) {
		if next != nil {
			next(c)
		}
		opts := buildFileOptions()[c.Base]
		args := c.Args
		switch c.Base {
		case "docker", "podman", "buildah", "nerdctl":
			i := 0
			for i < len(args) && args[i].IsStatic() && strings.HasPrefix(args[i].Value, "-") {
				i++
			}
			if i >= len(args) || !args[i].IsStatic() || (args[i].Value != "build" && args[i].Value != "buildx" && args[i].Value != "bud") {
				return
			}
			args = args[i+1:]
			if ops := analysis.Operands(args); len(ops) > 0 && isStdinFile(ops[len(ops)-1]) {
				c.Risk(analysis.KindInlineCode, c.Base+" build -", "builds from a Dockerfile read from standard input, which the command does not show")
				return
			}
		}
		for _, w := range args {
			if !w.IsStatic() {
				// -f<(…), --file=<(…): the option and a computed value in one word.
				if w.Node != nil && len(w.Node.Parts) > 1 {
					if lit, ok := w.Node.Parts[0].(*syntax.Lit); ok {
						for _, o := range opts {
							if (lit.Value == o || lit.Value == o+"=") && isStdinFile(analysis.Word{Kind: analysis.Field, Node: &syntax.Word{Parts: w.Node.Parts[1:]}}) {
								stdinBuild(c, o)
								return
							}
						}
					}
				}
			}
		}
		// Every spelling of the options (-sf -, -kf/dev/stdin, --fi=-),
		// and a value computed at run time, which may be a stream.
		argLetters := ""
		if t := tables().options[c.Base]; t != nil {
			argLetters = t.arg + t.handledArg
		}
		var files []analysis.Word
		for _, o := range opts {
			var short byte
			long := ""
			if len(o) == 2 {
				short = o[1]
			} else if strings.HasPrefix(o, "--") {
				long = o
			} else {
				continue // ant's single-dash long options
			}
			for _, u := range optionUses(args, argLetters+string(short), short, long) {
				val := u.val
				if len(o) == 2 && val.IsStatic() {
					val.Value = strings.TrimPrefix(val.Value, "=") // -f=-
				}
				if isStdinFile(val) {
					stdinBuild(c, o)
					return
				}
				if !val.IsStatic() {
					v, ok := c.Analyzer.Resolve(val)
					if !ok {
						c.Risk(analysis.KindInlineCode, c.Base+" "+o+" "+val.String(), "reads build instructions from a file named at run time, which may be a stream")
						continue
					}
					if isStreamPath(v) {
						stdinBuild(c, o)
						return
					}
					val = analysis.Word{Value: v}
				}
				files = append(files, val)
			}
		}
		if len(files) == 0 && (c.Base == "make" || c.Base == "gmake") {
			files = []analysis.Word{{Value: "GNUmakefile"}, {Value: "makefile"}, {Value: "Makefile"}}
		}
		for _, f := range files {
			if p, ok := c.Analyzer.Absolute(f); ok && writtenEarlier(c.Analyzer, p) {
				c.Risk(analysis.KindInlineCode, c.Base+" "+f.String(), "runs build instructions this command wrote, which the rule for "+c.Base+" was not meant to cover")
			}
		}
	}
}

// writtenEarlier reports whether an earlier part of the command writes
// or creates the file p.
func writtenEarlier(a *analysis.Analyzer, p string) bool {
	for _, t := range a.Targets {
		if t.Path == p && t.Op != analysis.RemoveEntry && t.Op != analysis.ChangeMeta {
			return true
		}
		if t.Path != "" && t.Op == analysis.CreateEntry && t.Recursive && strings.HasPrefix(p, t.Path+"/") {
			return true
		}
	}
	return false
}

func stdinBuild(c *analysis.Cmd, opt string) {
	c.Unit().StdinCode = true
	c.Risk(analysis.KindInlineCode, c.Base+" "+opt+" -", "runs build instructions read from standard input or a stream, which the command does not show")
	if c.In.Known && c.In.Code != "" && (c.Base == "make" || c.Base == "gmake") {
		// echo 'all:; rm -rf /' | make -f -: the recipes are shell code.
		for _, line := range strings.Split(c.In.Code, "\n") {
			if _, recipe, ok := strings.Cut(line, ";"); ok {
				c.Analyzer.Code(recipe, c.Base+" recipe", c.Unit().Pos)
			} else if strings.HasPrefix(line, "\t") {
				c.Analyzer.Code(line[1:], c.Base+" recipe", c.Unit().Pos)
			}
		}
	}
}

func registerBuildFiles(t *tableSet) {
	for name := range buildFileOptions() {
		t.handlers[name] = buildFromStdin(t.handlers[name])
	}
}
