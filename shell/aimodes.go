package shell

import (
	"context"
	"fmt"
	"strings"

	"nosh/ai/translate"
	"nosh/config"
	"nosh/perms/permscli"
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

// waitingMarker is shown in the prompt while the agent waits for the
// answer to its question.
const waitingMarker = "AI?"

// promptMarkers are shown in the prompt: yolo while it is on, and the
// agent waiting for an answer.
func (se *session) promptMarkers() []string {
	var m []string
	if se.yoloOn() {
		m = append(m, "YOLO")
	}
	if se.ai != nil && se.ai.rc != nil && se.ai.rc.Waiting() != nil {
		m = append(m, waitingMarker)
	}
	return m
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
	se.newConversation()
	fmt.Fprintln(se.sh.stdout, "AI context cleared")
	return 0
}

// slashContext prints exactly what the next `?` request would send,
// with the files it attaches (`/context explain @main.go`).
func (se *session) slashContext(ctx context.Context, args []string) int {
	st, err := se.ensureAI()
	if err != nil {
		fmt.Fprintf(se.sh.stderr, "nosh: %v\n", err)
		return 1
	}
	line := strings.Join(args, " ")
	if line == "" {
		line = "<your next request>"
	}
	prep, _ := se.prepareRequest(ctx, st, line, false)
	req := translate.Build(prep.sent, st.rc, se.envInfo(), st.tr.redactor)
	w := se.sh.stdout
	fmt.Fprintf(w, "── system (%s, model %s) ──\n%s\n", st.tr.provider.Name(), st.tr.provider.Model(), req.System)
	for _, m := range req.Messages {
		fmt.Fprintf(w, "── %s ──\n%s\n", m.Role, m.Content)
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "[tool call %s] %s\n", c.Name, c.Arguments)
		}
	}
	tokens := st.rc.Estimate(req)
	fmt.Fprintf(w, "── about %d tokens; ai.context_tokens is %d ──\n", tokens, se.cfg.AI.ContextTokens)
	if n := st.rc.Compactable(); tokens > translate.Target(se.cfg.AI.ContextTokens) && n > 0 && st.rc.Waiting() == nil {
		fmt.Fprintf(w, "(past 85 %%: %d older exchange%s would be summarised first)\n", n, plural(n))
	}
	return 0
}

// slashPerms is `nosh perms` inside the shell.
func (se *session) slashPerms(ctx context.Context, args []string) int {
	st := permscli.Main(args, se.sh.stdout, se.sh.stderr, se.paths.PermissionsFile)
	// Rules may have changed: rebuild the policy on next use.
	if se.ai != nil {
		se.ai.policy = nil
		se.ai.tr = nil
	}
	return st
}

// oneLineText is s on one line, at most n characters.
func oneLineText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		s = string(r[:n-1]) + "…"
	}
	return s
}
