package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"nosh/ai"
	"nosh/config"
)

// DoctorInput is what `nosh doctor` checks.
type DoctorInput struct {
	// AI is the loaded [ai] section, environment overrides applied.
	AI config.AI
	// Getenv reads the environment; os.Getenv when nil.
	Getenv func(string) string
	// ConfigPath is the config.toml that was consulted.
	ConfigPath string
	// Warnings are those config.Load returned. One for ConfigPath with
	// no Key means the file as a whole could not be used.
	Warnings []config.Warning
	// Live sends one tiny request and reports its latency.
	Live bool
}

// Doctor writes a report of the AI set-up to w, one "label  value" line per
// check, and returns the exit status: 0 when all is well, 1 when something
// needs attention. It never prints the key, only where it comes from.
func Doctor(ctx context.Context, w io.Writer, in DoctorInput, opts ...Option) int {
	getenv := in.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	status := 0
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "%-9s %s\n", label, fmt.Sprintf(format, args...))
	}
	if !doctorConfig(line, in) {
		status = 1
	}
	for _, wn := range in.Warnings {
		line("warning", "%s", wn.Error())
		status = 1
	}
	c, err := newClient(in.AI, getenv, opts...)
	if err != nil {
		line("provider", "%s", err)
		return 1
	}
	line("provider", "%s", c.name)
	line("base URL", "%s", c.baseURL)
	model := c.model
	if model == "" {
		model = "(the server's loaded model)"
	}
	line("model", "%s", model)
	keyState, keyOK := c.keyState(in.Live)
	line("api key", "%s", keyState)
	if !keyOK {
		return 1
	}
	if !in.Live {
		return status
	}
	if !doctorLive(ctx, line, c) {
		status = 1
	}
	return status
}

// doctorConfig reports the configuration file; false if it is unusable.
func doctorConfig(line func(string, string, ...any), in DoctorInput) bool {
	path := in.ConfigPath
	if path == "" {
		line("config", "no configuration path (HOME and XDG_CONFIG_HOME unset): defaults in use")
		return true
	}
	for _, wn := range in.Warnings {
		if wn.File == path && wn.Key == "" {
			line("config", "%s: not parsed (%s); defaults in use", path, wn.Msg)
			return false
		}
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		line("config", "%s: not found; defaults in use", path)
		return true
	}
	line("config", "%s: parsed", path)
	return true
}

// keyState says where the key comes from, without reading a key command
// unless live is set (the live request runs it).
func (c *client) keyState(live bool) (string, bool) {
	k := c.key
	switch {
	case strings.TrimSpace(k.getenv(ai.OverrideKeyVar)) != "":
		return "present (" + ai.OverrideKeyVar + ")", true
	case k.fromVar() != "":
		return "present (" + k.envVar + ")", true
	case k.cmd != "" && live:
		return "from [ai] api_key_cmd (tried by the live request)", true
	case k.cmd != "":
		return "from [ai] api_key_cmd (not run; use --live to try it)", true
	case c.preset.KeyRequired:
		return "missing: " + k.missing(), false
	}
	return "none (" + c.display + " does not require one)", true
}

// doctorLive sends the smallest useful request; false if it failed.
func doctorLive(ctx context.Context, line func(string, string, ...any), c *client) bool {
	req := ai.Request{
		System:    "You are a connectivity check. Reply with the single word: ok",
		Messages:  []ai.Message{{Role: ai.RoleUser, Content: "ping"}},
		MaxTokens: 16,
	}
	start := time.Now()
	resp, err := ai.Complete(ctx, c, req)
	took := time.Since(start).Round(time.Millisecond)
	if err != nil {
		line("live", "failed after %s (%s): %s", took, ai.ClassOf(err), err)
		return false
	}
	reply := strings.Join(strings.Fields(resp.Text), " ")
	if r := []rune(reply); len(r) > 40 {
		reply = string(r[:40]) + "…"
	}
	est := ""
	if resp.Usage.Estimated {
		est = ", estimated"
	}
	line("live", "ok in %s: %q (%d in / %d out tokens%s)", took, reply, resp.Usage.InputTokens, resp.Usage.OutputTokens, est)
	return true
}
