package translate

import (
	"strings"

	"nosh/ai"
	"nosh/ai/redact"
)

// ExplainPrompt is the instruction for `? explain CMD`: the model explains
// a command line in words, part by part, keeping to what nosh's
// permission engine found in it.
const ExplainPrompt = `You explain a shell command line to the person who is about to run it.
Go through it part by part, in order: each command and the options that matter, each pipe, redirection, substitution and operator. Say what each part does in plain words.
Then say in one or two sentences what the whole line does and what it could damage or reveal.
The permission engine's analysis below is what nosh found in the line; keep to it, and say which parts it would let the AI run, ask about, or refuse, and why.
Answer in short Markdown: a list, one item per part. Do not suggest other commands unless the line has a mistake.`

// BuildExplain assembles the request explaining command: the prompt with
// the environment, then the command with the engine's analysis and the
// manual's one-line descriptions of the programs it runs, all redacted.
func BuildExplain(command string, analysis, manual []string, env Env, r *redact.Redactor) ai.Request {
	var b strings.Builder
	b.WriteString("Command line:\n")
	b.WriteString(command)
	b.WriteString("\n\nPermission engine's analysis (one line per part):\n")
	for _, l := range analysis {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if len(manual) > 0 {
		b.WriteString("\nFrom the manual:\n")
		for _, l := range manual {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return ai.Request{
		System:    r.String(ExplainPrompt + "\n\n" + EnvDescription(env)),
		Messages:  []ai.Message{{Role: ai.RoleUser, Content: r.String(b.String())}},
		MaxTokens: 1024,
	}
}
