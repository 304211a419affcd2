package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"nosh/ai"
	"nosh/ai/redact"
	"nosh/ai/translate"
)

// ToolName is the one tool the model may call.
const ToolName = "run_command"

// Tool is run_command's definition.
var Tool = ai.Tool{
	Name:        ToolName,
	Description: "Run one shell command on the user's machine and get its exit status and output. The user must approve commands that are not read-only.",
	Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string",` +
		`"description":"the command line to run, in POSIX sh with bash extensions"}},"required":["command"]}`),
}

// SystemPrompt tells the model how to investigate.
const SystemPrompt = `You are investigating a question on the user's machine through the run_command tool.
Use read-only commands where possible (ls, du, df, ps, cat, grep, find, git status/log...). Run one thing at a time and read its output before the next.
Never try to get around a refused command; find another way or explain what you would need.
When you know enough, stop calling the tool and answer in plain text (Markdown allowed): short, concrete, quoting the numbers you found.`

// Limits bound one run.
type Limits struct {
	// MaxCommands is the most commands that may run (ai.max_iterations).
	MaxCommands int
	// Timeout bounds the whole run (ai.timeout).
	Timeout time.Duration
	// TokenBudget bounds input plus output tokens over the run; a warning
	// is given at 80 %.
	TokenBudget int
}

// Verdict is what the caller's gate decided about one command.
type Verdict struct {
	Run bool
	// Reason explains a refusal, for the model ("the user refused").
	Reason string
	// Grant is what the gate allowed the command, handed back to Exec
	// unchanged: the approval travels with the command it is for.
	Grant any
}

// Hooks are the caller's side of the loop.
type Hooks struct {
	// Gate checks a command and asks the user when needed.
	Gate func(ctx context.Context, command string) Verdict
	// Exec runs an approved command, showing its output live, and returns
	// its exit status and output (what the model will see). v is the
	// verdict Gate gave it.
	Exec func(ctx context.Context, command string, v Verdict) (status int, output string, err error)
	// Text receives the answer as it streams; Notice gets one-line
	// messages (budget warnings, limit stops). Both may be nil.
	Text   func(string)
	Notice func(string)
	// EndTurn, when set, is called when each reply of the model has
	// arrived (or failed), before its tool calls are handled: the text
	// of one reply is complete, and must be shown before the commands it
	// leads to.
	EndTurn func()
}

// Result is how a run ended.
type Result struct {
	Answer   string
	Commands int // commands that ran
	Usage    ai.Usage
	Elapsed  time.Duration
	// Stopped is why the run ended early, empty when the model answered.
	Stopped string
	// Transcript is the whole conversation, for saving.
	Transcript []ai.Message
}

// Run is one investigation of question.
type Run struct {
	Provider ai.Provider
	// Model overrides the provider's model (ai.agentic_model).
	Model    string
	Limits   Limits
	Hooks    Hooks
	Redactor *redact.Redactor
	Env      translate.Env
	// Context is the rolling context of earlier exchanges; may be nil.
	Context *translate.Context
	// Sandbox tells the model where its commands may write; empty when
	// they are not sandboxed.
	Sandbox string
}

// ErrLimit marks a run stopped by one of its limits.
var ErrLimit = errors.New("agent limit reached")

