// Package redact replaces secrets with a placeholder before text leaves
// the machine: the values of environment variables whose names look
// secret, and the shapes of well-known tokens and keys.
package redact

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Placeholder replaces every secret found.
const Placeholder = "[REDACTED]"

// minSecretLen: shorter values ("1", "yes") are not worth hiding and would
// wreck unrelated text.
const minSecretLen = 6

// secretWords mark an environment variable name as holding a secret.
var secretWords = []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
	"CREDENTIAL", "AUTH", "PRIVATE", "COOKIE", "SESSION", "_PAT", "DSN"}

// notSecret are names that contain a secret word but hold none.
func notSecret() map[string]bool {
	notSecretOnce.Do(func() { notSecretValue = makeNotSecret() })
	return notSecretValue
}

var (
	notSecretOnce  sync.Once
	notSecretValue map[string]bool
)

func makeNotSecret() map[string]bool {
	return map[string]bool{"SSH_AUTH_SOCK": true, "KEYTIMEOUT": true, "GPG_AGENT_INFO": true,
		"XDG_SESSION_ID": true, "XDG_SESSION_TYPE": true, "XDG_SESSION_CLASS": true,
		"XDG_SESSION_DESKTOP": true, "DBUS_SESSION_BUS_ADDRESS": true, "SESSION_MANAGER": true,
		"NOSH_AI_API_KEY_ENV": true}
}

// IsSecretName reports whether an environment variable name looks like it
// holds a secret.
func IsSecretName(name string) bool {
	if notSecret()[name] {
		return false
	}
	up := strings.ToUpper(name)
	for _, w := range secretWords {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// tokenShapes match well-known credential formats wherever they appear.
func tokenShapes() *regexp.Regexp {
	tokenShapesOnce.Do(func() { tokenShapesValue = makeTokenShapes() })
	return tokenShapesValue
}

var (
	tokenShapesOnce  sync.Once
	tokenShapesValue *regexp.Regexp
)

func makeTokenShapes() *regexp.Regexp {
	return regexp.MustCompile(strings.Join([]string{
		`-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----`,
		`\bsk-(?:ant-|proj-|or-)?[A-Za-z0-9_\-]{16,}`, // OpenAI, Anthropic, OpenRouter
		`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}`,  // GitHub
		`\bgithub_pat_[A-Za-z0-9_]{20,}`,
		`\bglpat-[A-Za-z0-9_\-]{20,}`,                                        // GitLab
		`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`,                                      // AWS access key id
		`\bxox[abposr]-[A-Za-z0-9\-]{10,}`,                                   // Slack
		`\bAIza[0-9A-Za-z_\-]{35}`,                                           // Google API key
		`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`, // JWT
		`\bhf_[A-Za-z0-9]{30,}`,                                              // Hugging Face
		`\bnpm_[A-Za-z0-9]{30,}`,                                             // npm
		`(?i)\b(?:bearer|basic)\s+[A-Za-z0-9._~+/\-]{16,}=*`,                 // Authorization headers
		`(?i)(?:password|passwd|secret|token|api[_-]?key)\s*[=:]\s*["']?[^\s"']{6,}`,
		`[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s:/@]+:[^\s@/]{3,}@`, // credentials in URLs
	}, "|"))
}

// Redactor hides the secrets of one environment.
type Redactor struct {
	values []string // secret values, longest first
}

// New builds a Redactor from an environment listed as NAME=value.
func New(environ []string) *Redactor {
	r := &Redactor{}
	seen := map[string]bool{}
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || len(value) < minSecretLen || !IsSecretName(name) || seen[value] {
			continue
		}
		seen[value] = true
		r.values = append(r.values, value)
	}
	// Longest first, so a secret containing another is hidden whole.
	sort.Slice(r.values, func(i, j int) bool { return len(r.values[i]) > len(r.values[j]) })
	return r
}

// AddValue hides value too (e.g. an API key read from a command).
func (r *Redactor) AddValue(value string) {
	if len(value) < minSecretLen {
		return
	}
	r.values = append(r.values, value)
	sort.Slice(r.values, func(i, j int) bool { return len(r.values[i]) > len(r.values[j]) })
}

// String returns s with every secret replaced by Placeholder.
func (r *Redactor) String(s string) string {
	if r != nil {
		for _, v := range r.values {
			if strings.Contains(s, v) {
				s = strings.ReplaceAll(s, v, Placeholder)
			}
		}
	}
	return tokenShapes().ReplaceAllStringFunc(s, func(m string) string {
		// Keep the label of `password=…` and of `scheme://user:…@` matches,
		// so the text still reads naturally.
		if i := strings.IndexAny(m, "=:"); i > 0 && i < 20 && !strings.HasPrefix(m, "-----") && !strings.Contains(m[:i], "/") && looksLabelled(m[:i]) {
			return m[:i+1] + Placeholder
		}
		if j := strings.Index(m, "://"); j > 0 {
			return m[:j+3] + Placeholder + "@"
		}
		return Placeholder
	})
}

func looksLabelled(label string) bool {
	l := strings.ToLower(strings.TrimSpace(label))
	for _, w := range []string{"password", "passwd", "secret", "token", "api_key", "api-key", "apikey"} {
		if l == w {
			return true
		}
	}
	return false
}
