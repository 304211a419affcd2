package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
)

// inputrcPath is the inputrc file the editor reads, as bash's readline
// finds it: $INPUTRC, else $HOME/.inputrc when it exists, else
// /etc/inputrc. HOME is the shell's variable, not the password file's
// home directory (which readline's own lookup uses).
func inputrcPath(getenv func(string) string) string {
	if p := getenv("INPUTRC"); p != "" {
		return p
	}
	if home := getenv("HOME"); home != "" {
		p := filepath.Join(home, ".inputrc")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "/etc/inputrc"
}

// noshInputrcDefaults are the readline variables nosh sets differently
// from readline's own defaults, unless an inputrc sets them:
//   - convert-meta off, input-meta and output-meta on, as bash's readline
//     does in a UTF-8 locale: the bytes of é or ß are text, not Meta keys
//     (terminals send Meta as an ESC prefix);
//   - bracketed paste on, as in bash 5.1 and later, so that a pasted text
//     never runs before Enter;
//   - the common prefix of ambiguous completions is inserted and the
//     candidates listed, rather than the first one chosen silently.
func noshInputrcDefaults() map[string]any {
	noshInputrcDefaultsOnce.Do(func() { noshInputrcDefaultsValue = makeNoshInputrcDefaults() })
	return noshInputrcDefaultsValue
}

var (
	noshInputrcDefaultsOnce  sync.Once
	noshInputrcDefaultsValue map[string]any
)

func makeNoshInputrcDefaults() map[string]any {
	return map[string]any{
		"convert-meta":                 false,
		"input-meta":                   true,
		"output-meta":                  true,
		"enable-bracketed-paste":       true,
		"menu-complete-display-prefix": true,
	}
}

// setRecorder passes an inputrc's settings to the editor's configuration
// and remembers which variables it set.
type setRecorder struct {
	*inputrc.Config
	set map[string]bool
}

func (r *setRecorder) Set(name string, value any) error {
	r.set[name] = true
	return r.Config.Set(name, value)
}

// ReadFile reads an $include'd file as bashApp reads the main one.
func (r *setRecorder) ReadFile(name string) ([]byte, error) {
	buf, err := r.Config.ReadFile(name)
	return bashApp(buf), err
}

// inputrcApp is the application name inputrc files are read as.
const inputrcApp = "bash"

// bashApp makes `$if nosh` blocks read as `$if Bash` ones: nosh reads
// both, since what a bash user binds for bash (magic-space, history
// search) is what nosh's editor does too. The file is then parsed as
// bash's, so `$else` branches of `$if Bash` stay unread.
func bashApp(buf []byte) []byte {
	if !bytes.Contains(bytes.ToLower(buf), []byte("nosh")) {
		return buf
	}
	lines := bytes.Split(buf, []byte("\n"))
	for i, l := range lines {
		t := bytes.TrimSpace(l)
		if rest, ok := bytes.CutPrefix(t, []byte("$if")); ok && strings.EqualFold(string(bytes.TrimSpace(rest)), "nosh") {
			lines[i] = []byte("$if " + inputrcApp)
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

// readlineEnvMu serialises the brief change of $INPUTRC in the process
// environment around readline.NewShell.
var readlineEnvMu sync.Mutex

// newBlankReadline builds a line editor with readline's defaults and no
// inputrc read: the costly part (its key maps), which depends on nothing
// the startup files may change.
func newBlankReadline() *readline.Shell {
	// readline reads $INPUTRC, else the password file's ~/.inputrc, else
	// /etc/inputrc, when it is built. Pointing it at an empty file keeps
	// it from reading the wrong file; the right one is read by
	// configureReadline.
	readlineEnvMu.Lock()
	defer readlineEnvMu.Unlock()
	old, had := os.LookupEnv("INPUTRC")
	os.Setenv("INPUTRC", os.DevNull)
	rl := readline.NewShell(inputrc.WithApp("nosh"))
	if had {
		os.Setenv("INPUTRC", old)
	} else {
		os.Unsetenv("INPUTRC")
	}
	return rl
}

// configureReadline configures a blank editor from the inputrc that
// inputrcPath names (with its `$if Bash` and `$if nosh` blocks), with
// nosh's defaults for what that file leaves unset. It returns the
// variables the file set.
func configureReadline(rl *readline.Shell, getenv func(string) string) (*readline.Shell, map[string]bool) {
	rec := &setRecorder{Config: rl.Config, set: map[string]bool{}}
	path := inputrcPath(getenv)
	if buf, err := rec.ReadFile(path); err == nil {
		// Errors in the file are ignored line by line, as bash's readline
		// ignores lines it does not understand.
		_ = inputrc.ParseBytes(buf, rec,
			inputrc.WithApp(inputrcApp), inputrc.WithMode("emacs"),
			inputrc.WithTerm(getenv("TERM")), inputrc.WithName(path))
	}
	for name, v := range noshInputrcDefaults() {
		if !rec.set[name] {
			rl.Config.Set(name, v)
		}
	}
	applyInputrcVars(rl)
	return rl, rec.set
}

// applyInputrcVars does what readline does after reading an inputrc:
// disable-completion turns the completion keys into self-insert, and
// editing-mode chooses the main keymap.
func applyInputrcVars(rl *readline.Shell) {
	if rl.Config.GetBool("disable-completion") {
		for _, km := range rl.Config.Binds {
			for seq, b := range km {
				switch b.Action {
				case "complete", "menu-complete", "possible-completions":
					km[seq] = inputrc.Bind{Action: "self-insert"}
				}
			}
		}
	}
	// SetMain also writes the mode's cursor shape to the terminal, at
	// once: a write on the way to the first prompt, which draws it again.
	// So only a change of mode goes through it.
	mode := ""
	switch strings.ToLower(rl.Config.GetString("editing-mode")) {
	case "vi":
		mode = "vi-insert"
	case "emacs":
		mode = "emacs"
	}
	if mode != "" && string(rl.Keymap.Main()) != mode {
		rl.Keymap.SetMain(mode)
	}
}
