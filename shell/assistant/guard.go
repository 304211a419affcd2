package assistant

import (
	"context"

	"mvdan.cc/sh/v3/interp"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
	"nosh/shell/internal/guard"
)

// aiGuard is the permission gate as the shell's Guard (Host.Guarded): it
// checks the AI's commands and writes, and for an agent command starts
// its programs in the sandbox with the agent's environment.
type aiGuard struct {
	*gate.Gate
	// agent marks an agent command: its programs get agentEnv, and the
	// core keeps its effects inside its subshell.
	agent bool
}

// CallHandler is the gate's, told when the call runs in a subshell
// (guard.EnterSubshell): what it assigns ends there.
func (g aiGuard) CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	h := g.Gate.CallHandler(next)
	return func(ctx context.Context, args []string) ([]string, error) {
		return h(inSubshell(ctx), args)
	}
}

// ExecMiddleware is the gate's, told when the command runs in a
// subshell.
func (g aiGuard) ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	h := g.Gate.ExecMiddleware(next)
	return func(ctx context.Context, args []string) error {
		return h(inSubshell(ctx), args)
	}
}

// inSubshell passes on to the gate what the shell says of a subshell.
func inSubshell(ctx context.Context) context.Context {
	if entry := guard.SubshellEntry(ctx); entry != nil {
		return gate.InSubshell(ctx, entry)
	}
	return ctx
}

// Refusal is the name the gate gives a refused call.
func (aiGuard) Refusal() string { return gate.Sentinel }

// Program starts a program of an agent command confined, under nosh as
// its launcher, when ctx has a sandbox (gate.WithSandbox), with agentEnv:
// pagers and prompts neutralised without touching the shell's variables.
func (g aiGuard) Program(ctx context.Context, path string, argv []string) (string, []string, []string, bool) {
	var env []string
	if g.agent {
		env = agentEnv
	}
	box, sandboxed := gate.Sandbox(ctx)
	if sandboxed {
		path, argv = sandbox.Command(path, argv, box)
	}
	return path, argv, env, sandboxed
}

// Agent reports whether the command is the agent's.
func (g aiGuard) Agent() bool { return g.agent }

// Refused reports a refusal through the hook of gate.OnRefusal, if
// there is one.
func (aiGuard) Refused(ctx context.Context, what, why string) bool {
	f := gate.RefusalHook(ctx)
	if f != nil {
		f(what, why)
	}
	return f != nil
}

// withAI marks ctx as running an AI command, checked by g under
// approval; agent marks an agent command (aiGuard.agent).
func (a *Assistant) withAI(ctx context.Context, g *gate.Gate, approval *perms.Approval, agent bool) context.Context {
	if !agent {
		// A translation runs in the user's shell: what it changes
		// there is watched as it runs (gate.WithShellApproval).
		return a.host.Guarded(g.WithShellApproval(ctx, approval), aiGuard{Gate: g})
	}
	return a.host.Guarded(g.WithApproval(ctx, approval), aiGuard{Gate: g, agent: agent})
}

// withAgentSandbox marks ctx as running an agent command, checked by g
// under approval and confined to box (by the kernel too when enforce).
func (a *Assistant) withAgentSandbox(ctx context.Context, g *gate.Gate, approval *perms.Approval, box sandbox.Policy, enforce bool) context.Context {
	return a.host.Guarded(g.WithSandbox(ctx, approval, box, enforce), aiGuard{Gate: g, agent: true})
}

// NewGuard returns the Guard a shell runs the AI's commands under: the
// gate g, for an agent's command when agent is set (for the benchmark of
// the sandbox, which runs commands as the agent does).
func NewGuard(g *gate.Gate, agent bool) Guard { return aiGuard{Gate: g, agent: agent} }
