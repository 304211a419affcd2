package assistant

import (
	"context"
	"fmt"
	"strings"

	"nosh/ai/translate"
	"nosh/config"
	"nosh/perms/permscli"
)

// agentEnabled reports whether `??` runs the agent ([ai] agent, /agent).
func (a *Assistant) agentEnabled() bool {
	if a.agentMode != nil {
		return *a.agentMode
	}
	return a.cfg.AI.Agent
}

// yoloOn reports whether the agent's `ask` verdicts are turned into
// `allow`: on by config or /yolo, unless a project's .nosh.toml disables it.
func (a *Assistant) yoloOn() bool {
	on := a.cfg.Permissions.Yolo
	if a.yoloMode != nil {
		on = *a.yoloMode
	}
	return on && !a.yoloDisabled()
}

// yoloDisabled reports whether config or the project forbids yolo.
func (a *Assistant) yoloDisabled() bool {
	if a.cfg.Permissions.DisableYolo {
		return true
	}
	proj, _ := config.LoadProject(a.host.Dir())
	return proj.DisableYolo
}

// waitingMarker is shown in the prompt while the agent waits for the
// answer to its question.
const waitingMarker = "AI?"

// Markers are shown in the prompt: yolo while it is on, and the
// agent waiting for an answer.
func (a *Assistant) Markers() []string {
	var m []string
	if a.yoloOn() {
		m = append(m, "YOLO")
	}
	if a.ai != nil && a.ai.rc != nil && a.ai.rc.Waiting() != nil {
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

func (a *Assistant) slashAgent(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(a.stdout, "agent mode is %s\n", map[bool]string{true: "on", false: "off"}[a.agentEnabled()])
		return 0
	}
	on, ok := onOff(args)
	if !ok {
		fmt.Fprintln(a.stderr, "usage: /agent on|off")
		return 2
	}
	a.agentMode = &on
	fmt.Fprintf(a.stdout, "agent mode %s\n", args[0])
	return 0
}

func (a *Assistant) slashYolo(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(a.stdout, "yolo is %s\n", map[bool]string{true: "on", false: "off"}[a.yoloOn()])
		return 0
	}
	on, ok := onOff(args)
	if !ok {
		fmt.Fprintln(a.stderr, "usage: /yolo on|off")
		return 2
	}
	if on && a.yoloDisabled() {
		fmt.Fprintln(a.stderr, "/yolo: disabled here (permissions.disable_yolo in config.toml or a project's .nosh.toml)")
		return 1
	}
	a.yoloMode = &on
	if on {
		fmt.Fprintln(a.stdout, "yolo on: the agent runs commands without asking; deny rules and the catastrophic list still hold")
	} else {
		fmt.Fprintln(a.stdout, "yolo off")
	}
	return 0
}

func (a *Assistant) slashClear(ctx context.Context, args []string) int {
	a.newConversation()
	fmt.Fprintln(a.stdout, "AI context cleared")
	return 0
}

// slashContext prints exactly what the next `?` request would send,
// with the files it attaches (`/context explain @main.go`).
func (a *Assistant) slashContext(ctx context.Context, args []string) int {
	st, err := a.ensureAI()
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: %v\n", err)
		return 1
	}
	line := strings.Join(args, " ")
	if line == "" {
		line = "<your next request>"
	}
	prep, _ := a.prepareRequest(ctx, st, line, false)
	req := translate.Build(prep.sent, st.rc, a.envInfo(), st.tr.redactor)
	w := a.stdout
	fmt.Fprintf(w, "── system (%s, model %s) ──\n%s\n", st.tr.provider.Name(), st.tr.provider.Model(), req.System)
	for _, m := range req.Messages {
		fmt.Fprintf(w, "── %s ──\n%s\n", m.Role, m.Content)
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "[tool call %s] %s\n", c.Name, c.Arguments)
		}
	}
	tokens := st.rc.Estimate(req)
	fmt.Fprintf(w, "── about %d tokens; ai.context_tokens is %d ──\n", tokens, a.cfg.AI.ContextTokens)
	if n := st.rc.Compactable(); tokens > translate.Target(a.cfg.AI.ContextTokens) && n > 0 && st.rc.Waiting() == nil {
		fmt.Fprintf(w, "(past 85 %%: %d older exchange%s would be summarised first)\n", n, plural(n))
	}
	return 0
}

// slashPerms is `nosh perms` inside the shell.
func (a *Assistant) slashPerms(ctx context.Context, args []string) int {
	st := permscli.Main(args, a.stdout, a.stderr, a.paths.PermissionsFile)
	// Rules may have changed: rebuild the policy on next use.
	if a.ai != nil {
		a.ai.policy = nil
		a.ai.tr = nil
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
