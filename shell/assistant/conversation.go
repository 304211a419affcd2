package assistant

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"nosh/ai"
	"nosh/ai/agent"
	"nosh/ai/translate"
)

// conversations is where conversations are saved: the transcripts
// directory, the last ai.keep_conversations kept.
func (a *Assistant) conversations() translate.Store {
	return translate.Store{Dir: a.paths.TranscriptDir, Keep: a.cfg.AI.KeepConversations}
}

// saveConversation saves the current conversation, once it has begun.
func (a *Assistant) saveConversation(st *aiState) {
	if st == nil || st.rc == nil || st.rc.Empty() {
		return
	}
	if err := a.conversations().Save(st.rc.Snapshot()); err != nil {
		fmt.Fprintf(a.stderr, "nosh: warning: %v\n", err)
	}
}

// newConversation starts an empty conversation; the current one stays
// saved.
func (a *Assistant) newConversation() {
	if a.ai == nil || a.ai.rc == nil {
		return
	}
	a.saveConversation(a.ai)
	a.ai.rc.Clear()
	a.ai.edited = nil
}

// recordRun adds an agent run to the conversation; answering marks the
// continuation of a run that asked the user a question.
func (a *Assistant) recordRun(st *aiState, question string, res agent.Result, runErr error, answering bool) {
	r := translate.AgentRun{Time: time.Now(), Dir: a.host.Dir(), Question: question, Answer: res.Answer,
		Commands: res.Commands, Usage: res.Usage, Messages: res.Transcript}
	if runErr != nil {
		r.Error = runErr.Error()
	}
	if answering {
		st.rc.ContinueRun(r)
	} else {
		st.rc.AddRun(r)
	}
}

// compact has the model summarise the older exchanges, with a spinner
// and a line saying what it did.
func (a *Assistant) compact(ctx context.Context, st *aiState) (translate.Compaction, error) {
	spin := startSpinner(a.stderr, "summarising with "+st.tr.provider.Model())
	res, err := translate.Compact(ctx, st.tr.provider, "", st.rc, st.tr.redactor)
	spin.stop()
	switch {
	case errors.Is(err, translate.ErrNothingToCompact):
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(a.stderr, "nosh: summary cancelled")
	case err != nil:
		a.aiNotice(fmt.Sprintf("%v; the older exchanges are sent whole", err))
	default:
		a.aiNotice(fmt.Sprintf("summarised %d exchange%s (about %d tokens) into %d tokens",
			res.Exchanges, plural(res.Exchanges), res.Before, res.After))
		a.saveConversation(st)
	}
	return res, err
}

// slashCompact is /compact: summarise the older exchanges now.
func (a *Assistant) slashCompact(ctx context.Context, args []string) int {
	st, err := a.ensureAI()
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return 1
	}
	if st.rc.Compactable() == 0 {
		fmt.Fprintln(a.stdout, "nothing to compact: no exchanges since the last summary")
		return 0
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a.aiNotice("summarising the conversation: one extra request")
	if _, err := a.compact(ctx, st); err != nil {
		return 1
	}
	return 0
}

// slashNew is /new: start an empty conversation.
func (a *Assistant) slashNew(ctx context.Context, args []string) int {
	a.newConversation()
	fmt.Fprintln(a.stdout, "new conversation (the last one is saved: /history, /resume)")
	return 0
}

// savedConversations lists the saved conversations, warning about a file
// that cannot be read.
func (a *Assistant) savedConversations(cmd string) []translate.Conversation {
	convs, err := a.conversations().List()
	if err != nil {
		fmt.Fprintf(a.stderr, "%s: warning: %v\n", cmd, err)
	}
	return convs
}

// pick finds conversation N (1 is the oldest) of convs.
func (a *Assistant) pick(cmd string, convs []translate.Conversation, arg string) (translate.Conversation, bool) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > len(convs) {
		fmt.Fprintf(a.stderr, "%s: no conversation %q (1-%d; see /history)\n", cmd, arg, len(convs))
		return translate.Conversation{}, false
	}
	return convs[n-1], true
}

