package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"nosh/ai"
	"nosh/ai/translate"
	"nosh/perms"
	"nosh/perms/gate"
)

// aiState is the session's AI side, built on first use so that a shell
// that never asks pays nothing for it.
type aiState struct {
	tr     *translator
	rc     *translate.Context
	policy *perms.Policy
	gate   *gate.Gate
	// edited is the request whose command went to the line editor ([E]dit);
	// the next line run completes its exchange.
	edited string
}

// aiHelp is printed for a lone `?`.
const aiHelp = `?  TEXT   translate TEXT into a command; it runs only if the permission rules
          or you allow it ([O]nce [S]ession [A]lways [D]eny [E]dit)
?? TEXT   let the AI investigate with commands you allow, then answer
Follow-ups see the earlier exchanges ("? now delete them"); /clear forgets them,
/context shows what the next request would send.`

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
	if se.ai == nil {
		se.ai = &aiState{}
	}
	se.ai.tr = tr
	if se.ai.rc == nil {
		se.ai.rc = translate.NewContext(se.cfg.AI.ContextSize)
	}
	if se.ai.policy == nil {
		se.ai.policy = se.newPolicy()
		se.ai.gate = gate.New(se.ai.policy, nil, se.askAtRunTime, s.stderr)
	}
	return se.ai, nil
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
	st, err := se.ensureAI()
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "nosh: %v\n", err)
		return false, 1
	}
	if agent {
		return se.runAgent(ctx, st, text, interrupts)
	}
	return se.translateAndRun(ctx, st, text, interrupts)
}

// translateAndRun asks for a translation of text, shows it and runs it
// through the permission check.
func (se *session) translateAndRun(ctx context.Context, st *aiState, text string, interrupts <-chan os.Signal) (exit bool, status int) {
	s := se.sh
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatch := watchInterrupt(interrupts, cancel)
	spin := startSpinner(s.stderr, "translating with "+st.tr.provider.Model())
	reply, _, err := st.tr.translate(ctx, text, st.rc, s.Dir(), func(ai.Event) { spin.stop() })
	spin.stop()
	stopWatch()
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		fmt.Fprintln(s.stderr, "nosh: request cancelled")
		return false, 130
	case err != nil:
		fmt.Fprintf(s.stderr, "nosh: %v\n", err)
		return false, 1
	case reply.Command == "":
		fmt.Fprintln(s.stdout, reply.Text)
		st.rc.Add(translate.Exchange{Request: text, Answer: reply.Text})
		return false, 0
	}
	cmd := reply.Command
	fmt.Fprintf(s.stdout, "%s %s\n", se.paint("1;32", "➜"), se.highlight(cmd))
	if se.cfg.AI.TranslateAction == "edit" {
		se.prefill(cmd)
		st.edited = text
		return false, 0
	}
	d := st.policy.Check(cmd)
	answer, ok := se.approve(d, true)
	se.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: decider(d, answer), Source: "?"})
	switch {
	case answer == answerEdit:
		se.prefill(cmd)
		st.edited = text
		return false, 0
	case !ok:
		st.rc.Add(translate.Exchange{Request: text, Answer: "(the user did not run: " + cmd + ")"})
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
	st.rc.Add(translate.Exchange{Request: text, Command: cmd, Status: status, Output: output})
	return exit, status
}

// typedLine records a line the user ran: it completes an exchange whose
// command was handed to the editor, or joins the recent commands.
func (st *aiState) typedLine(line string, status int) {
	if st.edited != "" {
		st.rc.Add(translate.Exchange{Request: st.edited, Command: line, Status: status})
		st.edited = ""
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
