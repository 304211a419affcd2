package shell

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
	"nosh/perms"
	"nosh/perms/gate"
	"nosh/shell/markdown"
)

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
func (se *session) ensureAI() (*aiState, error) {
	if se.ai != nil && se.ai.tr != nil {
		return se.ai, nil
	}
	s := se.sh
	tr, err := newTranslator(se.cfg.AI, s.getenv, s.environ(), s.Dialect, s.commandExists)
	if err != nil {
		return nil, fmt.Errorf("the AI is not configured (%v): set [ai] provider, model and key in %s, or NOSH_AI_PROVIDER", err, se.paths.ConfigFile)
	}
	se.aiContext()
	se.ai.tr = tr
	se.ensurePolicy()
	return se.ai, nil
}

// ensurePolicy builds the permission policy and the run-time gate on
// first use; they need no provider.
func (se *session) ensurePolicy() *perms.Policy {
	se.aiContext()
	if se.ai.policy == nil {
		se.ai.policy = se.newPolicy()
		se.ai.gate = gate.New(se.ai.policy, nil, se.askAtRunTime, se.sh.stderr)
	}
	return se.ai.policy
}

// aiContext is the current conversation, made on first use; it needs no
// provider, so /history and /resume work before any request.
func (se *session) aiContext() *translate.Context {
	if se.ai == nil {
		se.ai = &aiState{}
		st := se.ai
		st.save = func() { se.saveConversation(st) }
		st.ranEdited = se.auditEdited
	}
	if se.ai.rc == nil {
		se.ai.rc = translate.NewContext(se.cfg.AI.ContextSize)
	}
	return se.ai.rc
}

// requestText splits a `?`/`??` line into its kind and text.
func requestText(line string) (agent bool, text string) {
	t := strings.TrimLeft(line, " \t")
	t = strings.TrimPrefix(t, "?")
	if strings.HasPrefix(t, "?") {
		agent = true
		t = t[1:]
	}
	return agent, strings.TrimSpace(t)
}

// runAIRequest handles one `?` or `??` line.
func (se *session) runAIRequest(ctx context.Context, line string, interrupts <-chan os.Signal) (exit bool, status int) {
	agent, text := requestText(line)
	if text == "" {
		fmt.Fprintln(se.sh.stdout, aiHelp)
		return false, 0
	}
	if cmd, ok := se.explainTarget(text); ok && !agent {
		return false, se.explain(ctx, cmd, interrupts)
	}
	st, err := se.ensureAI()
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "nosh: %v\n", err)
		return false, 1
	}
	defer se.saveConversation(st)
	if st.rc.Waiting() != nil {
		if se.agentEnabled() {
			// The agent asked a question: any request is its answer.
			return se.runAgent(ctx, st, text, interrupts)
		}
		st.rc.StopWaiting()
	}
	if agent {
		return se.runAgent(ctx, st, text, interrupts)
	}
	return se.translateAndRun(ctx, st, text, interrupts)
}

// translateAndRun asks for a translation of a request (with the files it
// attaches), shows it and runs it through the permission check.
func (se *session) translateAndRun(ctx context.Context, st *aiState, line string, interrupts <-chan os.Signal) (exit bool, status int) {
	s := se.sh
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatch := watchInterrupt(interrupts, cancel)
	prep, err := se.prepareRequest(ctx, st, line, true)
	if err != nil {
		stopWatch()
		fmt.Fprintln(s.stderr, "nosh: request cancelled")
		return false, 130
	}
	text := prep.text
	spin := startSpinner(s.stderr, "translating with "+st.tr.provider.Model())
	req := translate.Build(prep.sent, st.rc, se.envInfo(), st.tr.redactor)
	resp, err := ai.Collect(st.tr.provider.Stream(ctx, req), func(ai.Event) { spin.stop() })
	spin.stop()
	stopWatch()
	st.rc.Observe(req, resp.Usage)
	reply := st.tr.cleaner.Clean(resp.Text)
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		fmt.Fprintln(s.stderr, "nosh: request cancelled")
		return false, 130
	case err != nil:
		fmt.Fprintf(s.stderr, "nosh: %v\n", err)
		return false, 1
	case reply.Command == "":
		md := markdown.New(s.stdout, se.markdownOptions())
		io.WriteString(md, reply.Text)
		md.Close()
		st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Answer: reply.Text})
		return false, 0
	}
	cmd := reply.Command
	fmt.Fprintf(s.stdout, "%s %s\n", se.paint("1;32", "➜"), se.highlight(cmd))
	edited := &translate.Exchange{Request: text, Attached: prep.attached}
	if se.cfg.AI.TranslateAction == "edit" {
		se.prefill(cmd)
		st.edited, st.editedFrom = edited, cmd
		return false, 0
	}
	d := st.policy.Check(cmd)
	answer, ok := se.approve(d, true)
	se.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: decider(d, answer), Source: "?"})
	switch {
	case answer == answerEdit:
		se.prefill(cmd)
		st.edited, st.editedFrom = edited, cmd
		return false, 0
	case !ok:
		st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Answer: "(the user did not run: " + cmd + ")"})
		return false, 1
	}
	se.remember(d, answer)
	se.recordLine(cmd)
	start := time.Now()
	runCtx := withAI(ctx, st.gate, d.Approval(s.Dir()))
	var output string
	if se.cfg.AI.IncludeOutput {
		exit, status, output = se.runCaptured(runCtx, cmd, interrupts)
	} else {
		exit, status = se.runCommandText(runCtx, cmd, interrupts)
	}
	se.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: decider(d, answer), Source: "?",
		Status: &status, Duration: time.Since(start)})
	st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Command: cmd, Status: status, Output: output})
	return exit, status
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

// runCommandText runs cmd in the user's shell exactly as if it was typed.
func (se *session) runCommandText(ctx context.Context, cmd string, interrupts <-chan os.Signal) (exit bool, status int) {
	f, err := se.sh.Parser().Parse(strings.NewReader(cmd+"\n"), "")
	if err != nil {
		se.sh.reportSyntax(err, "ai")
		return false, 2
	}
	return se.runStmts(ctx, f.Stmts, interrupts)
}

// watchInterrupt cancels on the first interrupt until stopped.
func watchInterrupt(interrupts <-chan os.Signal, cancel func()) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-interrupts:
			cancel()
		case <-done:
		}
	}()
	return func() {
		select {
		case <-done:
		default:
			close(done)
		}
		// An interrupt that came as the work ended was for it (RunStmt
		// handles Ctrl+C itself too): it must not cancel what comes next.
		select {
		case <-interrupts:
		default:
		}
	}
}

// auditEdited records a command the user ran from the line editor after
// [E]dit: the line that ran, beside the model's proposal when they
// differ, with the verdict the rules give the line (it ran as the user's
// own, unchecked).
func (se *session) auditEdited(line, original string, status int) {
	verdict := ""
	if se.ai != nil && se.ai.policy != nil {
		verdict = se.ai.policy.Check(line).Verdict.String()
	}
	if strings.TrimSpace(original) == strings.TrimSpace(line) {
		original = ""
	}
	se.audit(auditEntry{Command: line, Original: original, Verdict: verdict, Decider: "edit", Source: "?",
		Status: &status, Duration: se.lastDuration})
}
