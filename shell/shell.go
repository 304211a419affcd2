package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/builtins"
	"nosh/shell/internal/deadcwd"
	"nosh/shell/internal/dynvars"
	"nosh/shell/internal/guard"
	"nosh/shell/internal/options"
	"nosh/shell/jobs"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/config/dialect"
	"nosh/shell/internal/engine"
	"nosh/shell/internal/interpunsafe"
)

// Shell is one nosh session: an interpreter plus the state nosh keeps
// beside it (its own builtins' state, options interp does not know).
type Shell struct {
	// Runner is the session's interpreter. It is not safe for concurrent
	// use; only the goroutine running statements touches it.
	Runner *interp.Runner

	// typed is lineParser's parser, for Dialect.
	typed struct {
		parser  *syntax.Parser
		dialect dialect.Dialect
	}

	// Dialect is the language statements are parsed in; the permission
	// engine and the editor parse in the same one.
	Dialect dialect.Dialect

	// Name is $0 as shown in error messages.
	Name string

	// Interactive and Login describe how the shell was started.
	Interactive bool
	Login       bool

	stdin          *os.File
	stdout, stderr io.Writer

	// builtins are every builtin nosh implements, by name (builtinTable,
	// Register).
	builtins map[string]builtins.Func
	// lineEditor reads a line for read -e (SetLineEditor).
	lineEditor builtins.LineEditFunc
	// disabledBuiltins are the builtins `enable -n` turned off.
	disabledBuiltins map[string]bool

	// eng is the statement rewrite and its private builtins, with their
	// state: the stash, lazy words, exec's descriptors
	// (shell/internal/engine).
	eng *engine.Engine
	// trapExits is kept per runner: the status of an exit in a trap
	// interp ran (builtin_exit.go).
	trapExits trapExitTable

	mu    sync.Mutex // guards the fields below, shared with background jobs
	flags options.Flags
	dirs  []string // pushd/popd stack, below the current directory
	umask int
	hashs map[string]string // `hash` table: command name → path
	// hashHits counts how often each hashed command ran, for `hash`.
	hashHits map[string]int
	// shopts are the shopt options nosh keeps that shopt has set
	// (options.go); the others have bash's defaults.
	shopts map[string]bool
	// seconds is the SECONDS counter (dynvars.go).
	seconds *dynvars.Clock
	// source names the file top-level statements are read from, when it is
	// a startup file or script, for FILE:LINE error messages.
	source string
	// startup is set while an interactive shell reads its startup files.
	startup bool
	// exitAsked says the main runner exits because of exit or exec.
	exitAsked bool
	// logoutFile is the file a login shell reads as it leaves;
	// loggedOut is set once it has (logout.go).
	logoutFile string
	loggedOut  bool
	// commandString is set while the shell runs a -c string
	// (RunString): an unset parameter then ends it with status 127.
	commandString bool
	// mainExitTrap is the EXIT trap of an interactive shell's main runner,
	// kept away from interp, which would run it on any error
	// (interactive_errors.go).
	mainExitTrap string

	job jobShell // job table, job control, signals and traps (jobs_state.go)

	// scriptFile is set when the shell runs a script file: FUNCNAME ends
	// with main there.
	scriptFile bool
	// srcFile is the file code is being read from (see readingFile).
	srcFile string

	// started is when the shell started (printf's %(fmt)T of -2).
	started time.Time

	// abandoned is the line of the last top-level statement an error
	// abandoned (abort.go): the rest of that line does not run.
	abandoned uint

	// dir keeps the directory commands run in open (deadcwd.go).
	dir deadcwd.Hold
}

// Config is what New needs to build a Shell.
type Config struct {
	Dialect     dialect.Dialect
	Name        string
	Args        []string
	Interactive bool
	Login       bool
	Stdin       *os.File
	Stdout      io.Writer
	Stderr      io.Writer
	// Env is the initial environment, as os.Environ returns it.
	Env []string
	// Dir is the initial directory; empty means the process's.
	Dir string
	// Posix starts the shell in POSIX mode (set -o posix).
	Posix bool
}

