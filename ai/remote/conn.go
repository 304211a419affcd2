package remote

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

// conn is the running helper: one per process, started by the first
// request and kept for the session, so its HTTP connections stay warm.
type conn struct {
	cmd *exec.Cmd

	wmu sync.Mutex // serialises writes of whole lines
	w   io.WriteCloser
	enc *json.Encoder

	mu      sync.Mutex
	streams map[uint64]chan Reply
	nextID  uint64
	dead    bool
	err     error // why the helper is gone, once dead
}

var shared struct {
	sync.Mutex
	c *conn
}

// helper returns the running helper, starting one if there is none or the
// last one is gone.
func helper() (*conn, error) {
	shared.Lock()
	defer shared.Unlock()
	if c := shared.c; c != nil {
		c.mu.Lock()
		dead := c.dead
		c.mu.Unlock()
		if !dead {
			return c, nil
		}
	}
	path, err := HelperPath()
	if err != nil {
		return nil, err
	}
	c, err := start(path)
	if err != nil {
		return nil, err
	}
	shared.c = c
	return c, nil
}

// HelperPath is where nosh-ai is: beside the running executable (links
// resolved), where `make build` and `make install` put it.
func HelperPath() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find the AI helper %s: %v", HelperName, err)
	}
	path := filepath.Join(filepath.Dir(exe), HelperName)
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return "", fmt.Errorf("the AI helper %s is not installed beside %s: build and install nosh with make, which puts both there", HelperName, exe)
	}
	return path, nil
}

// start runs the helper at path with its requests on descriptor 3 and
// its replies on 4. It stays in the shell's process group and ignores the
// terminal's signals itself; the shell cancels requests over the pipe.
// Its standard input and error are the shell's, for an api_key_cmd that
// asks for a passphrase.
func start(path string) (*conn, error) {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, err
	}
	cmd := exec.Command(path, "serve")
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	cmd.ExtraFiles = []*os.File{reqR, repW}
	err = cmd.Start()
	reqR.Close()
	repW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		return nil, fmt.Errorf("cannot start the AI helper %s: %v", path, err)
	}
	c := &conn{cmd: cmd, w: reqW, enc: json.NewEncoder(reqW), streams: map[uint64]chan Reply{}}
	go c.read(path, repR)
	return c, nil
}

// read routes the helper's replies to their streams until it exits.
func (c *conn) read(path string, r io.ReadCloser) {
	dec := json.NewDecoder(bufio.NewReader(r))
	var hello Reply
	err := dec.Decode(&hello)
	switch {
	case err != nil:
		err = fmt.Errorf("the AI helper %s did not start: %v", path, err)
	case hello.Hello != HelperName || hello.Protocol != Protocol:
		err = fmt.Errorf("the AI helper %s is from another version of nosh: reinstall nosh with make install", path)
	}
	for err == nil {
		var rep Reply
		if err = dec.Decode(&rep); err != nil {
			err = fmt.Errorf("the AI helper %s stopped: %v", path, err)
			break
		}
		c.mu.Lock()
		ch := c.streams[rep.ID]
		c.mu.Unlock()
		if ch != nil {
			// Each stream has at most one reply in flight (an event
			// waits for "next"), plus its end: the buffer never fills.
			ch <- rep
		}
	}
	c.mu.Lock()
	c.dead, c.err = true, err
	for id, ch := range c.streams {
		close(ch)
		delete(c.streams, id)
	}
	c.mu.Unlock()
	c.w.Close()
	r.Close()
	c.cmd.Wait()
}

// open registers a new stream and returns its id and replies.
func (c *conn) open() (uint64, chan Reply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dead {
		return 0, nil, c.err
	}
	c.nextID++
	ch := make(chan Reply, 2)
	c.streams[c.nextID] = ch
	return c.nextID, ch, nil
}

func (c *conn) close(id uint64) {
	c.mu.Lock()
	delete(c.streams, id)
	c.mu.Unlock()
}

// markDead records that the helper cannot be written to, so that the
// next request starts a new one without waiting for the reader to see
// the old one exit.
func (c *conn) markDead(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dead {
		c.dead, c.err = true, fmt.Errorf("the AI helper stopped: %v", err)
	}
}

// failure is why the helper is gone.
func (c *conn) failure() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		return errors.New("the AI helper stopped")
	}
	return c.err
}

func (c *conn) send(m Msg) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.enc.Encode(m)
}

// Doctor runs `nosh doctor` in the helper, which has the client that
// knows the answers, and returns its exit status.
func Doctor(args []string, stdout, stderr io.Writer) int {
	path, err := HelperPath()
	if err != nil {
		fmt.Fprintf(stderr, "nosh doctor: %v\n", err)
		return 1
	}
	cmd := exec.Command(path, append([]string{"doctor"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	err = cmd.Run()
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		return ee.ExitCode()
	}
	if err != nil {
		fmt.Fprintf(stderr, "nosh doctor: %v\n", err)
		return 1
	}
	return 0
}
