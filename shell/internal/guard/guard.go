package guard

import (
	"context"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// Guard checks what runs on behalf of someone other than the user who
// typed it: the AI's commands. Statements run under a context made by
// With go through it; what the user types never does. The assistant
// supplies one, made from the permission gate; the core knows only this
// interface, so it imports neither the permission engine nor the AI.
type Guard interface {
	// CallHandler, ExecMiddleware and OpenHandler wrap the core's own
	// handlers: every simple command after expansion, every command
	// run, every file opened by a redirection.
	CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc
	ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc
	OpenHandler(next interp.OpenHandlerFunc) interp.OpenHandlerFunc
	// Refusal is the name CallHandler gives a call it refused, for
	// ExecMiddleware to report: a name starting with a NUL byte, which
	// is otherwise the mark of the calls nosh inserts itself.
	Refusal() string
	// Program returns what to start in place of the program at path with
	// argv, under ctx, and what to add to its environment (later entries
	// win); sandboxed says it starts under a launcher that confines it.
	Program(ctx context.Context, path string, argv []string) (newPath string, newArgv, env []string, sandboxed bool)
	// Agent reports whether the commands are an agent's: they must keep
	// their effects inside the subshell they run in, so the builtins
	// that act on the whole session are refused, kill and wait reach
	// only the programs they started (Programs), and they neither
	// use nor fill the hash table.
	Agent() bool
	// Builtin reports whether an agent's command may run builtin name
	// with args, and why not when it may not; only asked when Agent.
	Builtin(name string, args []string) (ok bool, why string)
	// Refused reports that the core refused part of a command run under
	// ctx (an agent's builtin, a signal to a process not its own) where
	// the Guard shows refusals; false leaves it to the core, which prints
	// it on the command's standard error (which the model reads).
	Refused(ctx context.Context, what, why string) bool
}

// key marks a context whose commands are checked by a Guard.
type key struct{}

// With returns a context under which the statements run are checked
// by g.
func With(ctx context.Context, g Guard) context.Context {
	return context.WithValue(ctx, key{}, g)
}

// Of returns the Guard of ctx, nil for the user's own commands.
func Of(ctx context.Context) Guard {
	g, _ := ctx.Value(key{}).(Guard)
	return g
}

// CallHandler puts the Guard in front of next for guarded commands.
func CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		// Calls nosh itself inserted (rewrite passes and sentinels: names
		// starting with a NUL byte, which no user can type) are
		// bookkeeping, not commands; what they run comes back here.
		if g := Of(ctx); g != nil && !internalCall(g, args) {
			return g.CallHandler(next)(ctx, args)
		}
		return next(ctx, args)
	}
}

// internalCall reports whether args is a call nosh itself inserted: its
// name starts with a NUL byte, which no user can type. The Guard's own
// refusal is not one of them.
func internalCall(g Guard, args []string) bool {
	return len(args) > 0 && strings.HasPrefix(args[0], "\x00") && args[0] != g.Refusal()
}

// ExecMiddleware reports commands the Guard refused; it must be the
// first exec middleware after the one that tracks commands' ends.
func ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		if g := Of(ctx); g != nil && !internalCall(g, args) {
			return g.ExecMiddleware(next)(ctx, args)
		}
		return next(ctx, args)
	}
}

// OpenHandler refuses the writes the Guard does not allow.
func OpenHandler(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	if g := Of(ctx); g != nil {
		return g.OpenHandler(nil)(ctx, path, flag, perm)
	}
	return interp.DefaultOpenHandler()(ctx, path, flag, perm)
}

// Program returns what to start for the program at path with argv
// and its environment env under ctx: unchanged for the user's commands.
// sandboxed says it starts confined.
func Program(ctx context.Context, path string, argv, env []string) (string, []string, []string, bool) {
	g := Of(ctx)
	if g == nil {
		return path, argv, env, false
	}
	path, argv, extra, sandboxed := g.Program(ctx, path, argv)
	return path, argv, append(env, extra...), sandboxed
}

// Agent reports whether ctx runs an agent's command (Guard.Agent).
func Agent(ctx context.Context) bool {
	g := Of(ctx)
	return g != nil && g.Agent()
}

// subshellKey marks a guarded context whose commands run in a subshell;
// its value is the variables as the outermost one started.
type subshellKey struct{}

// EnterSubshell marks a guarded ctx as running in a subshell (( … ),
// $( … ), a background job) whose variables, as it starts, env holds:
// what its commands assign ends with it, which the Guard may want to
// know (a `?` translation's watch on the shell's own variables). A copy
// of env is kept, for the outermost subshell only; ctx is returned as
// it is when it is not guarded.
func EnterSubshell(ctx context.Context, env expand.Environ) context.Context {
	if Of(ctx) == nil || ctx.Value(subshellKey{}) != nil {
		return ctx
	}
	vars := frozenEnv{}
	env.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr
		return true
	})
	return context.WithValue(ctx, subshellKey{}, vars)
}

// SubshellEntry returns the variables the outermost subshell ctx runs
// in started with, or nil outside a subshell.
func SubshellEntry(ctx context.Context) expand.Environ {
	if vars, ok := ctx.Value(subshellKey{}).(frozenEnv); ok {
		return vars
	}
	return nil
}

// frozenEnv is a copy of a shell's variables.
type frozenEnv map[string]expand.Variable

// Get implements expand.Environ.
func (e frozenEnv) Get(name string) expand.Variable { return e[name] }

// Each implements expand.Environ.
func (e frozenEnv) Each(f func(name string, vr expand.Variable) bool) {
	for name, vr := range e {
		if !f(name, vr) {
			return
		}
	}
}
