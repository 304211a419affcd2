package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	"nosh/ai"
)

// keySource finds the API key for each request; see the package
// documentation for the order.
type keySource struct {
	getenv func(string) string
	envVar string // ai.api_key_env, else the preset's variable
	cmd    string // ai.api_key_cmd

	mu     sync.Mutex
	cmdKey string // the command's key, once it has run successfully
}

// get returns the key, or "" when none is configured. It runs the key
// command at most once successfully; a failure is retried next request,
// so that a cancelled passphrase prompt is not remembered.
func (k *keySource) get(ctx context.Context) (string, error) {
	if v := strings.TrimSpace(k.getenv(ai.OverrideKeyVar)); v != "" {
		return v, nil
	}
	if v := k.fromVar(); v != "" {
		return v, nil
	}
	if k.cmd != "" {
		return k.runCmd(ctx)
	}
	return "", nil
}

// fromVar is the key in the configured or default variable, if any.
func (k *keySource) fromVar() string {
	if k.envVar == "" {
		return ""
	}
	return strings.TrimSpace(k.getenv(k.envVar))
}

func (k *keySource) runCmd(ctx context.Context) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.cmdKey != "" {
		return k.cmdKey, nil
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", k.cmd)
	// The command may ask for a passphrase (pass, gpg): give it the
	// terminal, but keep its output, which is the key.
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return "", ctxErr
		}
		return "", fmt.Errorf("api_key_cmd failed: %w", err)
	}
	line, _, _ := strings.Cut(out.String(), "\n")
	key := strings.TrimSpace(line)
	if key == "" {
		return "", errors.New("api_key_cmd printed no key")
	}
	k.cmdKey = key
	return key, nil
}

// describe names where the key comes from, for messages: a variable name
// or "the key printed by [ai] api_key_cmd". It never reveals the key.
func (k *keySource) describe() string {
	switch {
	case strings.TrimSpace(k.getenv(ai.OverrideKeyVar)) != "":
		return ai.OverrideKeyVar
	case k.fromVar() != "":
		return k.envVar
	case k.cmd != "":
		return "the key printed by [ai] api_key_cmd"
	case k.envVar != "":
		return k.envVar
	}
	return ai.OverrideKeyVar + " or [ai] api_key_env"
}

// missing is the advice when a provider that needs a key has none.
func (k *keySource) missing() string {
	v := k.envVar
	if v == "" {
		v = ai.OverrideKeyVar
	}
	return fmt.Sprintf("no API key: set %s, or [ai] api_key_cmd in config.toml", v)
}
