package translate

import (
	"sync"
	"time"

	"nosh/ai"
)

// Exchange is one request and what came of it.
type Exchange struct {
	// Time is when the request was made.
	Time time.Time `json:"time,omitzero"`
	// Request is what the user typed after ? (or ??).
	Request string `json:"request"`
	// Attached lists the paths of the files attached with @path.
	Attached []string `json:"attached,omitempty"`
	// Command is the command that ran (after any edit), empty when none did.
	Command string `json:"command,omitempty"`
	// Status is the command's exit status, when Command ran.
	Status int `json:"status,omitempty"`
	// Output is the start of the command's output, when ai.include_output
	// is on.
	Output string `json:"output,omitempty"`
	// Answer is a reply in words (a non-command reply, or an agent's answer).
	Answer string `json:"answer,omitempty"`
}

// Recent is a command the user typed themselves, with its exit status.
type Recent struct {
	Command string
	Status  int
}

// Context is the current conversation: the rolling context of the last
// Size exchanges with the summary of older ones, the commands typed since
// the last request, the agent runs, and an agent's question waiting for
// the user's answer. It is safe for concurrent use.
type Context struct {
	mu        sync.Mutex
	size      int
	meta      meta
	summary   string
	exchanges []Exchange
	runs      []AgentRun
	waiting   []ai.Message
	recent    []Recent
	// scale is the provider's token count per estimated token, learnt
	// from the usage it reports (0: nothing learnt yet).
	scale float64
}

// meta is what identifies a conversation and sums it up in a list.
type meta struct {
	id               string
	started, updated time.Time
	first            string
	commands         int
	compactions      int
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
// forgets the typed commands (they were sent with this request). A
// command that ran counts towards the conversation's commands.
func (c *Context) Add(e Exchange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	c.touch(e.Request)
	if e.Command != "" {
		c.meta.commands++
	}
	c.exchanges = append(c.exchanges, e)
	if n := len(c.exchanges) - c.size; n > 0 {
		c.exchanges = append([]Exchange(nil), c.exchanges[n:]...)
	}
	c.recent = nil
}

// touch starts the conversation if it has not started, and marks it
// changed. The caller holds c.mu.
func (c *Context) touch(request string) {
	now := time.Now()
	if c.meta.id == "" {
		c.meta.id = newID(now)
		c.meta.started = now
	}
	if c.meta.first == "" {
		c.meta.first = request
	}
	c.meta.updated = now
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

// Clear forgets everything and starts a new, empty conversation (/clear,
// /new). What was learnt about the provider's token counts stays.
func (c *Context) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.meta = meta{}
	c.summary, c.exchanges, c.runs, c.waiting, c.recent = "", nil, nil, nil, nil
}

// Exchanges returns a copy of the remembered exchanges, oldest first.
func (c *Context) Exchanges() []Exchange {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Exchange(nil), c.exchanges...)
}

// Summary is the model's summary of the exchanges compacted so far.
func (c *Context) Summary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.summary
}

// RecentCommands returns the commands typed since the last request.
func (c *Context) RecentCommands() []Recent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Recent(nil), c.recent...)
}
