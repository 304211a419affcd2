package screentest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Options is what both shells of a comparison share.
type Options struct {
	// Rows and Cols are the terminal's size; zero means 24 by 80.
	Rows, Cols int
	// Prompt is PS1 for both shells, a fixed text without escapes;
	// empty means "$ ". PS2 is always "> ".
	Prompt string
	// Env adds NAME=value entries to both shells' environments.
	Env []string
	// RC, when not empty, is a startup file both shells read
	// (--rcfile); without it neither reads one.
	RC string
	// Files are created in the home directory before the shells start,
	// by path relative to it.
	Files map[string]string
	// Masks are applied to both screens before they are compared;
	// ShellName is always applied.
	Masks []Mask
	// Styles compares the cells' colours and attributes too.
	Styles bool
}

// Shell describes a shell to compare: how to start it in a session whose
// home directory is home, reading the startup file rc ("" for none).
type Shell struct {
	Name string
	// KeepsRowBelowInput says the shell never leaves its input line on
	// the last row of the screen: at the bottom, its line editor scrolls
	// one more row so that the row below the input exists (nosh's editor
	// clears and draws hints there). While the reference shell edits a
	// line on the last row (it has the terminal, in raw mode), this
	// shell's screen is compared with the reference's scrolled up by one
	// row.
	KeepsRowBelowInput bool
	// Spec returns the program to run; env is the shared environment
	// (HOME, TERM, locale, PS1...), to which the shell may add.
	Spec func(home, rc string, env []string) Spec
}

// Bash is the reference shell: bash -i without the user's startup files.
// Its PROMPT_COMMAND draws the same partial-line mark as nosh (an
// inverse % after output that did not end in a newline, as zsh and fish
// do), a difference nosh makes on purpose, so that the screens compare.
func Bash() Shell {
	return Shell{Name: "bash", Spec: func(home, rc string, env []string) Spec {
		path, err := exec.LookPath("bash")
		if err != nil {
			path = "/bin/bash"
		}
		args := []string{"bash", "--noprofile", "--norc", "-i"}
		if rc != "" {
			args = []string{"bash", "--noprofile", "--rcfile", bashRC(rc, env), "-i"}
		}
		env = append(env, `PROMPT_COMMAND=`+PartialLineMark)
		return Spec{Name: "bash", Path: path, Args: args, Env: env, Dir: home}
	}}
}

// bashRC returns a copy of the startup file rc for bash that first sets
// the prompts again: Debian's bash reads /etc/bash.bashrc, which sets its
// own PS1, before an --rcfile. (A wrapper sourcing rc would change how
// errors in it behave.) Line numbers in bash's messages are one more.
func bashRC(rc string, env []string) string {
	text, err := os.ReadFile(rc)
	if err != nil {
		return rc
	}
	var prefix strings.Builder
	for _, kv := range env {
		if name, value, _ := strings.Cut(kv, "="); name == "PS1" || name == "PS2" {
			prefix.WriteString(name + "='" + strings.ReplaceAll(value, "'", `'\''`) + "'; ")
		}
	}
	path := rc + ".bash"
	if err := os.WriteFile(path, []byte(prefix.String()+"\n"+string(text)), 0o644); err != nil {
		return rc
	}
	return path
}

// PartialLineMark is a bash PROMPT_COMMAND that draws nosh's mark for
// output without a final newline.
const PartialLineMark = `printf '\e[7m%%\e[0m%*s\r\e[K' $((COLUMNS-1)) ''`

// Nosh is the shell under test, run from the binary at path with extra
// environment (such as the variable that makes a test binary act as
// nosh). Its configuration and state live in the session's home.
func Nosh(path string, extraEnv ...string) Shell {
	return Shell{Name: "nosh", KeepsRowBelowInput: true, Spec: func(home, rc string, env []string) Spec {
		args := []string{"nosh", "--norc"}
		if rc != "" {
			args = []string{"nosh", "--rcfile", rc}
		}
		return Spec{Name: "nosh", Path: path, Args: args, Env: append(env, extraEnv...), Dir: home}
	}}
}

