package guard

import (
	"context"
	"maps"
	"sync"
	"syscall"

	"nosh/shell/jobs"
)

// Programs are the programs one `??` run started in the sandbox, by
// process ID, with their jobs: the only ones its commands may signal
// or wait for.
type Programs struct {
	mu    sync.Mutex
	procs map[int]program
	// since is when the run began, in clock ticks since boot, and
	// sessions are the sessions its programs started in (each its own,
	// by its first process's ID): programs that left its jobs are found
	// by both (stopStrays, Freeze).
	since    uint64
	sessions map[int]bool
	// lifetime ends when the run is over (stop) or its background
	// subshells must end at once (EndBackground).
	lifetime context.Context
	end      context.CancelFunc
	over     bool // the run is over: no RenewBackground
}

// program is one tracked program and its job.
type program struct {
	p *jobs.Process
	j *jobs.Job
}

// programsKey marks a context that tracks an agent's programs.
type programsKey struct{}

// withPrograms returns ctx tracking ap.
func withPrograms(ctx context.Context, ap *Programs) context.Context {
	return context.WithValue(ctx, programsKey{}, ap)
}

// ProgramsOf returns the programs tracked under ctx, nil (which
// tracks none and owns none) outside an agent's run.
func ProgramsOf(ctx context.Context) *Programs {
	ap, _ := ctx.Value(programsKey{}).(*Programs)
	return ap
}

// Note records a program started in the sandbox for an agent command.
func (ap *Programs) Note(p *jobs.Process, j *jobs.Job) {
	if ap == nil || p == nil {
		return
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	if ap.procs == nil {
		ap.procs = map[int]program{}
	}
	ap.procs[p.Pid] = program{p, j}
	if p.OwnSession() {
		ap.noteSessionLocked(p.Pid)
	}
}

// noteSessionLocked records a session the run's programs started in.
func (ap *Programs) noteSessionLocked(sid int) {
	if ap.sessions == nil {
		ap.sessions = map[int]bool{}
	}
	ap.sessions[sid] = true
}

// sessionSet returns the run's sessions and when it began.
func (ap *Programs) sessionSet() (map[int]bool, uint64) {
	ap.mu.Lock()
	defer ap.mu.Unlock()
	return maps.Clone(ap.sessions), ap.since
}

// Lookup returns the live program pid names, or nil.
func (ap *Programs) Lookup(pid int) *jobs.Process {
	if ap == nil {
		return nil
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	if e, ok := ap.procs[pid]; ok && e.p.State() != jobs.Done {
		return e.p
	}
	return nil
}

// Owns reports whether every process of j is one of the agent's.
func (ap *Programs) Owns(j *jobs.Job) bool {
	if ap == nil || j == nil {
		return false
	}
	ps := j.Processes()
	if len(ps) == 0 {
		return false
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	for _, p := range ps {
		if e, ok := ap.procs[p.Pid]; !ok || e.p != p {
			return false
		}
	}
	return true
}

// stop ends the programs still running when the run is over, with their
// jobs, and returns how many there were.
func (ap *Programs) stop() int {
	if ap == nil {
		return 0
	}
	ap.mu.Lock()
	ap.over = true
	end := ap.end
	ap.mu.Unlock()
	if end != nil {
		end()
	}
	ap.mu.Lock()
	live := map[*jobs.Job][]*jobs.Process{}
	for _, e := range ap.procs {
		if e.p.State() != jobs.Done {
			live[e.j] = append(live[e.j], e.p)
		}
	}
	ap.procs = nil
	since, sessions := ap.since, maps.Clone(ap.sessions)
	ap.mu.Unlock()
	n := 0
	// The programs signalled here are counted here, not again when the
	// sweep finds them still dying.
	counted := map[int]bool{}
	for j, ps := range live {
		n += len(ps)
		for _, p := range ps {
			counted[p.Pid] = true
		}
		if j != nil && j.Kill(syscall.SIGTERM) == nil {
			continue
		}
		for _, p := range ps {
			p.Signal(syscall.SIGTERM)
		}
	}
	if since > 0 {
		n += stopStrays(since, sessions, counted)
	}
	return n
}

// Track returns a context under which the programs an agent
// command starts in the sandbox are recorded: its kill and wait reach
// only them, and stop ends those still running when the run is over and
// says how many there were.
func Track(ctx context.Context) (tracked context.Context, stop func() int) {
	ap := &Programs{since: bootTicks()}
	ap.lifetime, ap.end = context.WithCancel(context.Background())
	return withPrograms(ctx, ap), ap.stop
}

// Lifetime returns a context that ends when the run is over, or when
// EndBackground is called: a background subshell of the run's commands
// (`{ while :; do :; done; } &`, shell code running inside nosh, not a
// program) must not outlive the run, spinning or growing in the user's
// shell or asking questions long after the answer. Nil outside a run.
func (ap *Programs) Lifetime() context.Context {
	if ap == nil {
		return nil
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	return ap.lifetime
}

// EndBackground ends the run's background subshells (their programs
// with them), and those the command still running starts: until
// RenewBackground, Lifetime is over. The run's end does it for good.
func (ap *Programs) EndBackground() {
	if ap == nil {
		return
	}
	ap.mu.Lock()
	end := ap.end
	ap.mu.Unlock()
	if end != nil {
		end()
	}
}

// RenewBackground lets the run's later commands start background
// subshells again, after EndBackground, once the command that made it
// necessary is over.
func (ap *Programs) RenewBackground() {
	if ap == nil {
		return
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	if ap.lifetime != nil && ap.lifetime.Err() != nil && !ap.over {
		ap.lifetime, ap.end = context.WithCancel(context.Background())
	}
}
