package assistant

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"nosh/ai/agent"
	"nosh/ai/translate"
	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
	"nosh/shell/internal/guard"
	"nosh/shell/internal/interrupt"
	"nosh/shell/markdown"
)

// agentEnv neutralises pagers, editors and password prompts for the
// programs the agent's commands start (aiGuard adds it to their
// environment): nothing may wait for a person who is not asked.
var agentEnv = []string{
	"PAGER=cat", "GIT_PAGER=cat", "MANPAGER=cat", "SYSTEMD_PAGER=", "LESS=-FRX",
	"GIT_TERMINAL_PROMPT=0", "GIT_EDITOR=true", "EDITOR=true", "VISUAL=true",
	"SUDO_ASKPASS=/bin/false", "SSH_ASKPASS=/bin/false", "DEBIAN_FRONTEND=noninteractive",
}

// agentOutputCap bounds what one command's output keeps for the model.
const agentOutputCap = 64 << 10

// runAgent runs a `??` investigation, or continues the one waiting for
// the user's answer to its question.
func (a *Assistant) runAgent(ctx context.Context, st *aiState, line string, interrupts <-chan os.Signal) (exit bool, status int) {
	if !a.agentEnabled() {
		fmt.Fprintln(a.stderr, "nosh: agent mode is off (/agent on to enable); translating with ? instead")
		return a.translateAndRun(ctx, st, line, interrupts)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a.agentCancel = cancel
	stopWatch := interrupt.Watch(interrupts, cancel)
	defer stopWatch()

	// An answer continues a transcript: compacting the rolling context
	// would not shorten it.
	answering := st.rc.Waiting() != nil
	prep, err := a.prepareRequest(ctx, st, line, !answering)
	if err != nil {
		fmt.Fprintln(a.stderr, "nosh: agent cancelled")
		return false, 130
	}
	text := prep.text

	box, err := a.newAgentBox(a.host.Dir())
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return false, 1
	}
	defer box.close()
	planted := watchPlanted(box.workspace, a.host.Getenv("PATH"))
	// The programs the run starts: the only ones its commands may
	// signal or wait for, stopped when it ends.
	ctx, stopPrograms := a.host.TrackPrograms(ctx)
	box.programs = guard.ProgramsOf(ctx)
	a.agentBox = box
	defer func() { a.agentBox = nil }()
	if ll := a.landlock(); ll.err != nil && !ll.told {
		ll.told = true
		fmt.Fprintln(a.stderr, a.paint("33", "nosh: no kernel sandbox for the agent's commands ("+ll.err.Error()+"): the permission gate alone holds their writes; the seccomp filter and dropped capabilities still apply"))
	}
	if box.notice != "" {
		fmt.Fprintln(a.stderr, a.paint("2", "nosh: "+box.notice))
	}

	view := a.newAnswerView("investigating with " + a.agentModel(st))
	a.answerView = view
	defer func() { a.answerView = nil }()
	run := a.newAgentRun(st, view, box)
	res, err := run.Do(ctx, prep.sent)
	view.close()
	if n := stopPrograms(); n > 0 {
		// The run's programs end with it: its sandbox and scratch
		// directory go, and nothing it started may write on the prompt.
		fmt.Fprintln(a.stderr, a.paint("2", fmt.Sprintf("nosh: stopped %d program%s the agent left running", n, plural(n))))
	}
	if changed := planted.changes(); len(changed) > 0 {
		fmt.Fprintln(a.stderr, a.paint("33", "nosh: the agent changed files that make git, direnv, your editor or a command you type run code later, outside its sandbox; look at them first:"))
		for _, c := range changed {
			fmt.Fprintln(a.stderr, a.paint("33", "  "+c))
		}
	}
	a.recordRun(st, text, res, err, answering)
	switch {
	case errors.Is(err, context.Canceled) || ctx.Err() == context.Canceled:
		fmt.Fprintln(a.stderr, "nosh: agent cancelled")
		status = 130
	case errors.Is(err, agent.ErrLimit):
		fmt.Fprintf(a.stderr, "nosh: agent stopped: %s\n", strings.TrimPrefix(err.Error(), agent.ErrLimit.Error()+": "))
		status = 1
	case err != nil:
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		status = 1
	}
	if res.Commands > 0 || res.Usage.Total() > 0 {
		// A run happened; a request that failed before any reply (no
		// provider listening, a bad key) has only its error to show.
		a.agentSummary(res)
	}
	if err == nil {
		st.rc.Add(translate.Exchange{Request: text, Attached: prep.attached, Answer: res.Answer})
		if translate.AsksUser(res.Answer) {
			st.rc.Wait(res.Transcript)
			fmt.Fprintln(a.stderr, a.paint("2", "the AI is waiting for your answer: reply with ? TEXT (/new to drop it)"))
		} else {
			st.rc.StopWaiting()
		}
	}
	return false, status
}

