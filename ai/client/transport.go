package client

import (
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// transports holds one keep-alive transport per connect timeout, shared by
// every Provider in the process: a shell normally has one, and a Provider
// rebuilt by /reload keeps the warm connection.
var transports struct {
	sync.Mutex
	byTimeout map[time.Duration]*http.Transport
}

// sharedTransport returns the process's transport for this connect timeout.
func sharedTransport(connect time.Duration) *http.Transport {
	transports.Lock()
	defer transports.Unlock()
	if t := transports.byTimeout[connect]; t != nil {
		return t
	}
	t := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:   true,
		TLSHandshakeTimeout: connect,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		// Compressed event streams would be buffered by the decompressor;
		// the replies are small, so ask for them plain.
		DisableCompression: true,
	}
	if transports.byTimeout == nil {
		transports.byTimeout = make(map[time.Duration]*http.Transport)
	}
	transports.byTimeout[connect] = t
	return t
}

// newHTTPClient wraps the shared transport in a client that refuses
// redirects: following one would send the key (in x-api-key, which
// net/http does not strip) to an address the user never configured.
func newHTTPClient(connect time.Duration) *http.Client {
	return &http.Client{
		Transport: sharedTransport(connect),
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Causes given to a request's context when a timeout expires.
var (
	errFirstByte = errors.New("first byte timeout")
	errIdle      = errors.New("idle timeout")
)

// watchdog cancels a request when the first byte or the next chunk is late.
// It is paused while the consumer handles an event, so a slow consumer is
// not taken for a stalled server.
type watchdog struct {
	timer *time.Timer
	idle  time.Duration
	fired func(cause error)

	mu      sync.Mutex
	started bool // a body byte has arrived: the idle timeout applies
}

func newWatchdog(firstByte, idle time.Duration, cancel func(error)) *watchdog {
	w := &watchdog{idle: idle, fired: cancel}
	w.timer = time.AfterFunc(firstByte, func() {
		w.mu.Lock()
		started := w.started
		w.mu.Unlock()
		if started {
			cancel(errIdle)
		} else {
			cancel(errFirstByte)
		}
	})
	return w
}

// progress notes that bytes arrived.
func (w *watchdog) progress() {
	w.mu.Lock()
	w.started = true
	w.mu.Unlock()
	w.timer.Reset(w.idle)
}

// pause stops the clock while the consumer has an event.
func (w *watchdog) pause() { w.timer.Stop() }

// resume restarts the idle clock after the consumer returns.
func (w *watchdog) resume() { w.timer.Reset(w.idle) }

func (w *watchdog) stop() { w.timer.Stop() }

// watchedBody reports each read that returns bytes to the watchdog.
type watchedBody struct {
	r io.Reader
	w *watchdog
}

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if n > 0 {
		b.w.progress()
	}
	return n, err
}

// drainLimit bounds how much of a finished stream's tail is read so that
// the connection can be reused.
const drainLimit = 64 << 10

// finishBody reads what is left of a completed response, so the connection
// goes back to the pool, and closes it.
func finishBody(r io.Reader, body io.Closer) {
	_, _ = io.Copy(io.Discard, io.LimitReader(r, drainLimit))
	_ = body.Close()
}
