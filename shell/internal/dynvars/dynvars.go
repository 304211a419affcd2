package dynvars

import (
	"nosh/shell/internal/interpunsafe"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Clock is the shell's SECONDS counter.
type Clock struct {
	mu   sync.Mutex
	base int64     // the value at t0
	t0   time.Time // when the count last (re)started
	// assigned is set once code assigning SECONDS has been parsed; until
	// then the computed variable needs no looking after.
	assigned atomic.Bool
}

// NoteAssign records an assignment to SECONDS in code about to run.
func (c *Clock) NoteAssign(as *syntax.Assign) {
	if c != nil && as.Name != nil && as.Name.Value == "SECONDS" {
		c.assigned.Store(true)
	}
}

func (c *Clock) value() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.base + int64(time.Since(c.t0)/time.Second)
}

func (c *Clock) restart(n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.base, c.t0 = n, time.Now()
}

// now is the count as SECONDS reads.
func (c *Clock) now() string { return strconv.FormatInt(c.value(), 10) }

// Env is the inherited environment plus the computed variables.
type Env struct {
	expand.Environ
	seconds *Clock
	// pid is $$, the main shell's BASHPID (a subshell's is its own:
	// Engine.SetSubshellPid).
	pid string
}

// NewEnv wraps env; a numeric SECONDS in it is where the count
// starts, as in bash.
func NewEnv(env expand.Environ) *Env {
	c := &Clock{t0: time.Now()}
	if v := env.Get("SECONDS"); v.IsSet() {
		c.base, _ = strconv.ParseInt(v.String(), 10, 64)
	}
	return &Env{Environ: env, seconds: c, pid: strconv.Itoa(os.Getpid())}
}

// Get returns the computed value of a dynamic variable, else env's.
func (e *Env) Get(name string) expand.Variable {
	if v, ok := e.dynamic(name); ok {
		return v
	}
	return e.Environ.Get(name)
}

func (e *Env) dynamic(name string) (expand.Variable, bool) {
	var s string
	switch name {
	case "SECONDS":
		s = e.seconds.now()
	case "BASHPID":
		s = e.pid
	case "EPOCHSECONDS":
		s = strconv.FormatInt(time.Now().Unix(), 10)
	case "EPOCHREALTIME":
		s = epochRealtime(time.Now())
	default:
		return expand.Variable{}, false
	}
	// The value is also kept in List, which an assignment leaves as it
	// was (interp changes only Str): a variable whose Str differs from
	// its List was assigned by the user.
	return expand.Variable{Set: true, Kind: expand.String, Str: s, List: []string{s}}, true
}

// epochRealtime is EPOCHREALTIME's value at now: seconds and microseconds,
// as "%d.%06d" formats them (computed after every command, so without fmt).
func epochRealtime(now time.Time) string {
	var b [32]byte
	s := strconv.AppendInt(b[:0], now.Unix(), 10)
	us := now.Nanosecond() / 1000
	s = append(s, '.', byte('0'+us/100000), byte('0'+us/10000%10), byte('0'+us/1000%10),
		byte('0'+us/100%10), byte('0'+us/10%10), byte('0'+us%10))
	return string(s)
}

// isDynamic reports whether dynamic computes name's value. Each asks it
// of every variable, after every command (interp copies the variables
// into Runner.Vars): computing the values just to ask was three clock
// readings and a Sprintf per variable.
func isDynamic(name string) bool {
	switch name {
	case "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID":
		return true
	}
	return false
}

// Each lists env's variables, the computed ones last.
func (e *Env) Each(f func(name string, vr expand.Variable) bool) {
	cont := true
	e.Environ.Each(func(name string, vr expand.Variable) bool {
		if isDynamic(name) {
			return true
		}
		cont = f(name, vr)
		return cont
	})
	for _, name := range []string{"SECONDS", "EPOCHSECONDS", "EPOCHREALTIME"} {
		if !cont {
			return
		}
		v, _ := e.dynamic(name)
		cont = f(name, v)
	}
}

// Refresh keeps SECONDS counting in runner r once the user has
// assigned it (see the comment at the top): the assigned value restarts
// the clock, and from then on nosh writes the clock's value into the
// variable before and after each command.
func (c *Clock) Refresh(r *interp.Runner) {
	if r == nil || c == nil || !c.assigned.Load() {
		return
	}
	// The clock is read first: a computed value read after it is the
	// same, or one more at a second's turn.
	now := c.value()
	vr := interpunsafe.LookupVar(r, "SECONDS")
	if !vr.IsSet() || vr.Kind != expand.String || len(vr.List) != 1 {
		return // unset (then assigned): an ordinary name now, as in bash
	}
	if vr.Str != vr.List[0] {
		n, err := strconv.ParseInt(vr.Str, 10, 64)
		if err != nil {
			return
		}
		c.restart(n)
		now = n
	}
	if n, _ := strconv.ParseInt(vr.Str, 10, 64); (n == now || n == now+1) && vr.Str == vr.List[0] {
		return // the computed value, or an assigned one that is current
	}
	if vr.ReadOnly {
		return
	}
	vr.Str = strconv.FormatInt(now, 10)
	vr.List = []string{vr.Str}
	interpunsafe.SetVar(r, "SECONDS", vr)
}

// Seconds is e's SECONDS counter.
func (e *Env) Seconds() *Clock { return e.seconds }

// SetWinSize sets COLUMNS and LINES in r, unless they are read-only or
// already say so; a size of 0 columns is no size.
func SetWinSize(r *interp.Runner, cols, rows int) {
	if cols == 0 {
		return
	}
	for _, v := range [2]struct {
		name string
		n    int
	}{{"COLUMNS", cols}, {"LINES", rows}} {
		name := v.name
		vr := interpunsafe.LookupVar(r, name)
		val := strconv.Itoa(v.n)
		if vr.ReadOnly || (vr.IsSet() && vr.Kind == expand.String && vr.Str == val) {
			continue
		}
		vr.Set, vr.Kind, vr.Str = true, expand.String, val
		interpunsafe.SetVar(r, name, vr)
	}
}