// newAgentRun makes the agent loop of one `??`: the provider and limits
// from the configuration, every command through agentGate and agentExec,
// its text and notices drawn in view, box's sandbox described to the model.
func (a *Assistant) newAgentRun(st *aiState, view *answerView, box *agentBox) *agent.Run {
	return &agent.Run{
		Provider: st.tr.provider,
		Model:    a.cfg.AI.AgenticModel,
		Limits: agent.Limits{
			MaxCommands: a.cfg.AI.MaxIterations,
			Timeout:     time.Duration(a.cfg.AI.Timeout) * time.Second,
			TokenBudget: a.cfg.AI.TokenBudget,
		},
		Hooks: agent.Hooks{
			Gate: func(ctx context.Context, cmd string) agent.Verdict {
				v := a.agentGate(ctx, st, cmd)
				if !v.Run {
					view.stepDone()
				}
				return v
			},
			Exec: func(ctx context.Context, cmd string, v agent.Verdict) (int, string, error) {
				defer view.stepDone()
				g, _ := v.Grant.(agentGrant)
				return a.agentExec(ctx, st, cmd, g)
			},
			Text:    view.text,
			EndTurn: view.endTurn,
			Notice:  func(n string) { view.line(a.stderr, a.paint("33", "nosh: "+n)) },
		},
		Redactor: st.tr.redactor,
		Env:      a.envInfo(),
		Context:  st.rc,
		Sandbox:  box.describe(),
	}
}

func (a *Assistant) agentModel(st *aiState) string {
	if m := a.cfg.AI.AgenticModel; m != "" {
		return m
	}
	return st.tr.provider.Model()
}

