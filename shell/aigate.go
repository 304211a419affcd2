package shell

import (
	"context"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
)

// aiGuard is the permission gate as the core's Guard (guard.go): it
// checks the AI's commands and writes, and for an agent command starts
// its programs in the sandbox with the agent's environment.
type aiGuard struct {
	*gate.Gate
	// agent marks an agent command: its programs get agentEnv, and the
	// core keeps its effects inside its subshell.
	agent bool
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

// withAI marks ctx as running an AI command, checked by g under approval.
func withAI(ctx context.Context, g *gate.Gate, approval *perms.Approval) context.Context {
	return WithGuard(g.WithApproval(ctx, approval), aiGuard{Gate: g})
}

// withAgentSandbox marks ctx as running an agent command, checked by g
// under approval and confined to box (by the kernel too when enforce).
func withAgentSandbox(ctx context.Context, g *gate.Gate, approval *perms.Approval, box sandbox.Policy, enforce bool) context.Context {
	return WithGuard(g.WithSandbox(ctx, approval, box, enforce), aiGuard{Gate: g})
}

// withAgentCommand marks ctx, made by withAI or withAgentSandbox, as
// running an agent command: the programs it starts get agentEnv.
func withAgentCommand(ctx context.Context) context.Context {
	g, _ := guardOf(ctx).(aiGuard)
	g.agent = true
	return WithGuard(ctx, g)
}
