package repl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/reeflective/readline"
	"golang.org/x/term"

	"nosh/config"
	"nosh/shell"
	"nosh/shell/assistant"
	"nosh/shell/highlight"
	"nosh/shell/history"
	"nosh/shell/prompt"
)

// session is the interactive state around the Shell: configuration, paths
// and what the prompt shows about the last command.
type session struct {
	sh     *Shell
	opts   Options
	paths  config.Paths
	cfg    config.Config
	getenv func(string) string

	git prompt.Git
	// gitPrompt is how the built-in prompt follows git (promptgit.go).
	gitPrompt gitPrompt
	// lastPrompt is the last row of the prompt drawn last.
	lastPrompt string
	// prompts are the prompts of the line being edited.
	prompts prompts

	hist       *history.History
	histWarned bool
	// histLimits is HISTSIZE and HISTFILESIZE as last passed to the
	// history (historywire.go).
	histLimits string

	rl      *readline.Shell
	suggest *suggester // the editor's history suggestions
	// readRL is read -e's editor and readEdit what the read under way
	// asks of it (readedit.go).
	readRL   *readline.Shell
	readEdit *readEditState
	// typedAhead are keys read -e's editor read past its line, for
	// the next editor to read (readedit.go).
	typedAhead []byte
	// idle gives free memory back while the prompt waits (idle.go).
	idle idleTrim
	// mark is the partial-line mark the editor writes before the next
	// prompt (partialLineMark).
	mark string
	// size is the terminal's size for drawing (termsize.go).
	size    termSize
	pending string // text the prefill widget puts in the edit buffer
	// lastVi is the editing mode the editor and set -o last agreed on.
	lastVi bool
	// editReq is an edit in $EDITOR asked for by a key (editorexternal.go).
	editReq *editRequest
	// acceptAsIs makes the editor accept the next line even when it is
	// not a complete command (Ctrl+D on a continuation line, eof.go).
	acceptAsIs bool
	// boundCmds are the bind -x commands by keymap and key sequence;
	// boundSeq numbers their widgets (editorbind.go).
	boundCmds map[string]map[string]string
	boundSeq  int
	// cookedTerm is the terminal's state before the editor made it raw,
	// for commands run from inside the editor.
	cookedTerm *term.State
	// term is what is known of the terminal between prompts (termuse.go).
	term termUse
	// ctx is the session's context.
	ctx context.Context

	// early is the line editor being built while the shell starts.
	early *EarlyEditor

	// highlighter colours a command line; nil shows it plain.
	highlighter func(string) string
	// colours is the editor's highlighter, which keeps the last line's
	// colours; nil when the editor does not colour.
	colours *lineColours

	pathCache *highlight.PathCache

	// assistant is the AI side: ? and ?? lines, its slash commands.
	assistant *assistant.Assistant
	// slash are the slash commands, the REPL's and the assistant's.
	slash map[string]slashCommand

	lastStatus   int
	lastDuration time.Duration
	cmdNum       int
}

// Options is how an interactive shell was started.
type Options struct {
	// Login reads the profile files first, unless NoProfile.
	Login, NoProfile bool
	// NoRC skips init.sh (or $ENV); RCFile replaces it.
	NoRC   bool
	RCFile string
	// Editor is the line editor built while the shell started, if any
	// (BuildEditorEarly).
	Editor *EarlyEditor
	// Version is nosh's, for the prompt (\v) and crash reports.
	Version string
	// HasCommand runs Command (nosh -i -c) after the startup files
	// instead of reading lines, as bash -i -c does.
	HasCommand bool
	Command    string
}

