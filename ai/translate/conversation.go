package translate

import (
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"time"

	"nosh/ai"
)

// Conversation is a saved conversation: everything needed to list it and
// to make it the current one again ([Context.Resume]). It is stored as
// JSON.
type Conversation struct {
	ID      string    `json:"id"`
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// First is the conversation's first request, to name it in a list.
	First string `json:"first"`
	// Commands counts the commands that ran: translations and the
	// agent's.
	Commands int `json:"commands"`
	// Compactions counts how often older exchanges were summarised.
	Compactions int `json:"compactions,omitempty"`
	// Summary stands for the exchanges compacted away.
	Summary   string     `json:"summary,omitempty"`
	Exchanges []Exchange `json:"exchanges"`
	// Runs are the agent runs, whole, oldest first.
	Runs []AgentRun `json:"runs,omitempty"`
	// Waiting is the transcript of an agent run that ended by asking the
	// user a question, to be continued with the answer.
	Waiting []ai.Message `json:"waiting,omitempty"`
}

// AgentRun is one `??` investigation as it happened.
type AgentRun struct {
	Time     time.Time `json:"time"`
	Dir      string    `json:"cwd"`
	Question string    `json:"question"`
	Answer   string    `json:"answer,omitempty"`
	// Commands is how many commands ran.
	Commands int      `json:"commands"`
	Error    string   `json:"error,omitempty"`
	Usage    ai.Usage `json:"usage"`
	// Messages is the whole exchange with the model: requests, tool
	// calls and their results, answers.
	Messages []ai.Message `json:"messages"`
}

// maxRuns bounds the agent runs one conversation keeps.
const maxRuns = 50

// newID names a conversation: its start time, sortable, and a few random
// hex digits so that two shells starting one at once do not collide.
func newID(t time.Time) string {
	// Not a secret: math/rand/v2's generator (ChaCha8, seeded by the
	// runtime from the system) serves, and does not link crypto/rand.
	n := rand.Uint32()
	b := [3]byte{byte(n), byte(n >> 8), byte(n >> 16)}
	return t.Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// ID is the current conversation's id, empty until its first exchange.
func (c *Context) ID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.meta.id
}

// Empty reports whether nothing happened in the current conversation.
func (c *Context) Empty() bool { return c.ID() == "" }

// Snapshot returns the current conversation, for saving.
func (c *Context) Snapshot() Conversation {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Conversation{
		ID: c.meta.id, Started: c.meta.started, Updated: c.meta.updated,
		First: c.meta.first, Commands: c.meta.commands, Compactions: c.meta.compactions,
		Summary:   c.summary,
		Exchanges: append([]Exchange(nil), c.exchanges...),
		Runs:      append([]AgentRun(nil), c.runs...),
		Waiting:   append([]ai.Message(nil), c.waiting...),
	}
}

// Resume makes conv the current conversation: later requests continue it
// and saving it again updates it. Typed commands are forgotten.
func (c *Context) Resume(conv Conversation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.meta = meta{id: conv.ID, started: conv.Started, updated: conv.Updated,
		first: conv.First, commands: conv.Commands, compactions: conv.Compactions}
	c.summary = conv.Summary
	c.exchanges = append([]Exchange(nil), conv.Exchanges...)
	if n := len(c.exchanges) - c.size; n > 0 {
		c.exchanges = c.exchanges[n:]
	}
	c.runs = append([]AgentRun(nil), conv.Runs...)
	c.waiting = append([]ai.Message(nil), conv.Waiting...)
	c.recent = nil
}

// AddRun records an agent run; its commands count towards the
// conversation's.
func (c *Context) AddRun(r AgentRun) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.touch(r.Question)
	c.meta.commands += r.Commands
	c.runs = append(c.runs, r)
	if n := len(c.runs) - maxRuns; n > 0 {
		c.runs = append([]AgentRun(nil), c.runs[n:]...)
	}
}

// ContinueRun records r as the continuation of the last agent run (the
// one that asked the user a question): r's transcript holds the earlier
// one, so it replaces it, keeping its question and adding up commands.
func (c *Context) ContinueRun(r AgentRun) {
	c.mu.Lock()
	if len(c.runs) == 0 {
		c.mu.Unlock()
		c.AddRun(r)
		return
	}
	defer c.mu.Unlock()
	c.touch(r.Question)
	c.meta.commands += r.Commands
	last := &c.runs[len(c.runs)-1]
	r.Question = last.Question
	r.Time = last.Time
	r.Commands += last.Commands
	r.Usage.InputTokens += last.Usage.InputTokens
	r.Usage.OutputTokens += last.Usage.OutputTokens
	r.Usage.Estimated = r.Usage.Estimated || last.Usage.Estimated
	*last = r
}

// Runs returns the agent runs of the conversation, oldest first.
func (c *Context) Runs() []AgentRun {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]AgentRun(nil), c.runs...)
}

// Wait marks the conversation as waiting for the user's answer to the
// question that ends transcript (an agent run's messages): the next
// request is built as that answer, after the whole transcript ([Build]).
func (c *Context) Wait(transcript []ai.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waiting = append([]ai.Message(nil), transcript...)
}

// Waiting returns the transcript waiting for the user's answer, nil when
// there is none.
func (c *Context) Waiting() []ai.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.waiting) == 0 {
		return nil
	}
	return append([]ai.Message(nil), c.waiting...)
}

// StopWaiting drops the question waiting for an answer.
func (c *Context) StopWaiting() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waiting = nil
}

// AsksUser reports whether an agent's answer ends by asking the user
// something: its last line ends with a question mark (Markdown emphasis
// and closing quotes aside).
func AsksUser(answer string) bool {
	s := strings.TrimSpace(answer)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimRight(s, " \t*_`)\"'»”")
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")
}