// agentSummary prints one dim line: commands run, tokens, elapsed time.
func (a *Assistant) agentSummary(res agent.Result) {
	est := ""
	if res.Usage.Estimated {
		est = "~"
	}
	fmt.Fprintln(a.stderr, a.paint("2", fmt.Sprintf("%d command%s · %s%d tokens in / %s%d out · %s",
		res.Commands, plural(res.Commands), est, res.Usage.InputTokens, est, res.Usage.OutputTokens,
		res.Elapsed.Round(100*time.Millisecond))))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// agentGate checks one command the agent asks for: the rules decide, or
// yolo, or the user. What the screen says is true when it says it: a
// refused command shows as refused first, one waiting for approval says
// so, and "[AI] Running:" comes only once the command will run.
func (a *Assistant) agentGate(ctx context.Context, st *aiState, cmd string) agent.Verdict {
	view := a.answerView
	var d perms.Decision
	if b := a.agentBox; b != nil {
		// What the sandbox holds: its scratch directory as $TMPDIR, and
		// redirections into its places, which need no question.
		d = st.policy.CheckConfined(cmd, perms.Confined{Vars: b.env(), Writable: func(p string) bool {
			return b.policy.Writable(p, sandbox.Write)
		}})
	} else {
		d = st.policy.Check(cmd)
	}
	var outside []perms.Finding
	if a.agentBox != nil {
		// Changes outside the sandbox's places are asked about whatever
		// the rules say, and approved for this command only.
		outside = gate.Outside(d.Targets, a.agentBox.policy)
		d = d.WithFindings(outside...)
	}
	var answer perms.Answer
	ok := false
	who := ""
	switch {
	case d.Verdict == perms.Allow:
		ok, who = true, "rule"
	case d.Verdict == perms.Ask && a.yoloOn():
		ok, who = true, "yolo"
	case d.Verdict == perms.Deny:
		who = decider(d, perms.Refuse)
		view.refused(cmd, "denied: "+denyReason(d))
	default:
		view.asking(cmd)
		answer, ok = a.approve(d, false)
		who = decider(d, answer)
		if ok {
			a.remember(d, answer)
		} else {
			fmt.Fprintf(a.stderr, "  %s\n", a.paint("31", "✗ not run: you refused it"))
		}
	}
	a.audit(auditEntry{Command: cmd, Verdict: d.Verdict.String(), Decider: who, Source: "??"})
	if !ok {
		reason := "the user refused to run this command"
		if d.Verdict == perms.Deny {
			reason = "the permission rules deny it: " + denyReason(d)
		}
		return agent.Verdict{Reason: reason}
	}
	if who == "yolo" {
		// YOLO approves what the rules would ask about, never a change
		// outside the sandbox's places: those stay refused.
		d = withoutOutside(d)
	}
	grant := agentGrant{approval: d.Approval(a.host.Dir()), decider: who}
	if len(outside) > 0 && who != "yolo" {
		grant.outside = a.grantOutside(d, outside)
	}
	view.running(cmd)
	return agent.Verdict{Run: true, Grant: grant}
}

// agentGrant is what agentGate allowed one command, handed to agentExec
// in the agent's verdict: the approval the gate checks it under, who
// decided, and the places outside the sandbox the user let it change.
type agentGrant struct {
	approval *perms.Approval
	decider  string
	outside  []sandbox.Rule
}

// withoutOutside returns d without its KindOutside findings.
func withoutOutside(d perms.Decision) perms.Decision {
	var fs []perms.Finding
	for _, f := range d.Findings {
		if f.Kind != perms.KindOutside {
			fs = append(fs, f)
		}
	}
	d.Findings = fs
	return d
}

// grantOutside widens the sandbox, for one approved command, to the
// changes outside it that the prompt named, and says what it allows.
func (a *Assistant) grantOutside(d perms.Decision, outside []perms.Finding) []sandbox.Rule {
	named := map[string]bool{}
	for _, f := range outside {
		named[f.Key] = true
	}
	var ts []perms.Target
	for _, t := range d.Targets {
		if named[t.Path] {
			ts = append(ts, t)
		}
	}
	rules, described, err := gate.Grants(ts)
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
	}
	if len(described) > 0 {
		fmt.Fprintln(a.stderr, a.paint("2", "  sandbox, for this command only: "+strings.Join(described, "; ")))
	}
	return rules
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(l)
}

