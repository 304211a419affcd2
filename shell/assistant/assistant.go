package assistant

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"nosh/ai"
	"nosh/ai/translate"
	"nosh/config"
	"nosh/config/dialect"
	"nosh/perms"
	"nosh/perms/gate"
	"nosh/shell/internal/interrupt"
	"nosh/shell/linekind"
	"nosh/shell/markdown"
)

// Config is what New needs: the settings and paths, the dialect commands
// are parsed in, and the terminal's streams (answers, approval keys).
type Config struct {
	Settings config.Config
	Paths    config.Paths
	Dialect  dialect.Dialect
	Stdin    *os.File
	Stdout   io.Writer
	Stderr   io.Writer
}

// Assistant is the AI side of one interactive shell.
type Assistant struct {
	host    Host
	cfg     config.Config
	paths   config.Paths
	dialect dialect.Dialect
	stdin   *os.File
	stdout  io.Writer
	stderr  io.Writer

	ai          *aiState
	auditWarned bool
	// agentMode and yoloMode are /agent and /yolo; nil follows config.
	agentMode, yoloMode *bool
	agentCancel         context.CancelFunc // stops the agent run under way
	answerView          *answerView        // shows the agent run under way
	// agentBox is the sandbox of the agent run under way.
	agentBox     *agentBox
	sandboxState landlockState
	// lastDuration is how long the line last run took (Typed).
	lastDuration time.Duration
}

// New returns the assistant of the shell h. Nothing of the AI is built
// before it is first used: a shell that never asks pays nothing for it.
func New(cfg Config, h Host) *Assistant {
	return &Assistant{host: h, cfg: cfg.Settings, paths: cfg.Paths, dialect: cfg.Dialect,
		stdin: cfg.Stdin, stdout: cfg.Stdout, stderr: cfg.Stderr}
}

// Reconfigure applies settings read again (/reload, /config edit).
func (a *Assistant) Reconfigure(cfg config.Config) { a.cfg = cfg }

// aiState is the session's AI side, built on first use so that a shell
// that never asks pays nothing for it.
type aiState struct {
	tr     *translator
	rc     *translate.Context
	policy *perms.Policy
	gate   *gate.Gate
	// edited is the request whose command went to the line editor ([E]dit);
	// the next line run completes its exchange. editedFrom is the command
	// the model proposed.
	edited     *translate.Exchange
	editedFrom string
	// ranEdited records, in the audit log, the line that ran in place of
	// the model's command.
	ranEdited func(line, original string, status int)
	// save saves the current conversation.
	save func()
	// system describes the machine, found on systemPath ($PATH then).
	system     *translate.System
	systemPath string
}

// aiHelp is printed for a lone `?`.
const aiHelp = `?  TEXT   translate TEXT into a command; it runs only if the permission rules
          or you allow it ([O]nce [S]ession [A]lways [D]eny [E]dit)
?? TEXT   let the AI investigate with commands you allow, then answer
? explain COMMAND   what a command line does, part by part, and its risks
@PATH     attaches a file (or a directory's listing) to the request: ? explain @main.go
Follow-ups see the earlier exchanges ("? now delete them"); /new starts afresh,
/history lists saved conversations and /resume N continues one, /compact
summarises older exchanges, /context shows what the next request would send.`

// ensureAI builds the translator; a failure is one line naming what to
// configure.
func (a *Assistant) ensureAI() (*aiState, error) {
	if a.ai != nil && a.ai.tr != nil {
		return a.ai, nil
	}
	tr, err := newTranslator(a.cfg.AI, a.host.Getenv, a.host.Environ(), a.dialect, a.commandExists)
	if err != nil {
		return nil, fmt.Errorf("the AI is not configured (%v): set [ai] provider, model and key in %s, or NOSH_AI_PROVIDER", err, a.paths.ConfigFile)
	}
	a.aiContext()
	a.ai.tr = tr
	a.ensurePolicy()
	return a.ai, nil
}

// ensurePolicy builds the permission policy and the run-time gate on
// first use; they need no provider.
func (a *Assistant) ensurePolicy() *perms.Policy {
	a.aiContext()
	if a.ai.policy == nil {
		a.ai.policy = a.newPolicy()
		a.ai.gate = gate.New(a.ai.policy, nil, a.askAtRunTime, a.stderr)
	}
	return a.ai.policy
}

// aiContext is the current conversation, made on first use; it needs no
// provider, so /history and /resume work before any request.
func (a *Assistant) aiContext() *translate.Context {
	if a.ai == nil {
		a.ai = &aiState{}
		st := a.ai
		st.save = func() { a.saveConversation(st) }
		st.ranEdited = a.auditEdited
	}
	if a.ai.rc == nil {
		a.ai.rc = translate.NewContext(a.cfg.AI.ContextSize)
	}
	return a.ai.rc
}

// requestText splits a `?`/`??` line into its kind and text
// (linekind.Classify).
func requestText(line string) (agent bool, text string) {
	l := linekind.Classify(line, nil)
	return l.Kind == linekind.Agent, l.Text
}

