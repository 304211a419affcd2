package jobs

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// SyntheticBase is the first process ID given to a job that never names a
// process (a background loop of builtins): above the kernel's highest
// possible PID (PID_MAX_LIMIT, 2^22), so it never names a real process.
const SyntheticBase = 1 << 22

// maxRemembered bounds how many finished jobs keep their status for
// `wait PID` after they left the list, like bash's CHILD_MAX list.
const maxRemembered = 1024

// Errors from [Table.Lookup].
var (
	ErrNoJob     = errors.New("no such job")
	ErrAmbiguous = errors.New("ambiguous job spec")
)

// ErrInterrupted is returned by the Wait methods when their stop channel
// fires (a trapped signal arrived).
var ErrInterrupted = errors.New("wait interrupted")

// Table is the shell's job table: the numbered jobs `jobs` lists, and
// every job that `$!` has named, so that `wait PID` and `kill PID` find
// them.
type Table struct {
	mu      sync.Mutex
	ch      chan struct{} // closed and replaced at every change
	list    []*Job
	byPid   map[int]*Job
	pidSeq  []int // the keys of byPid, oldest first
	clock   int
	nextSyn int
}

// NewTable returns an empty table.
func NewTable() *Table {
	return &Table{ch: make(chan struct{}), byPid: map[int]*Job{}}
}

// changed wakes everyone waiting for a change. Call it with t.mu held.
func (t *Table) changed() {
	close(t.ch)
	t.ch = make(chan struct{})
}

// NewJob creates a job that is not listed yet. owner says who started it.
func (t *Table) NewJob(text string, owner any) *Job {
	return &Job{t: t, text: text, owner: owner, pidReady: make(chan struct{})}
}

func (t *Table) decidePidLocked(j *Job, pid int) {
	select {
	case <-j.pidReady:
		return
	default:
	}
	if pid <= 0 {
		t.nextSyn++
		pid = SyntheticBase + t.nextSyn
	}
	j.pid = pid
	close(j.pidReady)
	if old := t.byPid[pid]; old == nil {
		t.pidSeq = append(t.pidSeq, pid)
	}
	t.byPid[pid] = j
	t.trimLocked()
}

// trimLocked forgets the oldest finished jobs beyond maxRemembered.
func (t *Table) trimLocked() {
	if len(t.pidSeq) <= maxRemembered {
		return
	}
	keep := t.pidSeq[:0]
	excess := len(t.pidSeq) - maxRemembered
	for _, pid := range t.pidSeq {
		j := t.byPid[pid]
		if excess > 0 && (j == nil || (j.id == 0 && j.stateLocked() == Done)) {
			delete(t.byPid, pid)
			excess--
			continue
		}
		keep = append(keep, pid)
	}
	t.pidSeq = keep
}

// Add lists j under the next job number (one more than the highest in
// use) and makes it the current job.
func (t *Table) Add(j *Job) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if j.id != 0 {
		t.bumpLocked(j)
		return j.id
	}
	id := 1
	for _, o := range t.list {
		if o.id >= id {
			id = o.id + 1
		}
	}
	j.id = id
	t.list = append(t.list, j)
	t.bumpLocked(j)
	t.changed()
	return id
}

// Bump makes j the current job, as a stop or `bg` does.
func (t *Table) Bump(j *Job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bumpLocked(j)
}

func (t *Table) bumpLocked(j *Job) {
	t.clock++
	j.recency = t.clock
}

// Remove takes j off the list; `wait PID` still finds it.
func (t *Table) Remove(j *Job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, o := range t.list {
		if o == j {
			t.list = append(t.list[:i], t.list[i+1:]...)
			break
		}
	}
	j.id = 0
	t.changed()
}

// RemoveDone takes every finished job off the list, as a shell that
// does not report them does when it starts a new one.
func (t *Table) RemoveDone() {
	t.mu.Lock()
	defer t.mu.Unlock()
	keep := t.list[:0]
	for _, j := range t.list {
		if j.stateLocked() == Done {
			j.id = 0
			continue
		}
		keep = append(keep, j)
	}
	clear(t.list[len(keep):])
	t.list = keep
}

// Forget drops j entirely, as a successful `wait` does.
func (t *Table) Forget(j *Job) {
	t.Remove(j)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byPid[j.pid] == j {
		delete(t.byPid, j.pid)
		for i, pid := range t.pidSeq {
			if pid == j.pid {
				t.pidSeq = append(t.pidSeq[:i], t.pidSeq[i+1:]...)
				break
			}
		}
	}
}

// Jobs returns the listed jobs by job number.
func (t *Table) Jobs() []*Job {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]*Job(nil), t.list...)
	sort.Slice(out, func(a, b int) bool { return out[a].id < out[b].id })
	return out
}

// Len returns how many jobs are listed.
func (t *Table) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.list)
}

// ByPid returns the job whose `$!` is pid, or nil.
func (t *Table) ByPid(pid int) *Job {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byPid[pid]
}

// Remembered returns every job `$!` has named and `wait` has not
// collected yet, oldest first.
func (t *Table) Remembered() []*Job {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []*Job
	for _, pid := range t.pidSeq {
		if j := t.byPid[pid]; j != nil && j.pid == pid {
			out = append(out, j)
		}
	}
	return out
}

