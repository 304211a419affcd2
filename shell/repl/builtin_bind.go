package repl

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell"
)

// bind: key bindings and editor variables, in the forms bash rc files
// use. Every form works before the first prompt (the editor is made on
// first use, as bash's readline is) and acts on the keymap the editor is
// in, or the one -m names.

// editorLink gives builtins the interactive session's line editor.
type editorLink interface {
	// lineEditor returns the editor, making it if needed.
	lineEditor() *readline.Shell
	// bindCommand makes seq in keymaps run a shell command (bind -x).
	bindCommand(keymaps []string, seq, command string)
	// boundCommands lists the bind -x bindings of keymap.
	boundCommands(keymap string) []boundCommand
	// autosuggest reports whether history suggestions are shown, after
	// switching them on or off when set is not nil.
	autosuggest(set *bool) bool
}

// boundCommand is one bind -x binding.
type boundCommand struct{ seq, command string }

// bindOpts are the parsed options of one bind call.
type bindOpts struct {
	keymap                       string
	list, listFuncs, listMacros  bool // -p/-P, -l, -s/-S
	readable, macroReadable      bool // -P, -S
	vars, varsReadable, listExec bool // -v, -V, -X
	files, query, unbind, remove []string
	exec                         []string
}

func builtinBind(ctx context.Context, c *call) error {
	if !c.sh.Interactive {
		// As bash: the bindings are kept, but no editor reads them.
		fmt.Fprintf(c.Stderr, "%s: bind: warning: line editing not enabled\n", c.Sh.ProgramName())
	}
	var o bindOpts
	args, err := c.Options("lpsvPSVXm:f:q:u:r:x:", func(opt byte, arg string) {
		switch opt {
		case 'l':
			o.listFuncs = true
		case 'p':
			o.list = true
		case 'P':
			o.list, o.readable = true, true
		case 's':
			o.listMacros = true
		case 'S':
			o.listMacros, o.macroReadable = true, true
		case 'v':
			o.vars = true
		case 'V':
			o.vars, o.varsReadable = true, true
		case 'X':
			o.listExec = true
		case 'm':
			o.keymap = arg
		case 'f':
			o.files = append(o.files, arg)
		case 'q':
			o.query = append(o.query, arg)
		case 'u':
			o.unbind = append(o.unbind, arg)
		case 'r':
			o.remove = append(o.remove, arg)
		case 'x':
			o.exec = append(o.exec, arg)
		}
	})
	if err != nil {
		return err
	}
	if c.sh.editor == nil {
		fmt.Fprintf(c.Stderr, "%s: bind: warning: line editing not enabled\n", c.sh.Name)
		return nil
	}
	rl := c.sh.editor.lineEditor()
	b := &binder{c: c, rl: rl}
	keymaps, prefix, ok := bindKeymaps(o.keymap, c.sh)
	if !ok {
		return c.Errorf(1, "`%s': invalid keymap name", o.keymap)
	}
	b.keymaps, b.prefix = keymaps, prefix
	status := 0
	fail := func(err error) {
		if err != nil {
			status = max(status, shell.ExitStatusOf(err))
		}
	}
	if o.listFuncs {
		b.listFunctions()
	}
	if o.list {
		b.listBindings(o.readable)
	}
	if o.listMacros {
		b.listMacros(o.macroReadable)
	}
	if o.vars {
		b.listVars(o.varsReadable)
	}
	if o.listExec {
		b.listExec()
	}
	for _, f := range o.files {
		fail(b.readFile(f))
	}
	for _, name := range o.query {
		fail(b.queryFunction(name))
	}
	for _, name := range o.unbind {
		b.unbindFunction(name)
	}
	for _, seq := range o.remove {
		b.removeSeq(seq)
	}
	for _, x := range o.exec {
		fail(b.bindExec(x))
	}
	for _, line := range args {
		fail(b.parseLine(line))
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// bindKeymaps maps a keymap name of bash's to the editor's keymaps that
// name covers, and the key prefix it implies (emacs-ctlx is the keys
// after Ctrl+X). "" is the keymap the editor is in.
func bindKeymaps(name string, s *Shell) (keymaps []string, prefix string, ok bool) {
	if name == "" {
		if vi, _ := s.ViMode(); vi {
			name = "vi-insert"
		} else {
			name = "emacs"
		}
	}
	switch name {
	case "emacs", "emacs-standard":
		return []string{"emacs"}, "", true
	case "emacs-meta":
		return []string{"emacs"}, "\x1b", true
	case "emacs-ctlx":
		return []string{"emacs"}, "\x18", true
	case "vi", "vi-command", "vi-move":
		return []string{"vi-command", "vi-move", "vi"}, "", true
	case "vi-insert":
		return []string{"vi-insert"}, "", true
	}
	return nil, "", false
}

// binder carries out one bind call.
type binder struct {
	c       *call
	rl      *readline.Shell
	keymaps []string
	prefix  string
}

// bindHandler receives what the inputrc parser finds in a bind argument
// or file: bindings go to the keymaps bind acts on (or the one a `set
// keymap` line chose), settings to the editor, and unknown names are
// errors.
type bindHandler struct {
	b        *binder
	explicit bool // a `set keymap` line or -m chose the keymap
	err      error
}

func (h *bindHandler) ReadFile(name string) ([]byte, error) {
	buf, err := os.ReadFile(name)
	return bashApp(buf), err
}
func (h *bindHandler) Do(string, string) error { return nil }
func (h *bindHandler) Get(name string) any     { return h.b.rl.Config.Get(name) }

func (h *bindHandler) Set(name string, value any) error {
	rl := h.b.rl
	if rl.Config.Get(name) == nil && name != "editing-mode" {
		return fmt.Errorf("%s: unknown variable name", name)
	}
	if on, ok := value.(bool); ok && name == "history-autosuggest" {
		// nosh makes the suggestions (editorsuggest.go); readline's own
		// stay off.
		h.b.c.sh.editor.autosuggest(&on)
		return nil
	}
	rl.Config.Set(name, value)
	if name == "editing-mode" {
		vi := value == "vi"
		h.b.c.sh.SetEditingMode(vi, true)
		setEditorMode(rl, vi)
	}
	return nil
}

func (h *bindHandler) Bind(keymap, seq, action string, macro bool) error {
	if !macro {
		if _, ok := h.b.rl.Keymap.Commands()[action]; !ok {
			return fmt.Errorf("%s: unknown function name", action)
		}
	}
	keymaps, prefix := h.b.keymaps, h.b.prefix
	if h.explicit || keymap != "emacs" {
		var ok bool
		if keymaps, prefix, ok = bindKeymaps(keymap, h.b.c.sh); !ok {
			return fmt.Errorf("%s: invalid keymap name", keymap)
		}
	}
	for _, km := range keymaps {
		h.b.rl.Config.Bind(km, prefix+seq, action, macro)
	}
	return nil
}

// parse runs the inputrc parser on text, stopping at the first error.
func (b *binder) parse(text, name string) error {
	h := &bindHandler{b: b}
	err := inputrc.ParseBytes(bashApp([]byte(text)), h,
		inputrc.WithApp(inputrcApp), inputrc.WithName(name), inputrc.WithHaltOnErr(true),
		inputrc.WithTerm(b.c.sh.Getenv("TERM")), inputrc.WithMode(editingModeName(b.rl)))
	if err == nil {
		err = h.err
	}
	return err
}

func editingModeName(rl *readline.Shell) string {
	if editorIsVi(rl) {
		return "vi"
	}
	return "emacs"
}

// parseLine is `bind 'LINE'`: one line of inputrc.
func (b *binder) parseLine(line string) error {
	if err := b.parse(line, "bind"); err != nil {
		return b.c.Errorf(1, "%s", bindError(err))
	}
	return nil
}

// readFile is bind -f FILE.
func (b *binder) readFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return b.c.Errorf(1, "%s: cannot read: %v", path, shell.DescribeOpenError(err))
	}
	if err := b.parse(string(data), path); err != nil {
		return b.c.Errorf(1, "%s", bindError(err))
	}
	return nil
}