// Handle runs one line that starts with ? or ??: a translation, an
// explanation or an agent run. interrupts brings Ctrl+C. It reports
// whether the shell must exit, and the status.
func (a *Assistant) Handle(ctx context.Context, line string, interrupts <-chan os.Signal) (exit bool, status int) {
	agent, text := requestText(line)
	if text == "" {
		fmt.Fprintln(a.stdout, aiHelp)
		return false, 0
	}
	if cmd, ok := a.explainTarget(text); ok && !agent {
		return false, a.explain(ctx, cmd, interrupts)
	}
	st, err := a.ensureAI()
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return false, 1
	}
	defer a.saveConversation(st)
	if st.rc.Waiting() != nil {
		if a.agentEnabled() {
			// The agent asked a question: any request is its answer.
			return a.runAgent(ctx, st, text, interrupts)
		}
		st.rc.StopWaiting()
	}
	if agent {
		return a.runAgent(ctx, st, text, interrupts)
	}
	return a.translateAndRun(ctx, st, text, interrupts)
}

// translateAndRun asks for a translation of a request (with the files it
// attaches), shows it and runs it through the permission check.
func (a *Assistant) translateAndRun(ctx context.Context, st *aiState, line string, interrupts <-chan os.Signal) (exit bool, status int) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatch := interrupt.Watch(interrupts, cancel)
	prep, err := a.prepareRequest(ctx, st, line, true)
	if err != nil {
		stopWatch()
		fmt.Fprintln(a.stderr, "nosh: request cancelled")
		return false, 130
	}
	text := prep.text
	spin := startSpinner(a.stderr, "translating with "+st.tr.provider.Model())
	reply, _, err := st.tr.translate(ctx, prep.sent, st.rc, a.envInfo(), func(ai.Event) { spin.stop() })
	spin.stop()
	stopWatch()
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		fmt.Fprintln(a.stderr, "nosh: request cancelled")
		return false, 130
	case err != nil:
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return false, 1
	case reply.Command == "":
		md := markdown.New(a.stdout, a.markdownOptions())
		io.WriteString(md, reply.Text)
		md.Close()
		st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Answer: reply.Text})
		return false, 0
	}
	cmd := reply.Command
	fmt.Fprintf(a.stdout, "%s %s\n", a.paint("1;32", "➜"), a.highlight(cmd))
	edited := &translate.Exchange{Request: text, Attached: prep.attached}
	if a.cfg.AI.TranslateAction == "edit" {
		a.host.Prefill(cmd)
		st.edited, st.editedFrom = edited, cmd
		return false, 0
	}
	// It runs in your shell, as if typed: what it sets there (history,
	// prompt, traps, options) outlives it and is asked about.
	d := st.policy.CheckInShell(cmd)
	answer, ok := a.approve(d, true)
	a.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: decider(d, answer), Source: "?"})
	switch {
	case answer == answerEdit:
		a.host.Prefill(cmd)
		st.edited, st.editedFrom = edited, cmd
		return false, 0
	case !ok:
		st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Answer: "(the user did not run: " + cmd + ")"})
		return false, 1
	}
	a.remember(d, answer)
	a.host.Record(cmd)
	start := time.Now()
	runCtx := a.withAI(ctx, st.gate, d.Approval(a.host.Dir()), false)
	var output string
	if a.cfg.AI.IncludeOutput {
		exit, status, output = a.runCaptured(runCtx, cmd, interrupts)
	} else {
		exit, status = a.host.Run(runCtx, cmd, nil, interrupts)
	}
	a.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: decider(d, answer), Source: "?",
		Status: &status, Duration: time.Since(start)})
	st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Command: cmd, Status: status, Output: output})
	return exit, status
}

// Typed records a line the user ran, with its status and how long it
// took: the rolling context keeps it (see typedLine).
func (a *Assistant) Typed(line string, status int, took time.Duration) {
	a.lastDuration = took
	if a.ai != nil && a.ai.rc != nil {
		a.ai.typedLine(line, status)
	}
}

// typedLine records a line the user ran: it completes (and saves) an
// exchange whose command was handed to the editor, or joins the recent
// commands.
func (st *aiState) typedLine(line string, status int) {
	if st.edited != nil {
		e := *st.edited
		e.Command, e.Status = line, status
		st.rc.Add(e)
		st.edited = nil
		if st.ranEdited != nil {
			st.ranEdited(line, st.editedFrom, status)
		}
		if st.save != nil {
			st.save()
		}
		return
	}
	st.rc.Typed(line, status)
}

// commandExists reports whether name is a builtin, function, alias or
// program on PATH, to tell a command from prose.
func (a *Assistant) commandExists(name string) bool { return a.host.CommandKind(name) != "" }

// auditEdited records a command the user ran from the line editor after
// [E]dit: the line that ran, beside the model's proposal when they
// differ, with the verdict the rules give the line (it ran as the user's
// own, unchecked).
func (a *Assistant) auditEdited(line, original string, status int) {
	verdict := ""
	if a.ai != nil && a.ai.policy != nil {
		verdict = a.ai.policy.Check(line).Verdict.String()
	}
	if strings.TrimSpace(original) == strings.TrimSpace(line) {
		original = ""
	}
	a.audit(auditEntry{Command: line, Original: original, Verdict: verdict, Decider: "edit", Source: "?",
		Status: &status, Duration: a.lastDuration})
}
