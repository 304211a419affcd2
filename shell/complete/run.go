package complete

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// maxOutput caps what is read from a program run for completion.
const maxOutput = 4 << 20

// run runs argv in dir with a deadline and returns its standard output
// (and standard error too when both is set). The program gets no
// terminal: standard input is /dev/null and it runs in a session of its
// own, so it cannot open /dev/tty to prompt; its process group is killed
// when the deadline passes.
func run(ctx context.Context, timeout time.Duration, dir string, env []string, both bool, argv ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 100 * time.Millisecond
	var out capped
	cmd.Stdout = &out
	if both {
		cmd.Stderr = &out
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.Bytes(), fmt.Errorf("%s: %w", argv[0], ctx.Err())
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && out.Len() > 0 {
		// Many programs exit non-zero after printing their usage.
		return out.Bytes(), nil
	}
	if err != nil {
		return out.Bytes(), fmt.Errorf("%s: %w", argv[0], err)
	}
	return out.Bytes(), nil
}

// capped is a buffer that silently drops what goes past maxOutput.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.Len(); room < len(p) {
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

// environ is the environment for programs run while completing: the
// process's, with the shell's PATH and HOME, and extra settings.
func (c *Completer) environ(extra ...string) []string {
	env := os.Environ()
	env = append(env, "PATH="+c.Env.Get("PATH"), "HOME="+c.Env.Get("HOME"))
	return append(env, extra...)
}

// output runs a program for a Spec, in the shell's directory, caching
// its output briefly.
func (c *Completer) output(ctx context.Context, name string, args ...string) (string, error) {
	dir := c.Env.Dir()
	key := dir + "\x00" + name + "\x00" + strings.Join(args, "\x00")
	if v, ok := c.cache.get(key); ok {
		return v, nil
	}
	path, ok := c.lookPath(name)
	if !ok {
		return "", fmt.Errorf("%s: not found on PATH", name)
	}
	argv := append([]string{path}, args...)
	if c.Confine != nil {
		p, a := c.Confine(path, append([]string{name}, args...))
		argv = append([]string{p}, a[1:]...)
	}
	out, err := run(ctx, c.Timeout, dir, c.environ("GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C"), false, argv...)
	if err != nil {
		return "", err
	}
	c.cache.put(key, string(out))
	return string(out), nil
}

func (c *Completer) lookPath(name string) (string, bool) {
	if strings.ContainsRune(name, '/') {
		return name, true
	}
	return c.Path.Lookup(c.Env.Get("PATH"), name)
}

// ttlCache keeps program outputs for a short time.
type ttlCache struct {
	ttl time.Duration
	mu  sync.Mutex
	m   map[string]ttlEntry
}

type ttlEntry struct {
	v  string
	at time.Time
}

func (t *ttlCache) get(k string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.m[k]
	if !ok || time.Since(e.at) > t.ttl {
		return "", false
	}
	return e.v, true
}

func (t *ttlCache) put(k, v string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for key, e := range t.m {
		if time.Since(e.at) > t.ttl {
			delete(t.m, key)
		}
	}
	t.m[k] = ttlEntry{v: v, at: time.Now()}
}
