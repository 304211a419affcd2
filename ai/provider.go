package ai

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"nosh/config"
)

// Provider is a configured language-model client. It is safe for
// concurrent use; a shell keeps one and reuses it for every request.
type Provider interface {
	// Name is the configured provider name: "ollama", "openai",
	// "anthropic", or a preset such as "mistral".
	Name() string
	// Model is the model used when a Request names none.
	Model() string
	// BaseURL is the endpoint root requests go to (and the only place the
	// key is sent).
	BaseURL() string
	// Stream sends req and yields the reply's events as they arrive. A
	// failure is yielded once, as the last item, with a zero Event: an
	// [*Error], or the context's error when ctx was cancelled. Breaking
	// out of the loop abandons the request; ranging again sends it again.
	Stream(ctx context.Context, req Request) iter.Seq2[Event, error]
}

// Option adjusts a Provider built by [New].
type Option func(*options)

type options struct {
	httpClient              *http.Client
	backoffBase, backoffMax time.Duration
	connect, firstByte      time.Duration
	idle                    time.Duration
	onRetry                 func(err *Error, attempt int, wait time.Duration)
}

// WithHTTPClient makes the Provider use hc instead of the shared keep-alive
// client. hc should not follow redirects (see the package documentation).
func WithHTTPClient(hc *http.Client) Option {
	return func(o *options) { o.httpClient = hc }
}

// WithBackoff sets the first retry wait (doubled for each later one;
// default 1 s) and the longest wait, including one asked for by
// Retry-After (default 20 s). A provider asking for longer than max is not
// retried: the error says how long to wait.
func WithBackoff(base, max time.Duration) Option {
	return func(o *options) { o.backoffBase, o.backoffMax = base, max }
}

// WithTimeouts overrides ai.connect_timeout, ai.first_byte_timeout and
// ai.idle_timeout with finer-grained durations; a zero keeps the
// configured value.
func WithTimeouts(connect, firstByte, idle time.Duration) Option {
	return func(o *options) {
		if connect > 0 {
			o.connect = connect
		}
		if firstByte > 0 {
			o.firstByte = firstByte
		}
		if idle > 0 {
			o.idle = idle
		}
	}
}

// WithRetryNotify calls f before each retry, with the error that caused it,
// the attempt that failed (1 or 2) and the wait; a shell can show "rate
// limited, retrying in 2s…". f runs on the goroutine ranging the stream.
func WithRetryNotify(f func(err *Error, attempt int, wait time.Duration)) Option {
	return func(o *options) { o.onRetry = f }
}

// Defaults for zero config values, in seconds as in config.toml.
const (
	defaultConnectTimeout   = 10
	defaultFirstByteTimeout = 60
	defaultIdleTimeout      = 30
)

// New builds the Provider cfg names. cfg is expected to have the
// NOSH_AI_PROVIDER / _BASE_URL / _MODEL overrides already applied
// (config.ApplyEnv); getenv (os.Getenv when nil) is read for the key at
// each request, so a key exported in the shell is seen. An error is a
// configuration mistake, on one line.
func New(cfg config.AI, getenv func(string) string, opts ...Option) (Provider, error) {
	return newClient(cfg, getenv, opts...)
}

func newClient(cfg config.AI, getenv func(string) string, opts ...Option) (*client, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	name := strings.ToLower(strings.TrimSpace(cfg.Provider))
	if name == "" {
		name = "ollama"
	}
	p, ok := lookupPreset(name)
	if !ok {
		return nil, fmt.Errorf("ai: unknown provider %q in [ai] provider: use one of %s", cfg.Provider, strings.Join(Providers(), ", "))
	}
	base, err := normalizeBaseURL(cfg.BaseURL, p)
	if err != nil {
		return nil, err
	}
	model := strings.TrimSpace(cfg.Model)
	if model == "" {
		model = p.model
	}
	if model == "" && !p.modelOptional {
		return nil, fmt.Errorf("ai: provider %s needs a model: set [ai] model to the name the %s server serves", name, p.display)
	}
	o := options{
		backoffBase: time.Second,
		backoffMax:  20 * time.Second,
		connect:     seconds(cfg.ConnectTimeout, defaultConnectTimeout),
		firstByte:   seconds(cfg.FirstByteTimeout, defaultFirstByteTimeout),
		idle:        seconds(cfg.IdleTimeout, defaultIdleTimeout),
	}
	for _, opt := range opts {
		opt(&o)
	}
	keyVar := strings.TrimSpace(cfg.APIKeyEnv)
	if keyVar == "" {
		keyVar = p.keyVar
	}
	c := &client{
		name:        name,
		display:     p.display,
		preset:      p,
		wireKind:    p.wire,
		baseURL:     base,
		model:       model,
		key:         &keySource{getenv: getenv, envVar: keyVar, cmd: strings.TrimSpace(cfg.APIKeyCmd)},
		http:        o.httpClient,
		connect:     o.connect,
		firstByte:   o.firstByte,
		idle:        o.idle,
		backoffBase: o.backoffBase,
		backoffMax:  o.backoffMax,
		onRetry:     o.onRetry,
		sleep:       sleepCtx,
		configPath:  configPathHint(getenv),
	}
	if c.http == nil {
		c.http = newHTTPClient(c.connect)
	}
	switch p.wire {
	case wireOpenAI:
		c.wire = &openaiWire{
			maxCompletionTokens: strings.HasPrefix(base, "https://api.openai.com/"),
			// Mistral refuses stream_options (422) and sends usage anyway.
			noStreamOptions: name == "mistral",
		}
	case wireAnthropic:
		c.wire = anthropicWire{}
	case wireOllama:
		c.wire = ollamaWire{}
	}
	return c, nil
}

// normalizeBaseURL checks the configured base URL and forgives a common
// slip: a trailing /v1 on Anthropic's or Ollama's host root (and /api on
// Ollama's), which the client appends itself.
func normalizeBaseURL(raw string, p preset) (string, error) {
	base := strings.TrimRight(strings.TrimSpace(raw), "/")
	if base == "" {
		return p.baseURL, nil
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("ai: [ai] base_url %q is not an http(s) URL", raw)
	}
	if u.User != nil {
		return "", fmt.Errorf("ai: [ai] base_url must not contain credentials: use [ai] api_key_env or api_key_cmd")
	}
	switch p.wire {
	case wireAnthropic:
		base = strings.TrimSuffix(base, "/v1")
	case wireOllama:
		base = strings.TrimSuffix(strings.TrimSuffix(base, "/v1"), "/api")
	}
	return base, nil
}

func seconds(n, def int) time.Duration {
	if n <= 0 {
		n = def
	}
	return time.Duration(n) * time.Second
}

// configPathHint is config.toml's path for messages, with $HOME shown as ~.
func configPathHint(getenv func(string) string) string {
	p := config.ResolvePaths(getenv).ConfigFile
	if p == "" {
		return "config.toml"
	}
	if home := getenv("HOME"); home != "" && home != "/" && strings.HasPrefix(p, home+"/") {
		p = "~" + p[len(home):]
	}
	return p
}
