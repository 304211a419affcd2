package shell

import (
	"bytes"
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// defaultPath is the PATH of `command -p`: where the standard utilities
// are, as confstr(_CS_PATH) gives it.
const defaultPath = "/bin:/usr/bin"

// commandKind is what a name runs as, in the order the shell looks.
type commandKind int

const (
	kindNone commandKind = iota
	kindAlias
	kindKeyword
	kindFunction
	kindBuiltin
	kindFile
)

func (k commandKind) String() string {
	return [...]string{"", "alias", "keyword", "function", "builtin", "file"}[k]
}

// resolution is one thing a command name can run.
type resolution struct {
	kind   commandKind
	path   string // kindFile
	hashed bool   // kindFile found in the hash table
	alias  string // kindAlias: its text
}

// resolveOptions select which kinds resolve looks for.
type resolveOptions struct {
	all       bool   // every match, not only the first (type -a)
	noFuncs   bool   // skip functions (type -f)
	filesOnly bool   // PATH only (type -P)
	path      string // PATH to search instead of $PATH (command -p)
}

// resolve lists what name would run in the runner of c.
func (c *call) resolve(name string, o resolveOptions) []resolution {
	var out []resolution
	add := func(res resolution) bool {
		out = append(out, res)
		return !o.all
	}
	if !o.filesOnly {
		if *interpunsafe.Option(c.r, "expand_aliases") {
			if text, ok := c.aliasText(name); ok && add(resolution{kind: kindAlias, alias: text}) {
				return out
			}
		}
		if isShellKeyword(name) && add(resolution{kind: kindKeyword}) {
			return out
		}
		if !o.noFuncs && c.r.Funcs[name] != nil && add(resolution{kind: kindFunction}) {
			return out
		}
		if c.sh.isUserBuiltin(name) && add(resolution{kind: kindBuiltin}) {
			return out
		}
	}
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.r.Dir, p)
		}
		if isExecutable(p) {
			add(resolution{kind: kindFile, path: name})
		}
		return out
	}
	path := o.path
	if path == "" {
		c.sh.mu.Lock()
		hashed, ok := c.sh.hashs[name]
		c.sh.mu.Unlock()
		if ok && !o.all && isExecutable(hashed) {
			add(resolution{kind: kindFile, path: hashed, hashed: true})
			return out
		}
		path = interpunsafe.LookupVar(c.r, "PATH").String()
	}
	for _, dir := range filepath.SplitList(path) {
		d := dir
		if d == "" {
			d = "."
		}
		full := filepath.Join(d, name)
		check := full
		if !filepath.IsAbs(check) {
			check = filepath.Join(c.r.Dir, check)
		}
		if isExecutable(check) {
			if dir == "" {
				full = "./" + name
			}
			if add(resolution{kind: kindFile, path: full}) {
				return out
			}
		}
	}
	return out
}

// isShellKeyword reports whether name is a reserved word of bash.
func isShellKeyword(name string) bool {
	switch name {
	case "!", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function",
		"if", "in", "select", "then", "until", "while", "{", "}", "time", "[[", "]]":
		return true
	}
	return false
}

// isUserBuiltin reports whether name is a builtin a user can call.
func (s *Shell) isUserBuiltin(name string) bool {
	if strings.ContainsRune(name, 0) {
		return false
	}
	return s.IsBuiltin(name)
}

// builtinCommand is POSIX command: -v and -V describe, otherwise the
// command runs without looking at functions (and, with -p, with the
// default PATH).
func builtinCommand(ctx context.Context, c *call) error {
	args := c.args
	describe, verbose, usePath := false, false, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, o := range a[1:] {
			switch o {
			case 'v':
				describe = true
			case 'V':
				describe, verbose = true, true
			case 'p':
				usePath = true
			default:
				return c.errorf(2, "-%c: invalid option\ncommand: usage: command [-pVv] command [arg ...]", o)
			}
		}
	}
	if len(args) == 0 {
		return nil
	}
	o := resolveOptions{}
	if usePath {
		o.path = defaultPath
	}
	if describe {
		found := false
		for _, name := range args {
			res := c.resolve(name, o)
			if len(res) == 0 {
				if verbose {
					fmt.Fprintf(c.stderr, "%s: command: %s: not found\n", c.sh.Name, name)
				}
				continue
			}
			found = true
			if verbose {
				c.describeVerbose(name, res[0])
				continue
			}
			switch res[0].kind {
			case kindAlias:
				fmt.Fprintf(c.stdout, "alias %s=%s\n", name, shellSingleQuote(res[0].alias))
			case kindFile:
				fmt.Fprintln(c.stdout, res[0].path)
			default:
				fmt.Fprintln(c.stdout, name)
			}
		}
		if !found {
			return interp.ExitStatus(1)
		}
		return nil
	}
	name := args[0]
	if c.sh.isUserBuiltin(name) {
		if _, ok := c.sh.builtins[name]; ok {
			return c.sh.runBuiltin(context.WithValue(ctx, viaCommandKey{}, true), name, args[1:])
		}
		return c.builtin(ctx, args...)
	}
	if usePath {
		return c.sh.execExternal(ctx, args, defaultPath)
	}
	return c.sh.execExternal(ctx, args, "")
}

