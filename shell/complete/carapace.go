package complete

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// carapaceExport is the JSON printed by `carapace CMD export CMD ARGS…`.
// nospace is a string of suffix characters in recent versions and a bool
// in older ones.
type carapaceExport struct {
	Version  string          `json:"version"`
	Messages []string        `json:"messages"`
	Nospace  json.RawMessage `json:"nospace"`
	Usage    string          `json:"usage"`
	Values   []struct {
		Value       string `json:"value"`
		Display     string `json:"display"`
		Description string `json:"description"`
		Tag         string `json:"tag"`
	} `json:"values"`
}

// carapace asks the carapace completion engine, when it is on PATH, to
// complete the current word of the command words. ok is false when
// carapace is not installed, fails, or offers nothing.
func (c *Completer) carapace(ctx context.Context, words []string, current string) (items []Candidate, usage string, ok bool) {
	if c.NoCarapace || len(words) == 0 {
		return nil, "", false
	}
	bin, found := c.Path.Lookup(c.Env.Get("PATH"), "carapace")
	if !found {
		return nil, "", false
	}
	name := filepath.Base(words[0])
	c.mu.Lock()
	unknown := c.noCarapace[name]
	c.mu.Unlock()
	if unknown {
		return nil, "", false
	}
	argv := append([]string{bin, name, "export", name}, words[1:]...)
	argv = append(argv, current)
	out, err := run(ctx, c.Timeout, c.Env.Dir(), c.environ(), false, argv...)
	if err != nil {
		if ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) {
			// carapace does not know the command: do not ask again.
			c.mu.Lock()
			c.noCarapace[name] = true
			c.mu.Unlock()
		}
		return nil, "", false
	}
	items, usage, err = parseCarapace(out)
	if err != nil || len(items) == 0 {
		return nil, "", false
	}
	return items, usage, true
}

// parseCarapace reads carapace's export JSON into unquoted candidates.
func parseCarapace(data []byte) ([]Candidate, string, error) {
	var ex carapaceExport
	if err := json.Unmarshal(data, &ex); err != nil {
		return nil, "", fmt.Errorf("carapace export: %w", err)
	}
	nospace := ""
	var s string
	var b bool
	switch {
	case json.Unmarshal(ex.Nospace, &s) == nil:
		nospace = s
	case json.Unmarshal(ex.Nospace, &b) == nil && b:
		nospace = "*"
	}
	items := make([]Candidate, 0, len(ex.Values))
	for _, v := range ex.Values {
		if v.Value == "" {
			continue
		}
		last := v.Value[len(v.Value)-1:]
		items = append(items, Candidate{
			Value:       v.Value,
			Display:     v.Display,
			Description: v.Description,
			Tag:         v.Tag,
			NoSpace:     nospace == "*" || strings.Contains(nospace, last),
		})
	}
	usage := ex.Usage
	if len(ex.Messages) > 0 {
		usage = strings.TrimSpace(usage + "\n" + strings.Join(ex.Messages, "\n"))
	}
	return items, usage, nil
}