// slashResume is /resume N: make a saved conversation the current one.
// Without N it resumes the latest one that is not current.
func (a *Assistant) slashResume(ctx context.Context, args []string) int {
	rc := a.aiContext()
	a.saveConversation(a.ai)
	convs := a.savedConversations("/resume")
	if len(convs) == 0 {
		fmt.Fprintln(a.stderr, "/resume: no saved conversations")
		return 1
	}
	var conv translate.Conversation
	switch {
	case len(args) > 1:
		fmt.Fprintln(a.stderr, "usage: /resume [N]")
		return 2
	case len(args) == 1:
		var ok bool
		if conv, ok = a.pick("/resume", convs, args[0]); !ok {
			return 2
		}
	default:
		for i := len(convs) - 1; i >= 0 && conv.ID == ""; i-- {
			if convs[i].ID != rc.ID() {
				conv = convs[i]
			}
		}
		if conv.ID == "" {
			fmt.Fprintln(a.stderr, "/resume: no other conversation saved")
			return 1
		}
	}
	rc.Resume(conv)
	a.ai.edited = nil
	fmt.Fprintf(a.stdout, "resumed: %s (%d exchange%s, %d command%s); follow-ups continue it\n",
		oneLineText(conv.First, 50), len(conv.Exchanges), plural(len(conv.Exchanges)), conv.Commands, plural(conv.Commands))
	if len(conv.Waiting) > 0 {
		fmt.Fprintf(a.stdout, "the AI is waiting for your answer: %s\n", oneLineText(conv.Waiting[len(conv.Waiting)-1].Content, 70))
	}
	return 0
}

// slashHistory is /history: list the saved conversations, or show one
// (/history N).
func (a *Assistant) slashHistory(ctx context.Context, args []string) int {
	w := a.stdout
	a.saveConversation(a.ai)
	convs := a.savedConversations("/history")
	if len(convs) == 0 {
		fmt.Fprintln(w, "no conversations saved yet")
		return 0
	}
	current := ""
	if a.ai != nil && a.ai.rc != nil {
		current = a.ai.rc.ID()
	}
	if len(args) == 0 {
		for i, c := range convs {
			mark := " "
			if c.ID == current {
				mark = "*"
			}
			fmt.Fprintf(w, "%s%3d  %s  %3d cmd  %s\n", mark, i+1, c.Updated.Local().Format("2006-01-02 15:04"),
				c.Commands, oneLineText(c.First, 56))
		}
		fmt.Fprintln(w, "(/history N shows one, /resume N continues it)")
		return 0
	}
	conv, ok := a.pick("/history", convs, args[0])
	if !ok {
		return 2
	}
	showConversation(w, conv)
	return 0
}

// showConversation prints a saved conversation for a person.
func showConversation(w io.Writer, c translate.Conversation) {
	fmt.Fprintf(w, "started %s, last used %s; %d command%s run\n", c.Started.Local().Format("2006-01-02 15:04"),
		c.Updated.Local().Format("2006-01-02 15:04"), c.Commands, plural(c.Commands))
	if c.Summary != "" {
		fmt.Fprintf(w, "\nSummary of earlier exchanges:\n%s\n", indentLines(c.Summary, "  "))
	}
	if len(c.Exchanges) > 0 {
		fmt.Fprintln(w)
	}
	for _, e := range c.Exchanges {
		fmt.Fprintf(w, "? %s\n", e.Request)
		if e.Command != "" {
			fmt.Fprintf(w, "  ➜ %s   (exit status %d)\n", e.Command, e.Status)
		}
		if e.Answer != "" {
			fmt.Fprint(w, indentLines(oneLineText(e.Answer, 200), "  "))
		}
	}
	for _, r := range c.Runs {
		fmt.Fprintf(w, "\n?? %s   (%s, in %s)\n", r.Question, r.Time.Local().Format("15:04:05"), r.Dir)
		for _, m := range r.Messages {
			for _, call := range m.ToolCalls {
				fmt.Fprintf(w, "  [AI] ran: %s\n", toolCommand(call))
			}
		}
		if r.Answer != "" {
			fmt.Fprint(w, indentLines(oneLineText(r.Answer, 200), "  "))
		}
		if r.Error != "" {
			fmt.Fprintf(w, "  (stopped: %s)\n", r.Error)
		}
	}
	if len(c.Waiting) > 0 {
		fmt.Fprintln(w, "\n(the AI is waiting for your answer)")
	}
}

// toolCommand is the command a run_command call asked for, or the call
// as written when it is not one.
func toolCommand(call ai.ToolCall) string {
	var args struct {
		Command string `json:"command"`
	}
	if json.Unmarshal([]byte(call.Arguments), &args) == nil && args.Command != "" {
		return args.Command
	}
	return call.Name + " " + strings.TrimSpace(call.Arguments)
}
