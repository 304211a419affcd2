package translate

import "sync"

// Exchange is one request and what came of it.
type Exchange struct {
	// Request is what the user typed after ? (or ??).
	Request string
	// Command is the command that ran (after any edit), empty when none did.
	Command string
	// Status is the command's exit status, when Command ran.
	Status int
	// Output is the start of the command's output, when ai.include_output
	// is on.
	Output string
	// Answer is a reply in words (a non-command reply, or an agent's answer).
	Answer string
}

// Recent is a command the user typed themselves, with its exit status.
type Recent struct {
	Command string
	Status  int
}

// Context is the rolling context: the last Size exchanges, plus the
// commands typed since the last request. It is safe for concurrent use.
type Context struct {
	mu        sync.Mutex
	size      int
	exchanges []Exchange
	recent    []Recent
}

// maxRecent bounds the typed commands remembered between two requests.
const maxRecent = 10

// NewContext keeps the last size exchanges (at least 1).
func NewContext(size int) *Context {
	if size < 1 {
		size = 1
	}
	return &Context{size: size}
}

// Add records an exchange, dropping the oldest beyond the size, and
// forgets the typed commands (they were sent with this request).
func (c *Context) Add(e Exchange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.exchanges = append(c.exchanges, e)
	if n := len(c.exchanges) - c.size; n > 0 {
		c.exchanges = append([]Exchange(nil), c.exchanges[n:]...)
	}
	c.recent = nil
}

// Typed records a command the user typed and its status.
func (c *Context) Typed(command string, status int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.recent = append(c.recent, Recent{command, status})
	if n := len(c.recent) - maxRecent; n > 0 {
		c.recent = append([]Recent(nil), c.recent[n:]...)
	}
}

// Clear forgets everything (/clear).
func (c *Context) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.exchanges, c.recent = nil, nil
}

// Exchanges returns a copy of the remembered exchanges, oldest first.
func (c *Context) Exchanges() []Exchange {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Exchange(nil), c.exchanges...)
}

// RecentCommands returns the commands typed since the last request.
func (c *Context) RecentCommands() []Recent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Recent(nil), c.recent...)
}
