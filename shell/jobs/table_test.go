package jobs

import (
	"context"
	"errors"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// bodyJob adds a running job with interpreter code and no process.
func bodyJob(t *Table, text string) *Job {
	j := t.NewJob(text, nil)
	j.SetBody(func(error) {})
	t.Add(j)
	return j
}

func TestLookup(t *testing.T) {
	tbl := NewTable()
	a := bodyJob(tbl, "sleep 10")
	b := bodyJob(tbl, "vim notes.md")
	c := bodyJob(tbl, "make -j4")
	tests := []struct {
		spec string
		want *Job
		err  error
	}{
		{"%1", a, nil},
		{"2", b, nil},
		{"%+", c, nil},
		{"%%", c, nil},
		{"%", c, nil},
		{"%-", b, nil},
		{"%vim", b, nil},
		{"%?notes", b, nil},
		{"%?e", nil, ErrAmbiguous},
		{"%4", nil, ErrNoJob},
		{"%nope", nil, ErrNoJob},
	}
	for _, tt := range tests {
		j, err := tbl.Lookup(tt.spec)
		if j != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("Lookup(%q) = %v, %v; want %v, %v", tt.spec, j, err, tt.want, tt.err)
		}
	}
	// A job that ends drops to the back; the numbering restarts once the
	// list is empty.
	c.EndBody(0)
	if cur := tbl.Current(); cur != b {
		t.Errorf("current after c ended = %q", cur.Text())
	}
	if got := tbl.Line(c, false); got != "[3]   Done                    make -j4" {
		t.Errorf("line = %q", got)
	}
	for _, j := range []*Job{a, b, c} {
		tbl.Remove(j)
	}
	if id := tbl.Add(tbl.NewJob("x", nil)); id != 1 {
		t.Errorf("new job number %d after the list emptied", id)
	}
}

func TestJobLines(t *testing.T) {
	tbl := NewTable()
	j := bodyJob(tbl, "sleep 10")
	if got := tbl.Line(j, false); got != "[1]+  Running                 sleep 10 &" {
		t.Errorf("running: %q", got)
	}
	j.EndBody(3)
	if got := tbl.Line(j, false); got != "[1]+  Exit 3                  sleep 10" {
		t.Errorf("exit: %q", got)
	}
}

// TestProcessJob runs real processes in a job without job control:
// status of the last stage, kill, wait.
func TestProcessJob(t *testing.T) {
	tbl := NewTable()
	j := tbl.NewJob("sleep 10 | true", nil)
	cmd := func(args ...string) func() *exec.Cmd {
		return func() *exec.Cmd { return exec.Command(args[0], args[1:]...) }
	}
	p1, err := j.Start(cmd("sleep", "10"), 1, -1)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := j.Start(cmd("true"), 2, -1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := tbl.WaitProcess(ctx, p2, Running); err != nil {
		t.Fatal(err)
	}
	if j.Pid(time.Second) != p1.Pid {
		t.Errorf("$! of the job is not its first process")
	}
	if err := j.Kill(0); err != nil {
		t.Errorf("kill -0: %v", err)
	}
	if err := j.Kill(syscall.SIGTERM); err != nil {
		t.Errorf("kill: %v", err)
	}
	if err := tbl.WaitJob(ctx, nil, j, true); err != nil {
		t.Fatal(err)
	}
	// The job's status is its last stage's (true), though sleep was killed.
	if st := j.Status(); st != 0 {
		t.Errorf("status %d", st)
	}
	if sig, _ := p1.Termination(); sig != syscall.SIGTERM {
		t.Errorf("sleep ended by %v", sig)
	}
	if err := j.Kill(syscall.SIGTERM); !errors.Is(err, ErrNoProcess) {
		t.Errorf("kill of a finished job: %v", err)
	}
}

// TestKilledBodyStartsNothing: once kill stopped a job's body, the body
// cannot start another process (it would outlive the kill).
func TestKilledBodyStartsNothing(t *testing.T) {
	tbl := NewTable()
	j := tbl.NewJob("loop", nil)
	ctx, cancel := context.WithCancelCause(context.Background())
	j.SetBody(cancel)
	if err := j.Kill(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(context.Cause(ctx), ErrKilled) || j.KilledBy() != syscall.SIGTERM {
		t.Errorf("body not cancelled: %v, %v", context.Cause(ctx), j.KilledBy())
	}
	if _, err := j.Start(func() *exec.Cmd { return exec.Command("true") }, 0, -1); !errors.Is(err, ErrKilled) {
		t.Errorf("Start after kill: %v", err)
	}
	j.EndBody(143)
	if d := j.Describe(); d != "Terminated" {
		t.Errorf("describe %q", d)
	}
}
