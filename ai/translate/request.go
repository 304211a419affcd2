package translate

import (
	"fmt"
	"strings"

	"nosh/ai"
	"nosh/ai/attach"
	"nosh/ai/redact"
)

// Env describes where the command will run.
type Env struct {
	OS, Arch string
	// System is the distribution, core tools and package managers.
	System System
	Dir    string
	// Shell names the dialect, e.g. "nosh (POSIX sh with bash extensions:
	// [[ ]], arrays, local, $'…', brace expansion)".
	Shell string
}

// SystemPrompt is the fixed instruction for translation. It is short on
// purpose: small local models follow a few plain rules better than many.
const SystemPrompt = `You translate a request into one shell command.
Reply with the command only: no explanation, no markdown, no "$ " prompt.
Write one line; join steps with && or pipes. Use standard tools found on the OS below.
Prefer safe, read-only commands; add sudo only when asked; never delete or overwrite more than the request says.
Resolve words like "them", "that" or "again" from the previous conversation and recent commands.
If the request cannot be done by a command, or asks a question to answer in words, reply with lines that each start with "# ".`

// Build assembles the request for text: the system prompt with the
// environment, then one user message holding the summary of compacted
// exchanges, the previous conversation, the recent commands and the
// current request, all redacted. When an agent's question is waiting for
// an answer ([Context.Wait]), the messages are instead that run's whole
// transcript followed by text as the answer.
func Build(text string, c *Context, env Env, r *redact.Redactor) ai.Request {
	var sys strings.Builder
	sys.WriteString(SystemPrompt)
	sys.WriteString("\n\n")
	sys.WriteString(EnvDescription(env))
	req := ai.Request{
		System: r.String(sys.String()),
		// A command is short; a bound keeps a rambling model cheap.
		MaxTokens: 1024,
	}

	var b strings.Builder
	if c != nil {
		if w := c.Waiting(); w != nil {
			if rc := c.RecentCommands(); len(rc) > 0 {
				b.WriteString("Commands I ran since your question:\n")
				writeRecent(&b, rc)
				b.WriteString("\n")
			}
			b.WriteString(text)
			req.Messages = append(w, ai.Message{Role: ai.RoleUser, Content: r.String(b.String())})
			return req
		}
		if s := c.Summary(); s != "" {
			fmt.Fprintf(&b, "Summary of the earlier conversation:\n%s\n\n", s)
		}
		if ex := c.Exchanges(); len(ex) > 0 {
			b.WriteString("Previous conversation:\n")
			for _, e := range ex {
				writeExchange(&b, e)
			}
			b.WriteString("\n")
		}
		if rc := c.RecentCommands(); len(rc) > 0 {
			b.WriteString("Commands I ran since then:\n")
			writeRecent(&b, rc)
			b.WriteString("\n")
		}
	}
	if b.Len() > 0 {
		b.WriteString("Current request: ")
	}
	b.WriteString(text)
	req.Messages = []ai.Message{{Role: ai.RoleUser, Content: r.String(b.String())}}
	return req
}

func writeRecent(b *strings.Builder, rc []Recent) {
	for _, x := range rc {
		fmt.Fprintf(b, "$ %s   (exit status %d)\n", oneLine(x.Command), x.Status)
	}
}

// WithAttachments is a request's text followed by the list of the files
// attached and each one's block, as the model gets it.
func WithAttachments(text string, files []attach.File) string {
	if len(files) == 0 {
		return text
	}
	labels := make([]string, len(files))
	for i, f := range files {
		labels[i] = f.Label()
	}
	var b strings.Builder
	b.WriteString(text)
	fmt.Fprintf(&b, "\n\nAttached files: %s\n", strings.Join(labels, ", "))
	for _, f := range files {
		b.WriteString(f.Block())
	}
	return b.String()
}

// EnvDescription is the environment line of a system prompt:
//
//	Environment: linux/amd64 (Debian GNU/Linux 12 (bookworm), GNU coreutils, package manager apt); shell: …; current directory: …
func EnvDescription(env Env) string {
	sys := ""
	if s := env.System.String(); s != "" {
		sys = " (" + s + ")"
	}
	return fmt.Sprintf("Environment: %s/%s%s; shell: %s; current directory: %s", env.OS, env.Arch, sys, env.Shell, env.Dir)
}

func writeExchange(b *strings.Builder, e Exchange) {
	fmt.Fprintf(b, "User: %s\n", oneLine(e.Request))
	if len(e.Attached) > 0 {
		fmt.Fprintf(b, "Attached: %s\n", strings.Join(e.Attached, ", "))
	}
	if e.Command != "" {
		fmt.Fprintf(b, "Command: %s\n", e.Command)
		if e.Status != 0 {
			fmt.Fprintf(b, "Exit status: %d\n", e.Status)
		}
	}
	if e.Output != "" {
		fmt.Fprintf(b, "Output (start):\n%s\n", indent(e.Output))
	}
	if e.Answer != "" {
		fmt.Fprintf(b, "Answer: %s\n", oneLine(e.Answer))
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}

// ShellDescription is how the dialect is described to the model.
const ShellDescription = "nosh, POSIX sh with bash extensions ([[ ]], arrays, local, $'…', brace expansion)"
