package translate

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"nosh/ai"
	"nosh/ai/redact"
)

// CompactPrompt asks for a summary that can stand in for older exchanges.
const CompactPrompt = `You summarise a conversation between a user and an assistant that works in the user's shell, so that the assistant can go on without the full text.
Keep what matters later: what the user wanted, the commands that ran and how they ended, file and directory names, numbers found, decisions, questions still open.
Write plain sentences, at most 150 words, no preamble.`

// Compactable is how many of the oldest exchanges a compaction folds into
// the summary: all but the last when there are several, the only one
// otherwise, so that a follow-up still sees the latest exchange whole
// whenever it can. It is 0 when there are no exchanges: a summary alone
// is never compacted.
func (c *Context) Compactable() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return compactable(len(c.exchanges))
}

func compactable(n int) int {
	if n <= 1 {
		return n
	}
	return n - 1
}

// CompactRequest is the request asking the model to fold the summary so
// far and the n oldest exchanges into one summary, redacted.
func (c *Context) CompactRequest(n int, r *redact.Redactor) ai.Request {
	c.mu.Lock()
	summary := c.summary
	older := append([]Exchange(nil), c.exchanges[:min(n, len(c.exchanges))]...)
	c.mu.Unlock()
	var b strings.Builder
	if summary != "" {
		fmt.Fprintf(&b, "Summary of the conversation before these exchanges:\n%s\n\n", summary)
	}
	b.WriteString("Exchanges to summarise:\n")
	for _, e := range older {
		writeExchange(&b, e)
	}
	b.WriteString("\nWrite the new summary, covering all of the above.")
	return ai.Request{
		System:    CompactPrompt,
		Messages:  []ai.Message{{Role: ai.RoleUser, Content: r.String(b.String())}},
		MaxTokens: 1024,
	}
}

// ApplySummary makes summary the conversation's summary in place of the
// old one and the n oldest exchanges.
func (c *Context) ApplySummary(summary string, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n = min(n, len(c.exchanges))
	c.summary = summary
	c.exchanges = append([]Exchange(nil), c.exchanges[n:]...)
	c.meta.compactions++
	c.touch("")
}

// foldTokens estimates the summary and the n oldest exchanges.
func (c *Context) foldTokens(n int) int {
	c.mu.Lock()
	var b strings.Builder
	b.WriteString(c.summary)
	for _, e := range c.exchanges[:min(n, len(c.exchanges))] {
		writeExchange(&b, e)
	}
	c.mu.Unlock()
	return c.Estimate(ai.Request{System: b.String()})
}

// Compaction is what one compaction did.
type Compaction struct {
	// Exchanges is how many exchanges were folded into the summary.
	Exchanges int
	// Before estimates the tokens of the old summary and the exchanges
	// folded, After those of the new summary.
	Before, After int
	// Usage is the summary request's.
	Usage ai.Usage
}

// ErrNothingToCompact is returned when there is no exchange to fold.
var ErrNothingToCompact = errors.New("nothing to compact: no exchange to fold into the summary")

// Compact asks p (with model, or p's own when empty) to summarise the
// older exchanges, and puts the summary in their place: one extra
// request. It sends nothing when there is no exchange to fold.
func Compact(ctx context.Context, p ai.Provider, model string, c *Context, r *redact.Redactor) (Compaction, error) {
	n := c.Compactable()
	if n == 0 {
		return Compaction{}, ErrNothingToCompact
	}
	res := Compaction{Exchanges: n, Before: c.foldTokens(n)}
	req := c.CompactRequest(n, r)
	req.Model = model
	resp, err := ai.Complete(ctx, p, req)
	res.Usage = resp.Usage
	if err != nil {
		return res, fmt.Errorf("compacting the conversation: %w", err)
	}
	c.Observe(req, resp.Usage)
	summary := strings.TrimSpace(thinkRE().ReplaceAllString(resp.Text, ""))
	if summary == "" {
		return res, errors.New("compacting the conversation: the model returned an empty summary")
	}
	c.ApplySummary(summary, n)
	res.After = c.foldTokens(0)
	return res, nil
}