// New builds a Shell with its interpreter.
func New(cfg Config) (*Shell, error) {
	builtins.ReadyPollerForLimit()
	s := &Shell{
		Dialect:     cfg.Dialect,
		Name:        cfg.Name,
		Interactive: cfg.Interactive,
		Login:       cfg.Login,
		stdin:       cfg.Stdin,
		stdout:      cfg.Stdout,
		stderr:      cfg.Stderr,
		hashs:       map[string]string{},
		started:     time.Now(),
		hashHits:    map[string]int{},
	}
	s.flags.Interactive = cfg.Interactive
	s.initSignals()
	s.flags.Login = cfg.Login
	// An interactive shell edits its lines in emacs mode until told
	// otherwise, as bash's does.
	s.flags.Emacs = cfg.Interactive
	s.flags.Histexpand = cfg.Interactive
	s.flags.Posix = cfg.Posix || cfg.Dialect == dialect.POSIX
	s.flags.Hashall = true
	s.flags.Braceexpand = cfg.Dialect != dialect.POSIX
	s.umask = builtins.ReadUmask()
	s.eng = engine.New((*builtinHost)(s))
	s.builtins = s.builtinTable()

	var stdin io.Reader
	if cfg.Stdin != nil {
		stdin = cfg.Stdin
	}
	params := append([]string{"--"}, cfg.Args...)
	env := dynvars.NewEnv(expand.ListEnviron(prepareEnv(cfg.Env)...))
	s.seconds = env.Seconds()
	opts := []interp.RunnerOption{
		interp.StdIO(stdin, cfg.Stdout, cfg.Stderr),
		interp.Env(env),
		interp.Params(params...),
		interp.Interactive(cfg.Interactive),
		// The words nosh expands itself are expanded first; then the
		// Guard of the AI's commands sees only them (guard.go); the
		// user's commands go straight through.
		interp.CallHandler(s.eng.ArgsCallHandler(guard.CallHandler(s.jobCallHandler))),
		interp.ExecHandlers(s.afterCommandMiddleware, guard.ExecMiddleware, s.builtinMiddleware, s.execMiddleware),
		interp.OpenHandler(s.eng.HookOpenHandler(guard.OpenHandler)),
	}
	if cfg.Dir != "" {
		opts = append(opts, interp.Dir(cfg.Dir))
	}
	r, err := interp.New(opts...)
	if err != nil {
		return nil, fmt.Errorf("nosh: creating the interpreter: %w", err)
	}
	s.Runner = r
	r.Reset()
	// POSIX sh expands aliases in scripts too (as dash and bash --posix
	// do); only the aliases a script defines itself exist there.
	if p := interpunsafe.Option(r, "expand_aliases"); p != nil {
		*p = true
	}
	startVars(r, cfg.Env)
	s.importFunctions(r, cfg.Env)
	return s, nil
}

// defaultPath is the PATH bash sets when the environment has none.
const bashDefaultPath = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."

// startVars sets what bash sets at start-up: PWD, exported (interp sets
// it unexported), and a PATH when the environment has none (not exported,
// as in bash).
func startVars(r *interp.Runner, env []string) {
	pwd := interpunsafe.LookupVar(r, "PWD")
	pwd.Exported = true
	interpunsafe.SetVar(r, "PWD", pwd)
	for _, kv := range platformVars() {
		interpunsafe.SetVar(r, kv[0], expand.Variable{Set: true, Kind: expand.String, Str: kv[1]})
	}
	for _, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			return
		}
	}
	interpunsafe.SetVar(r, "PATH", expand.Variable{Set: true, Kind: expand.String, Str: bashDefaultPath})
}

