package perms

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
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
		"task": {"-t", "--taskfile"}, "gradle": {"-b", "--build-file"}, "mvn": {"-f", "--file"},
		"ant": {"-f", "-file", "-buildfile"}, "bazel": {"--bazelrc"}, "meson": {}, "tox": {"-c"},
		"docker": {"-f", "--file"}, "podman": {"-f", "--file"}, "buildah": {"-f", "--file"},
		"nerdctl": {"-f", "--file"}, "earthly": {"-f"}, "invoke": {"-c", "--collection"},
	}
}

// isStdinFile reports whether a word names standard input or another
// stream rather than a file: -, /dev/stdin, /dev/fd/N, /proc/*/fd/N, or
// a process substitution.
func isStdinFile(w Word) bool {
	if w.node != nil {
		for _, p := range w.node.Parts {
			if _, ok := p.(*syntax.ProcSubst); ok {
				return true
			}
		}
	}
	if !w.IsStatic() {
		return false
	}
	v := w.Value
	return v == "-" || v == "/dev/stdin" || strings.HasPrefix(v, "/dev/fd/") ||
		strings.HasPrefix(v, "/proc/") && strings.Contains(v, "/fd/")
}

// buildFromStdin wraps a build tool's handler: an instruction file that
// is a stream asks. docker, podman and buildah only for build, where a
// context of - is a Dockerfile read from standard input too.
func buildFromStdin(next handler) handler {
	return func(c *cmd) {
		if next != nil {
			next(c)
		}
		opts := buildFileOptions()[c.base]
		args := c.args
		switch c.base {
		case "docker", "podman", "buildah", "nerdctl":
			i := 0
			for i < len(args) && args[i].IsStatic() && strings.HasPrefix(args[i].Value, "-") {
				i++
			}
			if i >= len(args) || !args[i].IsStatic() || (args[i].Value != "build" && args[i].Value != "buildx" && args[i].Value != "bud") {
				return
			}
			args = args[i+1:]
			if ops := operands(args); len(ops) > 0 && isStdinFile(ops[len(ops)-1]) {
				c.risk(KindInlineCode, c.base+" build -", "builds from a Dockerfile read from standard input, which the command does not show")
				return
			}
		}
		for i, w := range args {
			if !w.IsStatic() {
				// -f<(…), --file=<(…): the option and a computed value in one word.
				if w.node != nil && len(w.node.Parts) > 1 {
					if lit, ok := w.node.Parts[0].(*syntax.Lit); ok {
						for _, o := range opts {
							if (lit.Value == o || lit.Value == o+"=") && isStdinFile(Word{Kind: Field, node: &syntax.Word{Parts: w.node.Parts[1:]}}) {
								c.stdinBuild(o)
								return
							}
						}
					}
				}
				continue
			}
			for _, o := range opts {
				var val Word
				switch {
				case w.Value == o && i+1 < len(args):
					val = args[i+1]
				case strings.HasPrefix(o, "--") && strings.HasPrefix(w.Value, o+"="):
					val = Word{Value: w.Value[len(o)+1:]}
				case len(o) == 2 && strings.HasPrefix(w.Value, o) && len(w.Value) > 2:
					val = Word{Value: strings.TrimPrefix(w.Value[2:], "=")} // -f- and -f=-
				default:
					continue
				}
				if isStdinFile(val) {
					c.stdinBuild(o)
					return
				}
			}
		}
	}
}

func (c *cmd) stdinBuild(opt string) {
	c.unit().stdinCode = true
	c.risk(KindInlineCode, c.base+" "+opt+" -", "runs build instructions read from standard input or a stream, which the command does not show")
	if c.in.known && c.in.code != "" && (c.base == "make" || c.base == "gmake") {
		// echo 'all:; rm -rf /' | make -f -: the recipes are shell code.
		for _, line := range strings.Split(c.in.code, "\n") {
			if _, recipe, ok := strings.Cut(line, ";"); ok {
				c.a.code(recipe, c.base+" recipe", c.unit().Pos)
			} else if strings.HasPrefix(line, "\t") {
				c.a.code(line[1:], c.base+" recipe", c.unit().Pos)
			}
		}
	}
}

func registerBuildFiles(t *tableSet) {
	for name := range buildFileOptions() {
		t.handlers[name] = buildFromStdin(t.handlers[name])
	}
}