// bindError words a parse error as one line.
func bindError(err error) string {
	if pe, ok := err.(*inputrc.ParseError); ok {
		return fmt.Sprintf("%s: %v", strings.TrimSpace(pe.Text), pe.Err)
	}
	return err.Error()
}

// bindExec is bind -x 'KEYSEQ: shell-command'.
func (b *binder) bindExec(spec string) error {
	seq, cmd, err := splitExecSpec(spec)
	if err != nil {
		return b.c.Errorf(1, "%s", err)
	}
	b.c.sh.editor.bindCommand(b.keymaps, b.prefix+seq, cmd)
	return nil
}

// splitExecSpec splits bind -x's argument: a quoted key sequence (or a
// key name such as Control-t), a colon, and the command, itself maybe in
// quotes.
func splitExecSpec(spec string) (seq, cmd string, err error) {
	spec = strings.TrimSpace(spec)
	var keyPart, rest string
	if strings.HasPrefix(spec, `"`) || strings.HasPrefix(spec, `'`) {
		q := spec[0]
		i := 1
		for ; i < len(spec) && spec[i] != q; i++ {
			if spec[i] == '\\' {
				i++
			}
		}
		if i >= len(spec) {
			return "", "", fmt.Errorf("%s: no closing quote", spec)
		}
		seq = inputrc.Unescape(spec[1:i])
		rest = strings.TrimLeft(spec[i+1:], " \t")
		if !strings.HasPrefix(rest, ":") {
			return "", "", fmt.Errorf("%s: first non-whitespace character is not `\"'", spec)
		}
		rest = rest[1:]
	} else {
		var ok bool
		keyPart, rest, ok = strings.Cut(spec, ":")
		if !ok {
			return "", "", fmt.Errorf("%s: missing colon separator", spec)
		}
		// Let readline's parser decode key names (Control-t, Meta-x).
		var got string
		cfg := inputrc.NewConfig()
		if err := inputrc.ParseBytes([]byte(keyPart+": self-insert"), cfg, inputrc.WithHaltOnErr(true)); err != nil {
			return "", "", fmt.Errorf("%s: %v", keyPart, err)
		}
		for s := range cfg.Binds["emacs"] {
			got = s
		}
		seq = got
	}
	cmd = strings.TrimSpace(rest)
	if len(cmd) >= 2 && (cmd[0] == '"' || cmd[0] == '\'') && cmd[len(cmd)-1] == cmd[0] {
		cmd = cmd[1 : len(cmd)-1]
	}
	if seq == "" {
		return "", "", fmt.Errorf("%s: empty key sequence", spec)
	}
	return seq, cmd, nil
}

