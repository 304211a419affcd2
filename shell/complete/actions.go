package complete

import (
	"bufio"
	"context"
	"os"
	"sort"
	"strings"
	"unicode"
)

// Actions: the word lists of bash's `compgen -A ACTION` (and the letter
// options that abbreviate them), for compgen and for specs that
// `complete` defines.

// UserSpec is a completion a shell script defined with `complete`: it
// is consulted before nosh's own specs, carapace and --help, as bash
// consults compspecs.
type UserSpec func(ctx context.Context, q UserQuery) (UserResult, bool)

// UserQuery is the command line a UserSpec completes.
type UserQuery struct {
	// Words are the command's words before the current one, unquoted,
	// command name first (aliases not expanded, as bash passes them).
	Words []string
	// Current is the unquoted word being completed, up to the cursor.
	Current string
	// Line and Cursor are the whole line and the cursor's byte offset.
	Line   string
	Cursor int
}

// UserResult is what a UserSpec produced.
type UserResult struct {
	// Words are the completions, unquoted; they need not start with
	// Current (a -F function may offer corrections), though most do.
	Words []string
	// NoSpace: no space after the inserted word (-o nospace).
	NoSpace bool
	// Filenames: the words are file names: directories get a '/' and no
	// space (-o filenames).
	Filenames bool
	// NoQuote: insert the words as they are (-o noquote).
	NoQuote bool
	// Fallback: with no words, complete as nosh would have without the
	// spec (-o default, -o bashdefault); Dirs falls back to directories
	// only (-o dirnames).
	Fallback, Dirs bool
}

// Action returns the words action produces that start with prefix, and
// whether action is known.
func (c *Completer) Action(action, prefix string) ([]string, bool) {
	c.init()
	var words []string
	from := func(names []string) {
		for _, n := range names {
			if strings.HasPrefix(n, prefix) {
				words = append(words, n)
			}
		}
	}
	switch action {
	case "alias":
		for n := range c.Env.Aliases() {
			from([]string{n})
		}
	case "builtin", "enabled", "helptopic":
		from(c.Env.Builtins())
	case "command":
		for _, cand := range c.commands(word{value: prefix, raw: prefix}, false) {
			words = append(words, cand.Value)
		}
		from(keywords)
	case "directory":
		for _, cand := range c.files(prefix, fileDirs) {
			words = append(words, strings.TrimSuffix(cand.Value, "/"))
		}
	case "file":
		for _, cand := range c.files(prefix, fileAny) {
			words = append(words, strings.TrimSuffix(cand.Value, "/"))
		}
	case "function":
		from(c.Env.Functions())
	case "variable", "export", "arrayvar":
		from(c.Env.Vars())
	case "user":
		for _, u := range c.passwd() {
			from([]string{u.name})
		}
	case "group":
		from(fileFields("/etc/group", ':', 0))
	case "hostname":
		from(fileHosts("/etc/hosts"))
		from(sshHosts(c.Env.Get("HOME")))
	case "service":
		from(fileFields("/etc/services", ' ', 0))
	case "job", "running", "stopped":
		for _, j := range c.Env.Jobs() {
			from([]string{strings.Fields(j.Text + " x")[0]})
		}
	case "keyword":
		from(keywords)
	case "signal":
		from(signalNames)
	case "setopt":
		from(setoptNames)
	case "shopt":
		from(c.Shopts)
	case "binding":
		from(c.Bindings)
	case "disabled":
	default:
		return nil, false
	}
	sort.Strings(words)
	return dedupe(words), true
}

// ActionLetters maps compgen's and complete's letter options to actions
// ("" for none). An array, not a map: a map literal is built at package
// initialisation, in every process.
var ActionLetters = [256]string{
	'a': "alias", 'b': "builtin", 'c': "command", 'd': "directory", 'e': "export",
	'f': "file", 'g': "group", 'j': "job", 'k': "keyword", 's': "service",
	'u': "user", 'v': "variable",
}

var keywords = []string{"!", "[[", "]]", "case", "do", "done", "elif", "else", "esac", "fi", "for",
	"function", "if", "in", "select", "then", "time", "until", "while", "{", "}"}

var signalNames = []string{"SIGABRT", "SIGALRM", "SIGBUS", "SIGCHLD", "SIGCONT", "SIGFPE", "SIGHUP",
	"SIGILL", "SIGINT", "SIGIO", "SIGKILL", "SIGPIPE", "SIGPROF", "SIGPWR", "SIGQUIT", "SIGSEGV",
	"SIGSTKFLT", "SIGSTOP", "SIGSYS", "SIGTERM", "SIGTRAP", "SIGTSTP", "SIGTTIN", "SIGTTOU",
	"SIGURG", "SIGUSR1", "SIGUSR2", "SIGVTALRM", "SIGWINCH", "SIGXCPU", "SIGXFSZ"}

var setoptNames = []string{"allexport", "braceexpand", "emacs", "errexit", "errtrace", "functrace",
	"hashall", "histexpand", "history", "ignoreeof", "interactive-comments", "keyword", "monitor",
	"noclobber", "noexec", "noglob", "nolog", "notify", "nounset", "onecmd", "physical",
	"pipefail", "posix", "privileged", "verbose", "vi", "xtrace"}

// fileFields returns field n of each line of path, split at sep or
// tabs; # starts a comment.
func fileFields(path string, sep rune, n int) []string {
	var out []string
	eachLine(path, func(fields []string) {
		if len(fields) > n {
			out = append(out, fields[n])
		}
	}, func(r rune) bool { return r == sep || r == '\t' })
	return out
}

// fileHosts returns the host names of an /etc/hosts file.
func fileHosts(path string) []string {
	var out []string
	eachLine(path, func(fields []string) {
		if len(fields) > 1 {
			out = append(out, fields[1:]...)
		}
	}, unicode.IsSpace)
	return out
}

// eachLine calls f with the fields of each line of path, comments cut.
func eachLine(path string, f func([]string), isSep func(rune) bool) {
	file, err := os.Open(path)
	if err != nil {
		return
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		f(strings.FieldsFunc(line, isSep))
	}
}

func dedupe(sorted []string) []string {
	out := sorted[:0]
	for i, w := range sorted {
		if i == 0 || w != sorted[i-1] {
			out = append(out, w)
		}
	}
	return out
}

// userCandidates turns a UserSpec's words into candidates for w.
func (c *Completer) userCandidates(res UserResult, current string) []Candidate {
	out := make([]Candidate, 0, len(res.Words))
	for _, word := range res.Words {
		cand := Candidate{Value: word, Tag: "completions", NoSpace: res.NoSpace, NoQuote: res.NoQuote}
		if res.Filenames {
			if fi, err := os.Stat(c.resolvePath(word)); err == nil && fi.IsDir() {
				cand.Value += "/"
				cand.NoSpace = true
			}
		}
		out = append(out, cand)
	}
	return out
}

// resolvePath makes a typed path absolute against the shell's directory.
func (c *Completer) resolvePath(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return c.Env.Dir() + "/" + p
}
