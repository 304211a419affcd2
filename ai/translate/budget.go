package translate

import (
	"math"

	"nosh/ai"
	"nosh/ai/attach"
)

// Target is how many of ai.context_tokens a request may fill: 85 %; the
// rest is room for the reply. Past it, older exchanges are compacted.
func Target(contextTokens int) int { return contextTokens * 85 / 100 }

// EstimateTokens guesses the token count of s per script (see
// [attach.Tokens]): about four bytes a token for English and code.
func EstimateTokens(s string) int { return attach.Tokens(s) }

// perMessage is the framing a message costs, in tokens.
const perMessage = 4

// rawTokens estimates req without what was learnt from the provider.
func rawTokens(req ai.Request) int {
	n := attach.Tokens(req.System)
	for _, m := range req.Messages {
		n += attach.Tokens(m.Content) + perMessage
		for _, tc := range m.ToolCalls {
			n += attach.Tokens(tc.Name) + attach.Tokens(tc.Arguments)
		}
	}
	for _, t := range req.Tools {
		n += attach.Tokens(t.Name) + attach.Tokens(t.Description) + attach.Tokens(string(t.Parameters))
	}
	return n
}

// Estimate guesses how many tokens req takes, per script, scaled by what
// the provider's reported counts taught ([Context.Observe]).
func (c *Context) Estimate(req ai.Request) int {
	return int(math.Ceil(float64(rawTokens(req)) * c.scaleFactor()))
}

// scaleFactor converts an estimate per script into the provider's tokens.
func (c *Context) scaleFactor() float64 {
	if c == nil {
		return 1
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.scale == 0 {
		return 1
	}
	return c.scale
}

// Bounds of the learnt scale. It never goes below 1: a provider may report
// fewer input tokens than it was sent (Ollama counts only the prompt it
// did not have cached), and an estimate too low would overfill the
// model's context, which then silently loses its start. Real tokenizers
// are within 2 of the estimate; a count beyond is a provider reporting
// oddly.
const minScale, maxScale = 1, 2

// minObserved is the smallest request worth learning from: on a few
// tokens, framing the estimate ignores dominates.
const minObserved = 50

// Observe learns from the input tokens the provider reported for req, so
// that later estimates match its tokenizer where it counts more tokens
// than the estimate. Counts nosh estimated itself teach nothing.
func (c *Context) Observe(req ai.Request, u ai.Usage) {
	if u.Estimated || u.InputTokens <= 0 {
		return
	}
	raw := rawTokens(req)
	if raw < minObserved {
		return
	}
	s := min(max(float64(u.InputTokens)/float64(raw), minScale), maxScale)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.scale = s
}

// FitAttachments cuts files to room tokens (the provider's, as Estimate
// counts them): see [attach.Fit].
func (c *Context) FitAttachments(files []attach.File, room int) []attach.File {
	return attach.Fit(files, int(float64(room)/c.scaleFactor()))
}

// AttachmentTokens estimates what files add to a request.
func (c *Context) AttachmentTokens(files []attach.File) int {
	n := 0
	for _, f := range files {
		n += f.Tokens()
	}
	return int(math.Ceil(float64(n) * c.scaleFactor()))
}
