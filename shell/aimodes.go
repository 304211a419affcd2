package shell

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"nosh/ai"
	"nosh/ai/agent"
	"nosh/ai/translate"
	"nosh/config"
)

// agentEnabled reports whether `??` runs the agent ([ai] agent, /agent).
func (se *session) agentEnabled() bool {
	if se.agentMode != nil {
		return *se.agentMode
	}
	return se.cfg.AI.Agent
}

// yoloOn reports whether the agent's `ask` verdicts are turned into
// `allow`: on by config or /yolo, unless a project's .nosh.toml disables it.
func (se *session) yoloOn() bool {
	on := se.cfg.Permissions.Yolo
	if se.yoloMode != nil {
		on = *se.yoloMode
	}
	return on && !se.yoloDisabled()
}

// yoloDisabled reports whether config or the project forbids yolo.
func (se *session) yoloDisabled() bool {
	if se.cfg.Permissions.DisableYolo {
		return true
	}
	proj, _ := config.LoadProject(se.sh.Dir())
	return proj.DisableYolo
}

// promptMarkers are shown in the prompt: yolo while it is on.
func (se *session) promptMarkers() []string {
	if se.yoloOn() {
		return []string{"YOLO"}
	}
	return nil
}

func onOff(args []string) (bool, bool) {
	if len(args) != 1 {
		return false, false
	}
	switch args[0] {
	case "on":
		return true, true
	case "off":
		return false, true
	}
	return false, false
}

func (se *session) slashAgent(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(se.sh.stdout, "agent mode is %s\n", map[bool]string{true: "on", false: "off"}[se.agentEnabled()])
		return 0
	}
	on, ok := onOff(args)
	if !ok {
		fmt.Fprintln(se.sh.stderr, "usage: /agent on|off")
		return 2
	}
	se.agentMode = &on
	fmt.Fprintf(se.sh.stdout, "agent mode %s\n", args[0])
	return 0
}

func (se *session) slashYolo(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(se.sh.stdout, "yolo is %s\n", map[bool]string{true: "on", false: "off"}[se.yoloOn()])
		return 0
	}
	on, ok := onOff(args)
	if !ok {
		fmt.Fprintln(se.sh.stderr, "usage: /yolo on|off")
		return 2
	}
	if on && se.yoloDisabled() {
		fmt.Fprintln(se.sh.stderr, "/yolo: disabled here (permissions.disable_yolo in config.toml or a project's .nosh.toml)")
		return 1
	}
	se.yoloMode = &on
	if on {
		fmt.Fprintln(se.sh.stdout, "yolo on: the agent runs commands without asking; deny rules and the catastrophic list still hold")
	} else {
		fmt.Fprintln(se.sh.stdout, "yolo off")
	}
	return 0
}

func (se *session) slashClear(ctx context.Context, args []string) int {
	if se.ai != nil && se.ai.rc != nil {
		se.ai.rc.Clear()
		se.ai.edited = ""
	}
	fmt.Fprintln(se.sh.stdout, "AI context cleared")
	return 0
}

// slashContext prints exactly what the next `?` request would send.
func (se *session) slashContext(ctx context.Context, args []string) int {
	st, err := se.ensureAI()
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "nosh: %v\n", err)
		return 1
	}
	text := strings.Join(args, " ")
	if text == "" {
		text = "<your next request>"
	}
	req := translate.Build(text, st.rc, envInfo(se.sh.Dir()), st.tr.redactor)
	w := se.sh.stdout
	fmt.Fprintf(w, "── system (%s, model %s) ──\n%s\n", st.tr.provider.Name(), st.tr.provider.Model(), req.System)
	for _, m := range req.Messages {
		fmt.Fprintf(w, "── %s ──\n%s\n", m.Role, m.Content)
	}
	fmt.Fprintf(w, "── about %d tokens ──\n", translate.EstimateTokens(req.System)+translate.EstimateTokens(req.Messages[0].Content))
	return 0
}

