package shell

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"mvdan.cc/sh/v3/interp"
)

// recordingGuard lets everything through and records the words of each
// command its CallHandler sees.
type recordingGuard struct {
	mu    sync.Mutex
	calls [][]string
}

func (g *recordingGuard) CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		g.mu.Lock()
		g.calls = append(g.calls, slices.Clone(args))
		g.mu.Unlock()
		return next(ctx, args)
	}
}

func (g *recordingGuard) ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return next
}

func (g *recordingGuard) OpenHandler(next interp.OpenHandlerFunc) interp.OpenHandlerFunc {
	if next == nil {
		return interp.DefaultOpenHandler()
	}
	return next
}

func (g *recordingGuard) Refusal() string { return "\x00refused" }

func (g *recordingGuard) Program(ctx context.Context, path string, argv []string) (string, []string, []string, bool) {
	return path, argv, nil, false
}

func (g *recordingGuard) Agent() bool                             { return false }
func (g *recordingGuard) Builtin(string, []string) (bool, string) { return true, "" }
func (g *recordingGuard) Refused(context.Context, string, string) bool {
	return false
}

// TestArgsCallGuardSeesWords checks that a command whose words nosh
// expands itself (the call handler's \x00args) reaches the Guard with its
// own expanded words, never as the private call.
func TestArgsCallGuardSeesWords(t *testing.T) {
	s, buf := newTestShell(t, t.TempDir())
	g := &recordingGuard{}
	ctx := WithGuard(context.Background(), g)
	s.RunString(ctx, `x='a  b'; f=/dev/null; cat $f; printf '<%s>' $x; echo`, "t")
	if got := buf.String(); got != "<a><b>\n" {
		t.Fatalf("output %q", got)
	}
	want := [][]string{{"cat", "/dev/null"}, {"printf", "<%s>", "a", "b"}, {"echo"}}
	for _, w := range want {
		if !slices.ContainsFunc(g.calls, func(c []string) bool { return slices.Equal(c, w) }) {
			t.Errorf("the Guard never saw %q; it saw %q", w, g.calls)
		}
	}
	for _, c := range g.calls {
		if strings.HasPrefix(c[0], "\x00") {
			t.Errorf("the Guard saw a private call %q", c)
		}
	}
}

// TestArgsCallSemantics runs commands whose words nosh expands through
// the call handler's path: each expansion runs once, an empty command
// has the status of its last command substitution, a failed expansion
// fails the command, and assignments before a command stay its own.
func TestArgsCallSemantics(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"expands once", `n=0; c() { n=$((n+1)); echo x; }; echo $(c) $(c); echo $n`, "x x\n0\n"},
		{"side effects once", `: ${n:=1} $((n+=1)); echo $n`, "2\n"},
		{"empty command status", `e=; $e $(exit 4); echo $?`, "4\n"},
		{"empty command", `e=; $e; echo $?`, "0\n"},
		{"ifs", `IFS=:; y=a::b; printf '<%s>' $y; echo`, "<a><><b>\n"},
		{"function args", `f() { echo $#:$2; }; x='1 2 3'; f $x`, "3:2\n"},
		{"status", `f() { return 3; }; x=f; $x; echo $?`, "3\n"},
		{"unset parameter ends the script", `x=1; echo ${x:?gone} ${y:?gone}; echo after $?`, ""},
		{"assignment scope", `x=1; v=2 eval 'echo $v'; echo ${v-unset} $x`, "2\nunset 1\n"},
		{"break in loop", `for i in 1 2; do echo $i; break; echo $(echo no); done`, "1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, buf := newTestShell(t, t.TempDir())
			s.RunString(context.Background(), tc.src, "t")
			got := buf.String()
			// Error messages go to the same buffer: keep stdout lines.
			var lines []string
			for _, l := range strings.SplitAfter(got, "\n") {
				if l != "" && !strings.HasPrefix(l, "nosh:") && !strings.HasPrefix(l, "t:") {
					lines = append(lines, l)
				}
			}
			if strings.Join(lines, "") != tc.want {
				t.Errorf("%s\ngot  %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestArgsCallCancelledDuringSubstitution: a statement cancelled while a
// command substitution in its words runs (Ctrl+C reaching an interactive
// shell, which ends only the substitution's subshell) does not run its
// command once the substitution is over, as interp's own call checks
// after expanding. The words expanded by nosh (\x00args) ran it: Ctrl+C
// during `echo $(…) x` printed " x" now and then.
func TestArgsCallCancelledDuringSubstitution(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	s, buf := newTestShell(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.RunString(ctx, `echo $(head -n1 `+fifo+`) ran`, "t")
	}()
	// The substitution's program is reading: cancel the statement, which
	// ends the program and with it the substitution (its last command),
	// without an error for the expansion.
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	<-done
	w.Close()
	if strings.Contains(buf.String(), "ran") {
		t.Errorf("the command ran after its statement was cancelled: %q", buf.String())
	}
}