// rankedLocked orders the jobs for current (%+) and previous (%-):
// stopped ones first, then running ones, each most recently started,
// stopped or resumed first; finished ones (not reported yet) last.
func (t *Table) rankedLocked() []*Job {
	out := append([]*Job(nil), t.list...)
	rank := func(j *Job) int {
		switch j.stateLocked() {
		case Stopped:
			return 0
		case Running:
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(a, b int) bool {
		if ra, rb := rank(out[a]), rank(out[b]); ra != rb {
			return ra < rb
		}
		return out[a].recency > out[b].recency
	})
	return out
}

// Current returns the current job (%+), or nil.
func (t *Table) Current() *Job {
	t.mu.Lock()
	defer t.mu.Unlock()
	if r := t.rankedLocked(); len(r) > 0 {
		return r[0]
	}
	return nil
}

// Marker returns '+' for the current job, '-' for the previous one and
// ' ' otherwise.
func (t *Table) Marker(j *Job) byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.markerLocked(j)
}

func (t *Table) markerLocked(j *Job) byte {
	r := t.rankedLocked()
	switch {
	case len(r) > 0 && r[0] == j:
		return '+'
	case len(r) > 1 && r[1] == j:
		return '-'
	}
	return ' '
}

// Lookup finds a job by spec: %N, %+, %%, % (current), %- (previous),
// %name (the command starts with name) or %?text (contains text). The
// leading % is optional.
func (t *Table) Lookup(spec string) (*Job, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimPrefix(spec, "%")
	switch s {
	case "", "%", "+":
		if r := t.rankedLocked(); len(r) > 0 {
			return r[0], nil
		}
		return nil, ErrNoJob
	case "-":
		if r := t.rankedLocked(); len(r) > 1 {
			return r[1], nil
		}
		return nil, ErrNoJob
	}
	if n, err := strconv.Atoi(s); err == nil {
		for _, j := range t.list {
			if j.id == n {
				return j, nil
			}
		}
		return nil, ErrNoJob
	}
	match := func(j *Job) bool { return strings.HasPrefix(j.text, s) }
	if text, ok := strings.CutPrefix(s, "?"); ok {
		match = func(j *Job) bool { return strings.Contains(j.text, text) }
	}
	var found *Job
	for _, j := range t.list {
		if match(j) {
			if found != nil {
				return nil, ErrAmbiguous
			}
			found = j
		}
	}
	if found == nil {
		return nil, ErrNoJob
	}
	return found, nil
}

// Line formats j the way `jobs` prints it:
//
//	[1]+  Running                 sleep 10 &
//
// long adds the process group (or process) ID after the marker.
func (t *Table) Line(j *Job, long bool) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var b strings.Builder
	b.WriteString("[" + strconv.Itoa(j.id) + "]")
	b.WriteByte(t.markerLocked(j))
	b.WriteString(" ")
	if long {
		// bash's "%5d ": [1]+  4242 Running, [1]+ 42424 Running.
		pid := strconv.Itoa(j.leaderLocked())
		b.WriteString(strings.Repeat(" ", max(5-len(pid), 0)) + pid + " ")
	} else {
		b.WriteString(" ")
	}
	state := j.describeLocked()
	if !long && j.stateLocked() == Stopped {
		// bash names the stop signal only in the long form:
		// Stopped (signal), Stopped (tty input) there, Stopped here.
		state = "Stopped"
	}
	b.WriteString(state)
	for n := len(state); n < 24; n++ {
		b.WriteByte(' ')
	}
	b.WriteString(j.text)
	if j.stateLocked() == Running && !j.fg {
		b.WriteString(" &")
	}
	return b.String()
}

// WaitProcess blocks until p leaves state from (a running process stops
// or ends, a stopped one is continued or killed), or ctx is done.
func (t *Table) WaitProcess(ctx context.Context, p *Process, from State) error {
	return t.waitUntil(ctx, nil, func() bool { return p.state != from })
}

// WaitSettled blocks, after p stopped, until p's whole job has stopped
// (or ended), or p runs again: a pipeline stops as one job only when
// every stage has.
func (t *Table) WaitSettled(ctx context.Context, j *Job, p *Process) error {
	return t.waitUntil(ctx, nil, func() bool { return p.state != Stopped || j.stateLocked() != Running })
}

// WaitJob blocks until j is done (or, unless untilDone, stopped), ctx is
// done (its error is returned), or stop fires ([ErrInterrupted]).
func (t *Table) WaitJob(ctx context.Context, stop <-chan struct{}, j *Job, untilDone bool) error {
	return t.waitUntil(ctx, stop, func() bool {
		st := j.stateLocked()
		return st == Done || (!untilDone && st == Stopped)
	})
}

// WaitAny blocks until one of js is done and returns it.
func (t *Table) WaitAny(ctx context.Context, stop <-chan struct{}, js []*Job) (*Job, error) {
	var found *Job
	err := t.waitUntil(ctx, stop, func() bool {
		for _, j := range js {
			if j.stateLocked() == Done {
				found = j
				return true
			}
		}
		return false
	})
	return found, err
}

func (t *Table) waitUntil(ctx context.Context, stop <-chan struct{}, cond func() bool) error {
	for {
		t.mu.Lock()
		ok := cond()
		ch := t.ch
		t.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-stop:
			return ErrInterrupted
		}
	}
}
