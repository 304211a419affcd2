package shell

import (
	"context"
	"errors"
	"syscall"
	"testing"
)

// TestFrameDispatch: a signal that reaches the process while a subshell
// runs in the foreground goes by the innermost subshell's table: its trap
// is made pending there, an ignored signal does nothing, and a default
// that ends a process ends the subshell alone.
func TestFrameDispatch(t *testing.T) {
	s, _ := newTestShell(t, t.TempDir())
	ctx := context.Background()
	tests := []struct {
		name    string
		traps   map[syscall.Signal]string // set in the frame
		sig     syscall.Signal
		pending bool
		killed  syscall.Signal
	}{
		{"trap", map[syscall.Signal]string{syscall.SIGUSR1: "echo x"}, syscall.SIGUSR1, true, 0},
		{"ignored", map[syscall.Signal]string{syscall.SIGUSR1: ""}, syscall.SIGUSR1, false, 0},
		{"default kills", nil, syscall.SIGTERM, false, syscall.SIGTERM},
		{"default spares", nil, syscall.SIGWINCH, false, 0},
		{"other signal's trap", map[syscall.Signal]string{syscall.SIGUSR2: "echo x"}, syscall.SIGUSR1, false, syscall.SIGUSR1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fctx, f := s.enterFrame(ctx, s.Runner.Subshell(), false)
			f.mu.Lock()
			for sig, action := range tc.traps {
				f.setTrapLocked(sig, action)
			}
			f.mu.Unlock()
			if !s.dispatchToFrame(tc.sig) {
				t.Fatalf("the frame did not take %v", tc.sig)
			}
			if got := f.hasPending.Load(); got != tc.pending {
				t.Errorf("pending = %v, want %v", got, tc.pending)
			}
			killedCtx := errors.Is(context.Cause(fctx), errSubshellSignal)
			if killed := s.leaveFrame(f); killed != tc.killed || killedCtx != (tc.killed != 0) {
				t.Errorf("killed = %v (context cancelled: %v), want %v", killed, killedCtx, tc.killed)
			}
		})
	}
	// Nested: the innermost frame decides; with none left, the main
	// shell's table does (not taken here: default).
	outer, outerFrame := s.enterFrame(ctx, s.Runner.Subshell(), false)
	outerFrame.setTrapLocked(syscall.SIGUSR1, "echo outer")
	inner, innerFrame := s.enterFrame(outer, s.Runner.Subshell(), false)
	s.dispatchToFrame(syscall.SIGUSR1)
	if outerFrame.hasPending.Load() || s.leaveFrame(innerFrame) != syscall.SIGUSR1 || inner.Err() == nil {
		t.Errorf("the outer frame took the signal, or the inner one was not killed")
	}
	if s.leaveFrame(outerFrame) != 0 {
		t.Errorf("the outer frame was killed")
	}
	if s.dispatchToFrame(syscall.SIGUSR1) {
		t.Errorf("a signal was taken by a frame with none running")
	}
	// A background job's body gets no signal from outside.
	_, bgFrame := s.enterFrame(ctx, s.Runner.Subshell(), true)
	if s.dispatchToFrame(syscall.SIGTERM) || s.leaveFrame(bgFrame) != 0 {
		t.Errorf("a background body took an outside signal")
	}
}

// TestSubshellSignals runs subshells that programs signal, in this very
// process: the subshell's trap, its death of a signal its parent traps,
// its ignored signals passed on to a program (through the launcher, this
// test binary), and kill $$ kept for the main shell.
func TestSubshellSignals(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"trap", `(trap 'echo caught' USR1; sh -c 'kill -s USR1 $PPID'; echo after); echo "st $?"`,
			"caught\nafter\nst 0\n"},
		{"reset on entry", `trap 'echo main' USR2; (sh -c 'kill -s USR2 $PPID'; echo no); echo "st $?"; trap - USR2`,
			"User defined signal 2\nst 140\n"},
		{"cmdsubst", `trap 'echo main' USR2; x=$(echo a; sh -c 'kill -s USR2 $PPID'; echo no); echo "st $? $x"; trap - USR2`,
			"st 140 a\n"},
		{"ignore", `(trap '' USR1; sh -c 'kill -s USR1 $PPID'; echo spared); echo "st $?"`,
			"spared\nst 0\n"},
		{"trap, then default", `(trap 'echo once; trap - USR1' USR1; sh -c 'kill -s USR1 $PPID'; echo a; sh -c 'kill -s USR1 $PPID'; echo no); echo "st $?"`,
			"once\na\nUser defined signal 1\nst 138\n"},
		{"program inherits ignored", `(trap '' USR1; sh -c 'kill -s USR1 $$; echo child-spared'); echo "st $?"`,
			"child-spared\nst 0\n"},
		{"program gets reset", `trap '' USR2; (trap - USR2; sh -c 'kill -s USR2 $$; echo no'; echo "child $?"); trap - USR2`,
			"child 140\n"},
		{"kill $$ is the main shell's", `trap 'echo main' USR1; (kill -s USR1 $$; echo sub); echo after; trap - USR1`,
			"sub\nmain\nafter\n"},
	}
	// One shell for all: the process's signal dispositions are the
	// shell's, and a login shell is one per process.
	s, out := newTestShell(t, t.TempDir())
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out.Reset()
			s.RunString(context.Background(), tc.src, "t")
			if got := out.String(); got != tc.want {
				t.Errorf("%s\ngot  %q\nwant %q", tc.src, got, tc.want)
			}
			if s.job.sig.Forced() || len(s.job.frames.active) != 0 {
				t.Errorf("frames left behind: catching %v, %d active", s.job.sig.Forced(), len(s.job.frames.active))
			}
		})
	}
}

// BenchmarkSubshells: 100 ( … ) and 100 $( … ) with builtins only, what
// every subshell pays for its signal context when nothing is trapped.
func BenchmarkSubshells(b *testing.B) {
	s, _ := newTestShell(b, b.TempDir())
	ctx := context.Background()
	for b.Loop() {
		s.RunString(ctx, "i=0; while [ $i -lt 100 ]; do ( : ); x=$(:); i=$((i+1)); done", "b")
	}
}
