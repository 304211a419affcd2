package config

// Config is the whole of config.toml. Every section later features need is
// declared here with its default in [Default]; the TOML key of each field is
// its `toml` tag.
type Config struct {
	AI          AI          `toml:"ai"`
	Permissions Permissions `toml:"permissions"`
	Prompt      Prompt      `toml:"prompt"`
	History     History     `toml:"history"`
	Editor      Editor      `toml:"editor"`
}

// AI configures the language-model provider and the `?` / `??` features.
type AI struct {
	// Provider is openai, anthropic or ollama, or a preset of the
	// OpenAI-compatible client: mistral, openrouter, groq, lmstudio,
	// llamacpp, vllm.
	Provider string `toml:"provider"`
	// BaseURL overrides the provider's default endpoint. openai: ends in
	// /v1; anthropic and ollama: the host root.
	BaseURL string `toml:"base_url"`
	// Model is the model for translation (and for the agent unless
	// AgenticModel is set). Empty means the provider's default.
	Model string `toml:"model"`
	// AgenticModel, when set, is used for `??` agent runs.
	AgenticModel string `toml:"agentic_model"`
	// APIKeyEnv names the environment variable holding the key. Empty
	// means the provider's default (OPENAI_API_KEY, ANTHROPIC_API_KEY, …).
	APIKeyEnv string `toml:"api_key_env"`
	// APIKeyCmd is a command whose standard output is the key, run once,
	// lazily, when a request first needs it (e.g. "pass show openai").
	APIKeyCmd string `toml:"api_key_cmd"`
	// Agent enables `??` agent runs; when false `??` falls back to `?`.
	Agent bool `toml:"agent"`
	// ContextSize is how many past exchanges the rolling context keeps.
	ContextSize int `toml:"context_size"`
	// ContextTokens bounds the rolling context; past 85 % of it older
	// exchanges are compacted into a summary.
	ContextTokens int `toml:"context_tokens"`
	// IncludeOutput sends the first characters of each translated
	// command's output along with the exchange.
	IncludeOutput bool `toml:"include_output"`
	// TranslateAction is "ask" (permission check, then run or prompt) or
	// "edit" (always put the translation in the line editor).
	TranslateAction string `toml:"translate_action"`
	// MaxIterations caps the commands one agent run may execute.
	MaxIterations int `toml:"max_iterations"`
	// Timeout caps one agent run, in seconds.
	Timeout int `toml:"timeout"`
	// TokenBudget caps the tokens one agent run may spend (in + out).
	TokenBudget int `toml:"token_budget"`
	// CommandTimeout caps each command the agent runs, in seconds.
	CommandTimeout int `toml:"command_timeout"`
	// SandboxNetwork lets the programs the agent runs open TCP
	// connections; false blocks them where the kernel's Landlock can
	// (Linux 6.7 and later).
	SandboxNetwork bool `toml:"sandbox_network"`
	// SandboxTCPPorts, when not empty, are the only TCP ports the
	// programs the agent runs may connect to, on any address (Landlock
	// ABI 4 filters by port, not by address): e.g. [443, 80, 22, 53].
	SandboxTCPPorts []int `toml:"sandbox_tcp_ports"`
	// KeepConversations is how many saved conversations are kept.
	KeepConversations int `toml:"keep_conversations"`
	// ConnectTimeout, FirstByteTimeout and IdleTimeout (seconds) bound a
	// request: connecting, waiting for the first byte, and gaps between
	// streamed chunks.
	ConnectTimeout   int `toml:"connect_timeout"`
	FirstByteTimeout int `toml:"first_byte_timeout"`
	IdleTimeout      int `toml:"idle_timeout"`
}

// Permissions configures the permission engine for AI-run commands.
type Permissions struct {
	// Yolo turns `ask` into `allow` for the agent's commands; deny rules
	// and the catastrophic list still hold.
	Yolo bool `toml:"yolo"`
	// DisableYolo forbids Yolo; a project's .nosh.toml may set it.
	DisableYolo bool `toml:"disable_yolo"`
	// Allow and Deny are extra rules, in the syntax of permissions.toml,
	// on top of the persisted store. A project's .nosh.toml may only add
	// Deny rules.
	Allow []string `toml:"allow"`
	Deny  []string `toml:"deny"`
}

// Prompt configures the built-in prompt (used when PS1 is not set).
type Prompt struct {
	// Command, when set, is run to produce the prompt (e.g. "starship
	// prompt"); its standard output is printed as is.
	Command string `toml:"command"`
	// Right is a PS1-style format for a right-side prompt; empty for none.
	Right string `toml:"right"`
	// Transient collapses past prompts to a short one after Enter.
	Transient bool `toml:"transient"`
	// Git shows the branch and a dirty mark inside a repository.
	Git bool `toml:"git"`
	// GitTimeoutMS bounds how long the prompt waits for `git status` the
	// first time it is drawn in a repository; after that, and when it is
	// 0 (the default), the prompt is drawn at once and redrawn when git
	// answers differently.
	GitTimeoutMS int `toml:"git_timeout_ms"`
	// DurationThreshold: show the last command's duration when it took
	// at least this many seconds (0 disables).
	DurationThreshold float64 `toml:"duration_threshold"`
	// UserHost is when to show user@host: "ssh" (default), "always", "never".
	UserHost string `toml:"user_host"`
}

// History configures the history file.
type History struct {
	// File overrides $XDG_STATE_HOME/nosh/history.
	File string `toml:"file"`
	// Size is how many entries are kept.
	Size int `toml:"size"`
	// Dedupe drops an entry equal to the one before it.
	Dedupe bool `toml:"dedupe"`
	// IgnoreSpace leaves out lines that start with a space.
	IgnoreSpace bool `toml:"ignore_space"`
}

// Editor configures the line editor.
type Editor struct {
	// Mode is "emacs" (default) or "vi".
	Mode string `toml:"mode"`
	// Highlight colours the command line as it is typed.
	Highlight bool `toml:"highlight"`
	// Autosuggest shows the matching history entry dimmed after the cursor.
	Autosuggest bool `toml:"autosuggest"`
	// Colors maps highlight classes (command, builtin, function, alias,
	// unknown, option, string, variable, operator, redirect, comment,
	// error, danger, suggestion) to SGR parameters such as "1;32" or a
	// colour name such as "green".
	Colors map[string]string `toml:"colors"`
}

// Default returns the configuration used when config.toml is absent, and
// for every key it does not set.
func Default() Config {
	return Config{
		AI: AI{
			Provider:          "ollama",
			Agent:             true,
			ContextSize:       10,
			ContextTokens:     8192,
			TranslateAction:   "ask",
			MaxIterations:     10,
			Timeout:           60,
			TokenBudget:       100000,
			CommandTimeout:    30,
			SandboxNetwork:    true,
			KeepConversations: 30,
			ConnectTimeout:    10,
			FirstByteTimeout:  60,
			IdleTimeout:       30,
		},
		Prompt: Prompt{
			Git:               true,
			GitTimeoutMS:      0,
			DurationThreshold: 2,
			UserHost:          "ssh",
		},
		History: History{
			Size:        10000,
			Dedupe:      true,
			IgnoreSpace: true,
		},
		Editor: Editor{
			Mode:        "emacs",
			Highlight:   true,
			Autosuggest: true,
		},
	}
}