// keymapBinds returns the bindings of the first keymap bind acts on.
func (b *binder) keymapBinds() map[string]inputrc.Bind {
	return b.rl.Config.Binds[b.keymaps[0]]
}

// isPrivateAction reports whether a function is nosh's own plumbing,
// which listings leave out.
func isPrivateAction(action string) bool {
	return strings.HasPrefix(action, "nosh-")
}

// functionNames lists the editor's functions, sorted.
func (b *binder) functionNames() []string {
	var names []string
	for name := range b.rl.Keymap.Commands() {
		if !isPrivateAction(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// seqsByFunction groups the keymap's key sequences by the function they
// run (macros left out).
func (b *binder) seqsByFunction() map[string][]string {
	out := map[string][]string{}
	for seq, bind := range b.keymapBinds() {
		if bind.Macro || isPrivateAction(bind.Action) || !strings.HasPrefix(seq, b.prefix) {
			continue
		}
		out[bind.Action] = append(out[bind.Action], seq)
	}
	for _, seqs := range out {
		sort.Strings(seqs)
	}
	return out
}

func (b *binder) listFunctions() {
	io.WriteString(b.c.Stdout, strings.Join(b.functionNames(), "\n")+"\n")
}

// listBindings is -p (re-readable) and -P (readable), as bash prints them.
func (b *binder) listBindings(readable bool) {
	bySeq := b.seqsByFunction()
	var out strings.Builder
	for _, name := range b.functionNames() {
		seqs := bySeq[name]
		switch {
		case readable && len(seqs) == 0:
			fmt.Fprintf(&out, "%s is not bound to any keys.\n", name)
		case readable:
			fmt.Fprintf(&out, "%s can be found on %s.\n", name, quotedSeqs(seqs, 5))
		case len(seqs) == 0:
			fmt.Fprintf(&out, "# %s (not bound)\n", name)
		default:
			for _, seq := range seqs {
				fmt.Fprintf(&out, "\"%s\": %s\n", escapeSeq(seq), name)
			}
		}
	}
	io.WriteString(b.c.Stdout, out.String())
}

// quotedSeqs lists key sequences as bash's -P and -q do, with "..."
// past max of them.
func quotedSeqs(seqs []string, max int) string {
	var parts []string
	for i, s := range seqs {
		if i == max {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, `"`+escapeSeq(s)+`"`)
	}
	return strings.Join(parts, ", ")
}

// listMacros is -s and -S.
func (b *binder) listMacros(readable bool) {
	binds := b.keymapBinds()
	seqs := make([]string, 0)
	for seq, bind := range binds {
		if bind.Macro {
			seqs = append(seqs, seq)
		}
	}
	sort.Strings(seqs)
	for _, seq := range seqs {
		if readable {
			fmt.Fprintf(b.c.Stdout, "%s outputs %s\n", escapeSeq(seq), inputrc.EscapeMacro(binds[seq].Action))
		} else {
			fmt.Fprintf(b.c.Stdout, "\"%s\": \"%s\"\n", escapeSeq(seq), inputrc.EscapeMacro(binds[seq].Action))
		}
	}
}

// listVars is -v and -V.
func (b *binder) listVars(readable bool) {
	vars := b.rl.Config.Vars
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		v := vars[name]
		if name == "history-autosuggest" {
			v = b.c.sh.editor.autosuggest(nil)
		}
		val := fmt.Sprint(v)
		if bv, ok := v.(bool); ok {
			val = "off"
			if bv {
				val = "on"
			}
		}
		if readable {
			fmt.Fprintf(b.c.Stdout, "%s is set to `%s'\n", name, val)
		} else {
			fmt.Fprintf(b.c.Stdout, "set %s %s\n", name, val)
		}
	}
}

// listExec is -X.
func (b *binder) listExec() {
	for _, bc := range b.c.sh.editor.boundCommands(b.keymaps[0]) {
		fmt.Fprintf(b.c.Stdout, "\"%s\": \"%s\"\n", escapeSeq(bc.seq), bc.command)
	}
}

// queryFunction is -q NAME.
func (b *binder) queryFunction(name string) error {
	if _, ok := b.rl.Keymap.Commands()[name]; !ok {
		return b.c.Errorf(1, "`%s': unknown function name", name)
	}
	seqs := b.seqsByFunction()[name]
	if len(seqs) == 0 {
		fmt.Fprintf(b.c.Stdout, "%s is not bound to any keys.\n", name)
		return interp.ExitStatus(1)
	}
	fmt.Fprintf(b.c.Stdout, "%s can be invoked via %s.\n", name, quotedSeqs(seqs, 5))
	return nil
}

// unbindFunction is -u NAME.
func (b *binder) unbindFunction(name string) {
	for _, km := range b.keymaps {
		for seq, bind := range b.rl.Config.Binds[km] {
			if !bind.Macro && bind.Action == name {
				delete(b.rl.Config.Binds[km], seq)
			}
		}
	}
}

// removeSeq is -r KEYSEQ.
func (b *binder) removeSeq(spec string) {
	seq := inputrc.Unescape(strings.Trim(spec, `"`))
	for _, km := range b.keymaps {
		delete(b.rl.Config.Binds[km], b.prefix+seq)
	}
}

// escapeSeq writes a key sequence as bash's bind -p does: \e for
// Escape, \C-x for control characters, \C-? for Delete.
func escapeSeq(seq string) string {
	var b strings.Builder
	for _, r := range seq {
		if inputrc.IsMeta(r) && r < 0x100 {
			// readline's notation for Meta: the key after an Escape.
			b.WriteString(`\e`)
			r = inputrc.Demeta(r)
		}
		switch {
		case r == 0x1b:
			b.WriteString(`\e`)
		case r == 0x7f:
			b.WriteString(`\C-?`)
		case r >= 1 && r <= 26:
			b.WriteString(`\C-` + string(r+0x60))
		case r < 0x20:
			b.WriteString(`\C-` + string(r+0x40))
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// interactiveEditorBuiltins registers the builtins of the line editor.
func interactiveEditorBuiltins(m map[string]func(context.Context, *call) error) {
	m["bind"] = builtinBind
}