// Run runs the interactive shell: configuration, startup files, then
// the read-eval loop, until exit or end of input. Nothing wrong with the
// configuration or a startup file keeps it from reaching a prompt.
func (s *Shell) Run(ctx context.Context, opts Options) int {
	growStack()
	se := &session{sh: s, opts: opts, getenv: os.Getenv, ctx: ctx, early: opts.Editor}
	se.git.Confine = assistant.ConfineReadOnly
	se.git.OnUpdate = se.gitUpdated
	se.size.fd = -1
	if f, ok := s.stdout.(*os.File); ok {
		se.size.fd = int(f.Fd())
	}
	if err := s.StartJobControl(s.stdin); err != nil && !errors.Is(err, shell.ErrNoTerminal) {
		fmt.Fprintf(s.stderr, "nosh: no job control in this shell: %v\n", err)
	}
	defer s.StopJobControl()
	se.paths = config.ResolvePaths(os.Getenv)
	if se.paths.ConfigDir != "" {
		s.SetLogoutFile(filepath.Join(se.paths.ConfigDir, "logout.sh"))
	}
	se.loadConfig()
	se.assistant = assistant.New(assistant.Config{
		Settings: se.cfg, Paths: se.paths, Dialect: s.Dialect,
		Stdin: s.stdin, Stdout: s.stdout, Stderr: s.stderr,
	}, sessionHost{se})
	se.slash = se.slashCommands()
	if se.cfg.Editor.Mode == "vi" {
		s.SetEditingMode(true, true)
	}
	// Reading a long history takes milliseconds: it loads while the
	// startup files run and the first prompt is drawn.
	se.hist = se.openHistory()
	s.history = se.hist
	if se.hist != nil {
		// The last line's exit status waits to be written with the next
		// entry (history/pending.go).
		defer se.hist.Flush()
	}
	if isTerminal(s.stdin) && isTerminal(s.stdout) {
		// bind in a startup file makes the editor early, as bash's
		// readline is initialised on first use.
		s.editor = se
		s.SetLineEditor(se.readEditLine)
	}
	if exited, st := se.readStartupFiles(ctx, opts); exited {
		return st
	}
	if opts.HasCommand {
		// -i -c STRING: an interactive shell that runs the string and
		// exits, as bash's does.
		status, exited := s.RunString(ctx, opts.Command, "-c")
		if exited {
			return status
		}
		return s.Exit(ctx, status)
	}
	if !isTerminal(s.stdin) || !isTerminal(s.stdout) {
		return se.loopPlain(ctx, s.stdin)
	}
	return se.loop(ctx)
}

// readStartupFiles reads the login shell's profile files, then init.sh
// (or --rcfile, or $ENV). Errors in them are reported and each file goes
// on with its next line; only `exit` keeps the shell from its prompt. It
// reports whether a file ran exit, and the status.
func (se *session) readStartupFiles(ctx context.Context, opts Options) (exited bool, status int) {
	s := se.sh
	s.SetStartup(true)
	defer s.SetStartup(false)
	if opts.Login && !opts.NoProfile {
		if exited, st := s.SourceProfile(ctx); exited {
			return true, st
		}
	}
	if !opts.NoRC {
		path := s.rcFile(ctx, opts, se.paths.InitFile)
		if exited, st := s.SourceFile(ctx, path, opts.RCFile == ""); exited {
			return true, st
		}
	}
	return false, 0
}

// loadConfig reads config.toml; every problem is a one-line warning and
// the defaults stand in for what could not be read.
func (se *session) loadConfig() {
	cfg, warns := config.Load(se.paths.ConfigFile)
	warns = append(warns, config.ApplyEnv(&cfg, se.getenv)...)
	for _, w := range warns {
		fmt.Fprintf(se.sh.stderr, "nosh: warning: %s\n", w.Error())
	}
	se.cfg = cfg
	if se.assistant != nil {
		se.assistant.Reconfigure(cfg)
	}
}

// protect runs f, turning a panic into a crash report and a one-line
// message, so that the prompt always comes back.
func (se *session) protect(what string, f func()) (crashed bool) {
	defer func() {
		if v := recover(); v != nil {
			crashed = true
			report := se.writeCrash(what, v, debug.Stack())
			fmt.Fprintf(se.sh.stderr, "\nnosh: internal error while %s: %v (report: %s)\n", what, v, report)
		}
	}()
	f()
	return false
}

// writeCrash saves a crash report under the state directory and returns
// its path (or a note that it could not be written).
func (se *session) writeCrash(what string, v any, stack []byte) string {
	dir := se.paths.CrashDir
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "not written: " + err.Error()
	}
	name := filepath.Join(dir, "crash-"+time.Now().Format("20060102-150405.000000")+".txt")
	var b strings.Builder
	fmt.Fprintf(&b, "nosh %s crashed while %s at %s\n\npanic: %v\n\n%s", se.opts.Version, what, time.Now().Format(time.RFC3339), v, stack)
	if err := os.WriteFile(name, []byte(b.String()), 0o600); err != nil {
		return "not written: " + err.Error()
	}
	return name
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && f != nil && term.IsTerminal(int(f.Fd()))
}

// rcFile is the interactive startup file: --rcfile, else $ENV (after
// parameter expansion, as POSIX asks), else init.sh in the config dir.
func (s *Shell) rcFile(ctx context.Context, opts Options, initPath string) string {
	if opts.RCFile != "" {
		return opts.RCFile
	}
	if env, ok := s.Var("ENV"); ok && env != "" {
		return s.ExpandString(ctx, env)
	}
	return initPath
}