// agentExec runs an approved command in a subshell of the user's shell:
// it sees the user's functions, aliases and variables but cannot change
// them or the directory; standard input is /dev/null; the gate checks
// everything it really runs; output is shown indented and kept for the
// model.
func (a *Assistant) agentExec(ctx context.Context, st *aiState, cmd string, g agentGrant) (int, string, error) {
	f, err := a.dialect.NewParser().Parse(strings.NewReader(cmd+"\n"), "")
	if err != nil {
		return 2, "", fmt.Errorf("does not parse: %v", err)
	}
	if t := a.cfg.AI.CommandTimeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(t)*time.Second)
		defer cancel()
	}
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		return 0, "", err
	}
	defer devnull.Close()
	var captured bytes.Buffer
	capture := &capWriter{buf: &captured, max: agentOutputCap}
	// The output is shown with its colours but no other control: a
	// program the agent runs must not move the cursor over what nosh
	// printed, nor set the clipboard (markdown.ControlFilter).
	shown := &indentWriter{w: &markdown.ControlFilter{W: a.stdout}, prefix: a.paint("2", "  │ ")}
	out := &lockedWriter{w: io.MultiWriter(shown, capture)}

	start := time.Now()
	// What the gate or a builtin refuses while the command runs shows as
	// a refusal, after what the command printed so far, and the model
	// reads it in the output.
	view := a.answerView
	refuse := func(what, why string) {
		out.mu.Lock()
		defer out.mu.Unlock()
		shown.finish()
		if view != nil {
			view.refusedWhileRunning(what, why)
		}
		fmt.Fprintf(capture, "nosh: refused: %s: %s\n", what, why)
	}
	// The command's shell code runs inside nosh: a fuse stops it before
	// it takes the login shell's memory (fuse.go).
	cmdCtx, stopFuse := memoryFuse(ctx, fuseLimit())
	runCtx := gate.OnRefusal(a.withAI(cmdCtx, st.gate, g.approval, true), refuse)
	var env []string
	if b := a.agentBox; b != nil {
		runCtx = gate.OnRefusal(a.withAgentSandbox(cmdCtx, st.gate, g.approval, b.policy.With(g.outside...), b.enforce), refuse)
		// The scratch directory, for the command and the programs it
		// starts; set before the gate watches the variables.
		env = b.env()
	}
	status, err := a.host.Subshell(runCtx, f.Stmts, devnull, out, env)
	blew, grew := stopFuse()
	if blew {
		guard.ProgramsOf(ctx).RenewBackground()
	}
	if err != nil && !blew {
		return 1, "", err
	}
	shown.finish()
	if blew {
		// Stopped by nosh, not by the user: the run goes on, and the
		// model is told why (128+SIGKILL, as for a program killed).
		fmt.Fprintf(a.stderr, "%s\n", a.paint("33", "nosh: "+fuseMessage(grew)))
		captured.WriteString("\n[" + fuseMessage(grew) + "]\n")
		status = 128 + int(syscall.SIGKILL)
	} else if status == 128+int(syscall.SIGINT) && a.host.Interactive() {
		// Ctrl+C reached the command (it had the terminal): the user
		// wants the whole investigation stopped, not just this command.
		a.agentCancel()
	}
	if ctx.Err() == context.DeadlineExceeded {
		fmt.Fprintf(a.stderr, "%s\n", a.paint("33", fmt.Sprintf("nosh: stopped after %ds (ai.command_timeout)", a.cfg.AI.CommandTimeout)))
		captured.WriteString(fmt.Sprintf("\n[stopped: the %ds per-command time limit ran out]\n", a.cfg.AI.CommandTimeout))
		status = 124
		ctx = context.Background()
	}
	st0 := status
	a.audit(auditEntry{Command: cmd, Verdict: "allow", Decider: g.decider, Source: "??", Status: &st0, Duration: time.Since(start)})
	if capture.dropped > 0 {
		captured.WriteString(fmt.Sprintf("\n[... %d more bytes of output not kept ...]\n", capture.dropped))
	}
	return status, captured.String(), ctx.Err()
}

// capWriter keeps the first max bytes written to it.
type capWriter struct {
	buf     *bytes.Buffer
	max     int
	dropped int
}

func (c *capWriter) Write(p []byte) (int, error) {
	room := c.max - c.buf.Len()
	if room >= len(p) {
		c.buf.Write(p)
	} else {
		if room > 0 {
			c.buf.Write(p[:room])
		}
		c.dropped += len(p) - max(room, 0)
	}
	return len(p), nil
}

// indentWriter prefixes each line it writes.
type indentWriter struct {
	w      io.Writer
	prefix string
	midway bool
}

func (iw *indentWriter) Write(p []byte) (int, error) {
	var b bytes.Buffer
	for _, c := range p {
		if !iw.midway {
			b.WriteString(iw.prefix)
			iw.midway = true
		}
		b.WriteByte(c)
		if c == '\n' {
			iw.midway = false
		}
	}
	if _, err := iw.w.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// finish ends a last line that had no newline.
func (iw *indentWriter) finish() {
	if f, ok := iw.w.(*markdown.ControlFilter); ok {
		f.Flush()
	}
	if iw.midway {
		io.WriteString(iw.w, "\n")
		iw.midway = false
	}
}

// lockedWriter serialises writes from a command's stdout and stderr.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