// platformVars are bash's HOSTTYPE, MACHTYPE and OSTYPE, which scripts
// test to choose what runs ([[ $OSTYPE == linux-gnu* ]]), and
// BASH_SUBSHELL's start (each subshell counts itself, runSubshellBody).
func platformVars() [4][2]string {
	arch := runtime.GOARCH
	switch arch {
	case "amd64":
		arch = "x86_64"
	case "arm64":
		arch = "aarch64"
	case "386":
		arch = "i686"
	}
	vendor := "unknown"
	if arch == "x86_64" || arch == "i686" {
		vendor = "pc"
	}
	ostype := runtime.GOOS
	if ostype == "linux" {
		ostype = "linux-gnu"
	}
	return [4][2]string{{"HOSTTYPE", arch}, {"MACHTYPE", arch + "-" + vendor + "-" + ostype}, {"OSTYPE", ostype}, {"BASH_SUBSHELL", "0"}}
}

// prepareEnv adjusts the inherited environment the way bash does at
// start-up: SHLVL goes up by one.
func prepareEnv(env []string) []string {
	out := make([]string, 0, len(env)+1)
	lvl := 0
	for _, kv := range env {
		if v, ok := cutName(kv, "SHLVL"); ok {
			lvl, _ = strconv.Atoi(v)
			continue
		}
		out = append(out, kv)
	}
	out = append(out, "SHLVL="+strconv.Itoa(lvl+1))
	sortByName(out)
	return out
}

// sortByName sorts "name=value" pairs stably by "name=", the key and the
// order expand.ListEnviron sorts them in, so that its own sort finds them
// in order and does little: its stable sort looks for the '=' of both
// strings at every comparison, which cost nosh -c true about 6 % of its
// instructions. Whole strings sort in that order too — at the first byte
// where two differ, the shorter name has its '=' and the other a name's
// byte — except pairs of one name, whose order a stable sort keeps: those
// (rare: an environment that sets a name twice) go through one.
func sortByName(env []string) {
	sorted := slices.Clone(env)
	slices.Sort(sorted)
	for i := 1; i < len(sorted); i++ {
		if envKey(sorted[i-1]) == envKey(sorted[i]) {
			slices.SortStableFunc(env, func(a, b string) int { return strings.Compare(envKey(a), envKey(b)) })
			return
		}
	}
	copy(env, sorted)
}

// envKey is what expand.ListEnviron sorts an environment pair by: its
// name and '=', or nothing when it has no '='.
func envKey(kv string) string {
	if eq := strings.IndexByte(kv, '='); eq >= 0 {
		return kv[:eq+1]
	}
	return ""
}

func cutName(kv, name string) (string, bool) {
	if len(kv) > len(name) && kv[:len(name)] == name && kv[len(name)] == '=' {
		return kv[len(name)+1:], true
	}
	return "", false
}

// Parser returns a parser in the shell's dialect.
func (s *Shell) Parser() *syntax.Parser { return s.Dialect.NewParser() }

// lineParser is the parser of the lines typed at the prompt, made once
// (a parser is a few kilobytes) and used only by the goroutine that reads
// and runs them, one parse at a time. It follows the dialect.
func (s *Shell) lineParser() *syntax.Parser {
	if s.typed.parser == nil || s.typed.dialect != s.Dialect {
		s.typed.parser, s.typed.dialect = s.Parser(), s.Dialect
	}
	return s.typed.parser
}

