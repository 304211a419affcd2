package shell

import (
	"context"

	"nosh/shell/internal/guard"
	"nosh/shell/jobs"
)

// Guard checks what runs on behalf of someone other than the user who
// typed it: the AI's commands (package shell/internal/guard).
type Guard = guard.Guard

// WithGuard returns a context under which the statements run are checked
// by g.
func WithGuard(ctx context.Context, g Guard) context.Context { return guard.With(ctx, g) }

// TrackAgentPrograms returns a context under which the programs an agent
// command starts in the sandbox are recorded: its kill and wait reach
// only them, and stop ends those still running when the run is over and
// says how many there were.
func TrackAgentPrograms(ctx context.Context) (tracked context.Context, stop func() int) {
	return guard.Track(ctx)
}

// The core's short names for what package guard decides.

func isAgentCommand(ctx context.Context) bool { return guard.Agent(ctx) }

func guardedProgram(ctx context.Context, path string, argv, env []string) (string, []string, []string, bool) {
	return guard.Program(ctx, path, argv, env)
}

// agentProcs records the programs an agent's command starts.
type agentProcs struct{ *guard.Programs }

func agentProcsOf(ctx context.Context) agentProcs { return agentProcs{guard.ProgramsOf(ctx)} }

func (ap agentProcs) note(p *jobs.Process, j *jobs.Job) { ap.Note(p, j) }