// Do runs the loop until the model answers, a limit is reached, or ctx is
// cancelled. On a limit it returns the partial Result and an error
// wrapping ErrLimit with a message a person can read.
func (r *Run) Do(ctx context.Context, question string) (Result, error) {
	start := time.Now()
	if r.Limits.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Limits.Timeout)
		defer cancel()
	}
	first := translate.Build(question, r.Context, r.Env, r.Redactor)
	req := ai.Request{
		System:   r.Redactor.String(SystemPrompt + "\n\n" + translate.EnvDescription(r.Env) + sandboxNote(r.Sandbox)),
		Messages: first.Messages,
		Tools:    []ai.Tool{Tool},
		Model:    r.Model,
	}
	var res Result
	warned := false
	finish := func(err error) (Result, error) {
		res.Elapsed = time.Since(start)
		res.Transcript = req.Messages
		return res, err
	}
	for {
		resp, err := ai.Collect(r.Provider.Stream(ctx, req), func(ev ai.Event) {
			if ev.Kind == ai.EventText && r.Hooks.Text != nil {
				r.Hooks.Text(ev.Text)
			}
		})
		if r.Hooks.EndTurn != nil {
			r.Hooks.EndTurn()
		}
		res.Usage.InputTokens += resp.Usage.InputTokens
		res.Usage.OutputTokens += resp.Usage.OutputTokens
		res.Usage.Estimated = res.Usage.Estimated || resp.Usage.Estimated
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && r.Limits.Timeout > 0 {
				return finish(fmt.Errorf("%w: the %s time limit (ai.timeout) ran out", ErrLimit, r.Limits.Timeout))
			}
			return finish(err)
		}
		req.Messages = append(req.Messages, ai.Message{Role: ai.RoleAssistant, Content: resp.Text, ToolCalls: resp.ToolCalls})
		if len(resp.ToolCalls) == 0 {
			res.Answer = resp.Text
			return finish(nil)
		}
		if b := r.Limits.TokenBudget; b > 0 {
			used := res.Usage.Total()
			if used >= b {
				res.Stopped = "token budget"
				return finish(fmt.Errorf("%w: the token budget of %d (ai.token_budget) is spent (%d used)", ErrLimit, b, used))
			}
			if !warned && used*5 >= b*4 {
				warned = true
				r.notice(fmt.Sprintf("%d%% of the token budget used (%d of %d)", used*100/b, used, b))
			}
		}
		for _, call := range resp.ToolCalls {
			content, err := r.handleCall(ctx, call, &res)
			if err != nil {
				return finish(err)
			}
			req.Messages = append(req.Messages, ai.Message{Role: ai.RoleTool, ToolCallID: call.ID, Content: r.Redactor.String(content)})
		}
	}
}

// handleCall answers one tool call with the content of its result.
func (r *Run) handleCall(ctx context.Context, call ai.ToolCall, res *Result) (string, error) {
	if call.Name != ToolName {
		return fmt.Sprintf("error: there is no tool %q; the only tool is %s", call.Name, ToolName), nil
	}
	var args struct {
		Command *string `json:"command"`
	}
	if err := json.Unmarshal([]byte(call.Arguments), &args); err != nil || args.Command == nil || strings.TrimSpace(*args.Command) == "" {
		return `error: invalid arguments: run_command takes {"command": "<shell command>"}`, nil
	}
	cmd := strings.TrimSpace(*args.Command)
	if max := r.Limits.MaxCommands; max > 0 && res.Commands >= max {
		res.Stopped = "max iterations"
		return "", fmt.Errorf("%w: %d commands ran, the most one run may (ai.max_iterations)", ErrLimit, max)
	}
	v := r.Hooks.Gate(ctx, cmd)
	if err := ctx.Err(); err != nil {
		return "", r.ctxErr(err)
	}
	if !v.Run {
		reason := v.Reason
		if reason == "" {
			reason = "the user refused to run this command"
		}
		return "not run: " + reason + ". Do not retry it; try another way or answer with what you know.", nil
	}
	status, output, err := r.Hooks.Exec(ctx, cmd, v)
	res.Commands++
	if cerr := ctx.Err(); cerr != nil {
		return "", r.ctxErr(cerr)
	}
	if err != nil {
		return fmt.Sprintf("error: the command could not run: %v", err), nil
	}
	return fmt.Sprintf("exit status: %d\n%s", status, Cap(output, 4096)), nil
}

func (r *Run) ctxErr(err error) error {
	if errors.Is(err, context.DeadlineExceeded) && r.Limits.Timeout > 0 {
		return fmt.Errorf("%w: the %s time limit (ai.timeout) ran out", ErrLimit, r.Limits.Timeout)
	}
	return err
}

func (r *Run) notice(msg string) {
	if r.Hooks.Notice != nil {
		r.Hooks.Notice(msg)
	}
}

// Cap keeps the first and last half of limit bytes of s, with a note of
// what was cut between them.
func Cap(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	half := limit / 2
	head, tail := s[:half], s[len(s)-half:]
	// Cut at line ends where possible, so no line is half shown.
	if i := strings.LastIndexByte(head, '\n'); i > half/2 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < half/2 {
		tail = tail[i+1:]
	}
	return fmt.Sprintf("%s[... %d bytes omitted ...]\n%s", head, len(s)-len(head)-len(tail), tail)
}

// sandboxNote is the system prompt's line about the sandbox, if any.
func sandboxNote(s string) string {
	if s == "" {
		return ""
	}
	return "\n" + s
}