// RunStmt runs one top-level statement and reports whether the shell must
// exit, with the status it exits with.
func (s *Shell) RunStmt(ctx context.Context, st *syntax.Stmt) (exit bool, status int) {
	fg := s.beginStatement(ctx, st)
	defer fg.end()
	uses := jobs.TerminalUses()
	if !fg.nested {
		s.job.mu.Lock()
		s.job.aborted = false
		s.job.mu.Unlock()
	}
	s.rewrite(st)
	if s.Interactive && !fg.nested {
		s.eng.RewriteReadOnlyAssigns(st)
	}
	err := s.runGuarded(fg.ctx, st)
	if !fg.nested {
		s.holdDir(s.Runner.Dir)
	}
	engine.DropLoopJump(s.Runner)
	s.eng.ResumeErrexit()
	status = exitStatusOf(err)
	if sig := s.fatalSignal(); sig != 0 && !fg.nested {
		s.dieOfFatalSignal(sig, errors.Is(err, context.Canceled))
	}
	var abort *shellAbort
	if errors.As(err, &abort) {
		// The message is out; the rest of the line is dropped, or a
		// non-interactive shell exits.
		*interpunsafe.Exit(s.Runner) = interpunsafe.Status{Code: 1}
		*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: 1}
		// As bash, set -e ends an interactive shell on such an error too.
		if abort.Exit && (!s.Interactive || errexit(s.Runner) && !s.inStartup()) {
			status := abort.ExitStatus()
			if abort.Unset && s.commandString && !errexit(s.Runner) {
				status = 127 // as for interp's own unset errors below
			}
			if !fg.nested {
				return true, int(s.runExitTrap(ctx, s.Runner, uint8(status)))
			}
			return true, status
		}
		s.abandoned = st.End().Line()
		if !fg.nested {
			s.job.mu.Lock()
			s.job.aborted = true
			s.job.mu.Unlock()
		}
		return fg.runTraps(1)
	}
	if fg.interrupted(err) {
		// Ctrl+C stopped the statement; the shell goes on with $? = 130.
		// The line break after the terminal's ^C is out when a program
		// died of it (reportDeath); when no program ran (a builtin, a
		// loop, a function) it is not, and bash writes it then too.
		if s.Interactive && !fg.nested && jobs.TerminalUses() == uses {
			fmt.Fprintln(s.stderr)
		}
		*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: 130}
		return false, 130
	}
	if err != nil && status < 0 {
		// A fatal handler error: interp has stopped this statement.
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, err)
		status = 1
	}
	if s.Runner.Exited() {
		if fg.nested {
			return true, status
		}
		if s.Interactive {
			return s.interactiveEnding(ctx, status)
		}
		if !s.takeExitAsked() {
			// set -e, or an error that ends a script: the EXIT trap runs
			// as the shell leaves (exit ran it already).
			if status == 1 && s.commandString && !errexit(s.Runner) {
				// Without set -e, the error that ends the shell is an
				// unset parameter (set -u, ${x?}), which ends bash -c
				// with 127 (a script with 1).
				status = 127
			}
			status = int(s.runExitTrap(ctx, s.Runner, uint8(max(status, 0))))
		}
		return true, status
	}
	return fg.runTraps(status)
}

// runGuarded runs st in the main runner. A panic in the interpreter (a
// construct it cannot handle, such as a[a[0]=1]=x) becomes a one-line
// error that fails the statement, rather than a crash with a Go trace
// that would end a login shell or a script mid-way.
func (s *Shell) runGuarded(ctx context.Context, st *syntax.Stmt) (err error) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(s.stderr, "%s: internal error running line %d: %v\n", s.Name, st.Pos().Line(), v)
			*interpunsafe.Exit(s.Runner) = interpunsafe.Status{Code: 1}
			*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: 1}
			err = interp.ExitStatus(1)
		}
	}()
	return s.Runner.Run(ctx, st)
}

// Exit ends the session with status: it runs the EXIT trap, which may
// change the status with its own exit. Call it only when the shell has
// not exited already (RunStmt reported exit), since that ran the trap.
func (s *Shell) Exit(ctx context.Context, status int) int {
	if s.exitTrap(s.Runner) == "" {
		// Running the EXIT trap is all `exit` would do.
		return status
	}
	ctx = context.WithValue(ctx, forcedExitKey{}, true)
	if _, st := s.runQuoted(ctx, "exit ", strconv.Itoa(status)); st >= 0 {
		return st
	}
	return status
}

// exitStatusOf maps a Run error to a status: 0 for nil, N for an exit
// status, -1 for anything else.
func exitStatusOf(err error) int {
	if err == nil {
		return 0
	}
	var es interp.ExitStatus
	if errors.As(err, &es) {
		return int(es)
	}
	if errors.Is(err, context.Canceled) {
		return 130
	}
	return -1
}
