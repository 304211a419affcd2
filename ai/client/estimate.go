package client

import "nosh/ai"

// bytesPerToken is the rough size of a token in English text and code,
// used when a provider reports no usage.
const bytesPerToken = 4

func estimateTokens(bytes int) int {
	return (bytes + bytesPerToken - 1) / bytesPerToken
}

// estimateInput guesses the prompt's size in tokens: every text the request
// carries, plus a few tokens of framing per message.
func estimateInput(req ai.Request) int {
	const perMessage = 4
	n := len(req.System)
	for _, m := range req.Messages {
		n += len(m.Content) + perMessage*bytesPerToken
		for _, tc := range m.ToolCalls {
			n += len(tc.Name) + len(tc.Arguments)
		}
	}
	for _, t := range req.Tools {
		n += len(t.Name) + len(t.Description) + len(toolSchema(t))
	}
	return estimateTokens(n)
}