// slashPerms is `nosh perms` inside the shell.
func (se *session) slashPerms(ctx context.Context, args []string) int {
	st := PermsMain(args, se.sh.stdout, se.sh.stderr)
	// Rules may have changed: rebuild the policy on next use.
	if se.ai != nil {
		se.ai.policy = nil
		se.ai.tr = nil
	}
	return st
}

// transcript is one saved agent run.
type transcript struct {
	Time     time.Time    `json:"time"`
	Dir      string       `json:"cwd"`
	Question string       `json:"question"`
	Answer   string       `json:"answer"`
	Commands int          `json:"commands"`
	Error    string       `json:"error,omitempty"`
	Usage    ai.Usage     `json:"usage"`
	Messages []ai.Message `json:"messages"`
}

// saveTranscript keeps the agent run under the state directory and
// removes the oldest beyond ai.keep_conversations.
func (se *session) saveTranscript(question string, res agent.Result, runErr error) {
	dir := se.paths.TranscriptDir
	if dir == "" {
		return
	}
	t := transcript{Time: time.Now(), Dir: se.sh.Dir(), Question: question, Answer: res.Answer,
		Commands: res.Commands, Usage: res.Usage, Messages: res.Transcript}
	if runErr != nil {
		t.Error = runErr.Error()
	}
	b, err := json.MarshalIndent(t, "", "  ")
	if err == nil {
		err = os.MkdirAll(dir, 0o700)
	}
	if err == nil {
		name := filepath.Join(dir, "agent-"+t.Time.Format("20060102-150405.000000000")+".json")
		err = os.WriteFile(name, b, 0o600)
	}
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "nosh: warning: transcript not saved: %v\n", err)
		return
	}
	files := transcriptFiles(dir)
	keep := max(se.cfg.AI.KeepConversations, 1)
	for len(files) > keep {
		os.Remove(files[0])
		files = files[1:]
	}
}

// transcriptFiles lists saved transcripts, oldest first.
func transcriptFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "agent-*.json"))
	sort.Strings(files)
	return files
}

// slashHistory lists the saved agent runs, or shows one (`/history N`).
func (se *session) slashHistory(ctx context.Context, args []string) int {
	w := se.sh.stdout
	files := transcriptFiles(se.paths.TranscriptDir)
	if len(files) == 0 {
		fmt.Fprintln(w, "no agent runs saved yet")
		return 0
	}
	load := func(p string) (transcript, error) {
		var t transcript
		b, err := os.ReadFile(p)
		if err == nil {
			err = json.Unmarshal(b, &t)
		}
		return t, err
	}
	if len(args) == 0 {
		for i, p := range files {
			t, err := load(p)
			if err != nil {
				continue
			}
			fmt.Fprintf(w, "%3d  %s  %2d cmd  %s\n", i+1, t.Time.Local().Format("2006-01-02 15:04"), t.Commands, oneLineText(t.Question, 60))
		}
		return 0
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > len(files) {
		fmt.Fprintf(se.sh.stderr, "/history: no run %q (1-%d)\n", args[0], len(files))
		return 2
	}
	t, err := load(files[n-1])
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "/history: %v\n", err)
		return 1
	}
	fmt.Fprintf(w, "?? %s\n   %s in %s\n", t.Question, t.Time.Local().Format("2006-01-02 15:04:05"), t.Dir)
	for _, m := range t.Messages {
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "[AI] ran: %s\n", c.Arguments)
		}
		if m.Role == ai.RoleTool {
			fmt.Fprint(w, indentLines(oneLineText(m.Content, 200), "   "))
		}
	}
	if t.Answer != "" {
		fmt.Fprintf(w, "\n%s\n", t.Answer)
	}
	if t.Error != "" {
		fmt.Fprintf(w, "(stopped: %s)\n", t.Error)
	}
	return 0
}

func oneLineText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n-1] + "…"
	}
	return s
}