// BaseEnv returns the environment both shells of a comparison start with,
// for a session whose home is home: the same locale (UTF-8), terminal
// type, inputrc (the system's), PATH and prompts, and XDG directories
// inside home so that nothing of the user's leaks in.
func BaseEnv(home, prompt string) []string {
	inputrc := "/etc/inputrc"
	if _, err := os.Stat(inputrc); err != nil {
		inputrc = "/dev/null"
	}
	return []string{
		"HOME=" + home,
		"PATH=" + os.Getenv("PATH"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"TZ=UTC",
		"INPUTRC=" + inputrc,
		"PS1=" + prompt,
		"PS2=> ",
		"USER=" + os.Getenv("USER"),
		"LOGNAME=" + os.Getenv("LOGNAME"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local/state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local/share"),
		"HISTFILE=" + filepath.Join(home, ".history"),
		"LESSHISTFILE=-",
		"EDITOR=vi",
		"PAGER=less",
	}
}

// StartShell starts sh as Compare would, on a terminal of its own, for
// tests that drive one shell without comparing.
func StartShell(tb testing.TB, sh Shell, o Options) *Term {
	tb.Helper()
	o = o.withDefaults()
	home := tb.TempDir()
	for name, text := range o.Files {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	rc := ""
	if o.RC != "" {
		rc = filepath.Join(home, ".test-rc")
		if err := os.WriteFile(rc, []byte(o.RC), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	env := append(BaseEnv(home, o.Prompt), o.Env...)
	spec := sh.Spec(home, rc, env)
	spec.Rows, spec.Cols = o.Rows, o.Cols
	spec.Prompt, spec.Prompt2 = o.Prompt, "> "
	spec.Styles = o.Styles
	if spec.Name == "" {
		spec.Name = sh.Name
	}
	t := Start(tb, spec)
	t.WaitFor("the first prompt", func(s Screen) bool { return s.AtPrompt(o.Prompt) })
	return t
}

func (o Options) withDefaults() Options {
	if o.Rows == 0 {
		o.Rows = 24
	}
	if o.Cols == 0 {
		o.Cols = 80
	}
	if o.Prompt == "" {
		o.Prompt = "$ "
	}
	o.Masks = append([]Mask{ShellName}, o.Masks...)
	return o
}

// comparison is the state of a Compare run on one terminal.
type comparison struct {
	masks []Mask
	// reference is true on the reference shell, whose checkpoints are
	// recorded into want; on the shell under test they are checked.
	reference bool
	names     []string
	want      []Screen
	refName   string
	next      int
	// rowBelow is the shell under test's KeepsRowBelowInput.
	rowBelow bool
	// bottom, when not 0, limits the comparison to the last rows.
	bottom int
	// cursorRow limits the comparison to the cursor's row and column,
	// wherever that row is on the screen.
	cursorRow bool
}

// mask applies the comparison's masks, and keeps only the rows compared.
func (c *comparison) mask(s Screen) Screen {
	s = s.Masked(c.masks...)
	if c.bottom > 0 && c.bottom < len(s.Rows) {
		cut := len(s.Rows) - c.bottom
		s.Rows = append(make([]string, cut), s.Rows[cut:]...)
	}
	if c.cursorRow && s.Row < len(s.Rows) {
		s.Rows, s.Row = []string{s.Rows[s.Row]}, 0
		if s.Styles != nil {
			s.Styles = nil
		}
	}
	return s
}

// Compare runs scenario on the reference shell, recording the screen at
// each Checkpoint and at the end, then on the shell under test, checking
// that its screen reaches the same state (masked) at the same points.
// The shell under test gets Timeout to reach each one; a difference fails
// the test with both screens side by side.
func Compare(t *testing.T, ref, sut Shell, o Options, scenario func(*Term)) {
	t.Helper()
	o = o.withDefaults()
	cmp := &comparison{masks: o.Masks, reference: true, refName: ref.Name, rowBelow: sut.KeepsRowBelowInput}
	rt := StartShell(t, ref, o)
	rt.compare = cmp
	scenario(rt)
	rt.Checkpoint("the end")
	rt.Close()
	if t.Failed() {
		return
	}
	cmp.reference = false
	st := StartShell(t, sut, o)
	st.compare = cmp
	scenario(st)
	st.Checkpoint("the end")
}

// CheckpointBottom is Checkpoint for the last rows of the screen (and
// the cursor): for what a program left above them that differs from run
// to run, such as top's last frame.
func (t *Term) CheckpointBottom(name string, rows int) {
	t.tb.Helper()
	if c := t.compare; c != nil {
		c.bottom = rows
		defer func() { c.bottom = 0 }()
	}
	t.Checkpoint(name)
}

// CheckpointLine is Checkpoint for the cursor's row and column alone:
// for what is typed and edited on the input line, where the row the line
// is on depends on what the shell drew below it before (nosh shows a
// count typed in vi mode below the line, bash on it).
func (t *Term) CheckpointLine(name string) {
	t.tb.Helper()
	if c := t.compare; c != nil {
		c.cursorRow = true
		defer func() { c.cursorRow = false }()
	}
	t.Checkpoint(name)
}

// Checkpoint marks a point of a Compare scenario where the two shells'
// screens must agree. On the reference shell it records the settled
// screen; on the shell under test it waits for the same screen. Outside
// Compare it does nothing.
func (t *Term) Checkpoint(name string) {
	t.tb.Helper()
	c := t.compare
	if c == nil {
		return
	}
	if c.reference {
		s, _ := t.poll(func(Screen, int64, int64) bool { return true }, Timeout)
		if c.rowBelow && !t.ProgramRunning() && s.editingOnLastRow(t.Raw()) {
			s = s.scrolled()
		}
		c.names = append(c.names, name)
		c.want = append(c.want, c.mask(s))
		return
	}
	if c.next >= len(c.want) {
		t.tb.Fatalf("checkpoint %q: the scenario took another path on %s than on %s", name, t.spec.Name, c.refName)
	}
	want := c.want[c.next]
	if c.names[c.next] != name {
		t.tb.Fatalf("checkpoint %q on %s is %q on %s", name, t.spec.Name, c.names[c.next], c.refName)
	}
	c.next++
	got, ok := t.poll(func(s Screen, _, _ int64) bool { return c.mask(s).Equal(want) }, compareTimeout())
	if !ok {
		t.tb.Errorf("at %s, the screens differ:\n%s", name, Diff(c.refName, want, t.spec.Name, c.mask(got)))
	}
}

// compareTimeout is how long the shell under test gets to show the
// reference's screen: shorter than Timeout, since a difference is the
// common way to fail and each costs the whole wait.
func compareTimeout() time.Duration { return min(Timeout, 10*time.Second) }
