package client

import (
	"net/http"
	"os"
	"strings"
	"time"

	"nosh/ai"
	"nosh/config"
)

// Option adjusts a Provider built by [New].
type Option func(*options)

type options struct {
	httpClient              *http.Client
	backoffBase, backoffMax time.Duration
	connect, firstByte      time.Duration
	idle                    time.Duration
	onRetry                 func(err *ai.Error, attempt int, wait time.Duration)
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
func WithRetryNotify(f func(err *ai.Error, attempt int, wait time.Duration)) Option {
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
func New(cfg config.AI, getenv func(string) string, opts ...Option) (ai.Provider, error) {
	return newClient(cfg, getenv, opts...)
}

func newClient(cfg config.AI, getenv func(string) string, opts ...Option) (*client, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	set, err := ai.Resolve(cfg)
	if err != nil {
		return nil, err
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
	c := &client{
		name:        set.Name,
		display:     set.Preset.Display,
		preset:      set.Preset,
		wireKind:    set.Preset.Wire,
		baseURL:     set.BaseURL,
		model:       set.Model,
		key:         &keySource{getenv: getenv, envVar: set.KeyVar, cmd: set.KeyCmd},
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
	switch set.Preset.Wire {
	case ai.WireOpenAI:
		c.wire = &openaiWire{
			maxCompletionTokens: strings.HasPrefix(set.BaseURL, "https://api.openai.com/"),
			// Mistral refuses stream_options (422) and sends usage anyway.
			noStreamOptions: set.Name == "mistral",
		}
	case ai.WireAnthropic:
		c.wire = anthropicWire{}
	case ai.WireOllama:
		c.wire = ollamaWire{}
	}
	return c, nil
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