// describeVerbose prints what name is, as `type` and `command -V` do.
func (c *call) describeVerbose(name string, res resolution) {
	switch res.kind {
	case kindAlias:
		fmt.Fprintf(c.stdout, "%s is aliased to `%s'\n", name, res.alias)
	case kindKeyword:
		fmt.Fprintf(c.stdout, "%s is a shell keyword\n", name)
	case kindFunction:
		fmt.Fprintf(c.stdout, "%s is a function\n", name)
		fmt.Fprint(c.stdout, formatFunction(name, c.r.Funcs[name]))
	case kindBuiltin:
		fmt.Fprintf(c.stdout, "%s is a shell builtin\n", name)
	case kindFile:
		if res.hashed {
			fmt.Fprintf(c.stdout, "%s is hashed (%s)\n", name, res.path)
		} else {
			fmt.Fprintf(c.stdout, "%s is %s\n", name, res.path)
		}
	}
}

// formatFunction prints a function definition as bash does.
func formatFunction(name string, body *syntax.Stmt) string {
	var buf bytes.Buffer
	syntax.NewPrinter(syntax.Indent(4)).Print(&buf, body)
	text := strings.TrimRight(buf.String(), "\n")
	if strings.Contains(text, sentinel+builtinExemptName) {
		// The set -e checks the rewrite added are not the user's code.
		lines := strings.Split(text, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if !strings.Contains(l, sentinel+builtinExemptName) {
				kept = append(kept, l)
			}
		}
		text = strings.Join(kept, "\n")
	}
	if strings.HasPrefix(text, "{") {
		text = "{ " + text[1:]
	}
	return name + " () \n" + text + "\n"
}

// builtinType is bash's type with -a -f -p -P -t.
func builtinType(ctx context.Context, c *call) error {
	args := c.args
	var o resolveOptions
	mode := ""
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, f := range a[1:] {
			switch f {
			case 'a':
				o.all = true
			case 'f':
				o.noFuncs = true
			case 't', 'p':
				mode = string(f)
			case 'P':
				mode = "P"
				o.filesOnly = true
			default:
				return c.errorf(2, "-%c: invalid option\ntype: usage: type [-afptP] name [name ...]", f)
			}
		}
	}
	status := 0
	for _, name := range args {
		res := c.resolve(name, o)
		if len(res) == 0 {
			status = 1
			if mode == "" {
				fmt.Fprintf(c.stderr, "%s: type: %s: not found\n", c.sh.Name, name)
			}
			continue
		}
		for _, r := range res {
			switch mode {
			case "t":
				fmt.Fprintln(c.stdout, r.kind)
			case "p", "P":
				if r.kind == kindFile {
					fmt.Fprintln(c.stdout, r.path)
				}
			default:
				c.describeVerbose(name, r)
			}
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// builtinHash is the hash builtin over the table lookPath fills.
func builtinHash(ctx context.Context, c *call) error {
	list, reset, del, printPath, reusable := false, false, false, false, false
	setPath := ""
	args, err := c.options("rdtlp:", "hash [-lr] [-p pathname] [-dt] [name ...]", func(opt byte, arg string) {
		switch opt {
		case 'r':
			reset = true
		case 'd':
			del = true
		case 't':
			printPath = true
		case 'l':
			reusable = true
		case 'p':
			setPath = arg
		}
	})
	if err != nil {
		return err
	}
	s := c.sh
	s.mu.Lock()
	defer s.mu.Unlock()
	if reset {
		clear(s.hashs)
		clear(s.hashHits)
	}
	list = len(args) == 0 && !reset
	status := 0
	switch {
	case list:
		if len(s.hashs) == 0 {
			fmt.Fprintf(c.stdout, "hash: hash table empty\n")
			return nil
		}
		names := make([]string, 0, len(s.hashs))
		for name := range s.hashs {
			names = append(names, name)
		}
		sort.Strings(names)
		if !reusable {
			fmt.Fprintln(c.stdout, "hits\tcommand")
		}
		for _, name := range names {
			if reusable {
				fmt.Fprintf(c.stdout, "builtin hash -p %s %s\n", s.hashs[name], name)
			} else {
				fmt.Fprintf(c.stdout, "%4d\t%s\n", s.hashHits[name], s.hashs[name])
			}
		}
	case setPath != "":
		for _, name := range args {
			s.hashs[name] = setPath
		}
	case del:
		for _, name := range args {
			if _, ok := s.hashs[name]; !ok {
				fmt.Fprintf(c.stderr, "%s: hash: %s: not found\n", s.Name, name)
				status = 1
			}
			delete(s.hashs, name)
			delete(s.hashHits, name)
		}
	case printPath:
		for _, name := range args {
			p, ok := s.hashs[name]
			if !ok {
				fmt.Fprintf(c.stderr, "%s: hash: %s: not found\n", s.Name, name)
				status = 1
				continue
			}
			if len(args) > 1 {
				fmt.Fprintf(c.stdout, "%s\t%s\n", name, p)
			} else {
				fmt.Fprintln(c.stdout, p)
			}
		}
	default:
		for _, name := range args {
			if strings.Contains(name, "/") || c.r.Funcs[name] != nil || s.isUserBuiltin(name) {
				continue
			}
			p, err := findInPath(c.r.Dir, interpunsafe.LookupVar(c.r, "PATH").String(), name)
			if err != nil {
				fmt.Fprintf(c.stderr, "%s: hash: %s: not found\n", s.Name, name)
				status = 1
				continue
			}
			s.hashs[name] = p
			s.hashHits[name] = 0
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// countHit records that name is about to run as a program.
func (s *Shell) countHit(r *interp.Runner, name string) {
	if strings.Contains(name, "/") || (r != nil && r.Funcs[name] != nil) || s.IsBuiltin(name) {
		return
	}
	s.mu.Lock()
	s.hashHits[name]++
	s.mu.Unlock()
}

// shellSingleQuote quotes s in single quotes, as alias listings do.
func shellSingleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
