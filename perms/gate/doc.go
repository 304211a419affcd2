// Package gate enforces a perms.Policy at run time, inside an
// interp.Runner. Static analysis decides what to ask the user; the gate
// guarantees the answer: every command the runner actually executes
// (after expansion, including inside eval, functions, traps and
// substitutions) and every file it opens for writing must be covered by
// the rules or by what the user approved for this run. Anything else is
// stopped before it starts and reported, or asked about when an AskFunc
// is given.
//
// Install it with the runner's options:
//
//	g := gate.New(policy, decision.Approval(dir), ask, os.Stderr)
//	r, _ := interp.New(append(opts, g.RunnerOptions()...)...)
//
// or compose its handlers with the runner's own, keeping the gate
// outermost: CallHandler wraps the next call handler, ExecMiddleware
// must come first among the exec middlewares, OpenHandler wraps the next
// open handler.
//
// A runner shared by the user and the AI runs the user's commands under
// Bypass(ctx) and each approved AI command under
// g.WithApproval(ctx, decision.Approval(dir)).
//
// How it works: the call handler sees every simple command's final argv.
// It analyses it as one unit (perms.Policy.CheckArgv: wrappers such as
// sudo, xargs and sh -c are looked into, eval and source are not since
// what they run comes back through the handler). A refused command is
// rewritten to Sentinel, which the exec middleware reports, returning
// status 126; a call handler error would halt the runner. The call
// handler also compares the variables that change what runs (PATH,
// LD_PRELOAD, …) with their values when the run began, which catches
// assignments made inside eval. The open handler refuses writes to
// files the approval does not name with an *os.PathError.
//
// A Once answer at run time lets the same argv (or write path) through
// again until the run ends, so that a loop asks once.
package gate
