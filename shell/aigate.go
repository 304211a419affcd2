package shell

import (
	"context"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
)

// aiKey marks a context whose commands come from the AI: only those go
// through the permission gate; what the user types never does.
type aiKey struct{}

// withAI marks ctx as running an AI command, checked by g under approval.
func withAI(ctx context.Context, g *gate.Gate, approval *perms.Approval) context.Context {
	return context.WithValue(g.WithApproval(ctx, approval), aiKey{}, g)
}

// withAgentSandbox marks ctx as running an agent command, checked by g
// under approval and confined to box (by the kernel too when enforce).
func withAgentSandbox(ctx context.Context, g *gate.Gate, approval *perms.Approval, box sandbox.Policy, enforce bool) context.Context {
	return context.WithValue(g.WithSandbox(ctx, approval, box, enforce), aiKey{}, g)
}

// aiGateOf returns the gate for ctx when it runs an AI command.
func aiGateOf(ctx context.Context) *gate.Gate {
	g, _ := ctx.Value(aiKey{}).(*gate.Gate)
	return g
}

// gateCallHandler puts the AI gate in front of next for AI commands.
func gateCallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		// Calls nosh itself inserted (rewrite passes and sentinels: names
		// starting with a NUL byte, which no user can type) are
		// bookkeeping, not commands; what they run comes back here.
		if g := aiGateOf(ctx); g != nil && !internalCall(args) {
			return g.CallHandler(next)(ctx, args)
		}
		return next(ctx, args)
	}
}

// internalCall reports whether args is a call nosh itself inserted: its
// name starts with a NUL byte, which no user can type. The gate's own
// refusal sentinel is not one of them.
func internalCall(args []string) bool {
	return len(args) > 0 && strings.HasPrefix(args[0], "\x00") && args[0] != gate.Sentinel
}

// gateExecMiddleware reports commands the AI gate refused; it must be the
// first exec middleware.
func gateExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		if g := aiGateOf(ctx); g != nil && !internalCall(args) {
			return g.ExecMiddleware(next)(ctx, args)
		}
		return next(ctx, args)
	}
}

// gateOpenHandler refuses writes the AI's approval does not cover.
func gateOpenHandler(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	if g := aiGateOf(ctx); g != nil {
		return g.OpenHandler(nil)(ctx, path, flag, perm)
	}
	return interp.DefaultOpenHandler()(ctx, path, flag, perm)
}
