package ai

// Default models, used when ai.model is empty. The Ollama one is what a
// fresh install needs to `ollama pull`: a 7B coding model that runs on a
// laptop and is good at one-line shell commands.
const (
	DefaultOllamaModel    = "qwen2.5-coder:7b"
	DefaultOpenAIModel    = "gpt-4o-mini"
	DefaultAnthropicModel = "claude-sonnet-4-5"
	DefaultMistralModel   = "devstral-small-latest"
)

// Wire is one of the three wire formats.
type Wire int

// The wire formats.
const (
	// WireOpenAI is Chat Completions ({base_url}/chat/completions).
	WireOpenAI Wire = iota
	// WireAnthropic is the Messages API ({base_url}/v1/messages).
	WireAnthropic
	// WireOllama is Ollama's native {base_url}/api/chat.
	WireOllama
)

// Preset is what a provider name stands for.
type Preset struct {
	Wire    Wire
	Display string // the service's own spelling, for messages
	BaseURL string
	KeyVar  string // default variable holding the key; "" for none
	// KeyRequired: the service refuses requests without a key, so a
	// missing key is reported before anything is sent.
	KeyRequired bool
	Model       string // default model; "" means ai.model is required
	// ModelOptional: the server picks its loaded model when none is
	// named, so an empty model is left out of the request.
	ModelOptional bool
}

// Providers lists the provider names ai.provider accepts, in the order the
// documentation gives them.
func Providers() []string {
	return []string{"ollama", "openai", "anthropic", "mistral", "openrouter", "groq", "lmstudio", "llamacpp", "vllm"}
}

// LookupPreset returns the preset a provider name (lower case) stands
// for. It is a switch rather than a map so that nothing is built at
// start-up.
func LookupPreset(name string) (Preset, bool) {
	switch name {
	case "ollama":
		return Preset{Wire: WireOllama, Display: "Ollama", BaseURL: "http://127.0.0.1:11434", KeyVar: "OLLAMA_API_KEY", Model: DefaultOllamaModel}, true
	case "openai":
		return Preset{Wire: WireOpenAI, Display: "OpenAI", BaseURL: "https://api.openai.com/v1", KeyVar: "OPENAI_API_KEY", KeyRequired: true, Model: DefaultOpenAIModel}, true
	case "anthropic":
		return Preset{Wire: WireAnthropic, Display: "Anthropic", BaseURL: "https://api.anthropic.com", KeyVar: "ANTHROPIC_API_KEY", KeyRequired: true, Model: DefaultAnthropicModel}, true
	case "mistral":
		return Preset{Wire: WireOpenAI, Display: "Mistral", BaseURL: "https://api.mistral.ai/v1", KeyVar: "MISTRAL_API_KEY", KeyRequired: true, Model: DefaultMistralModel}, true
	case "openrouter":
		return Preset{Wire: WireOpenAI, Display: "OpenRouter", BaseURL: "https://openrouter.ai/api/v1", KeyVar: "OPENROUTER_API_KEY", KeyRequired: true, Model: "openai/gpt-4o-mini"}, true
	case "groq":
		return Preset{Wire: WireOpenAI, Display: "Groq", BaseURL: "https://api.groq.com/openai/v1", KeyVar: "GROQ_API_KEY", KeyRequired: true, Model: "llama-3.3-70b-versatile"}, true
	case "lmstudio":
		return Preset{Wire: WireOpenAI, Display: "LM Studio", BaseURL: "http://127.0.0.1:1234/v1"}, true
	case "llamacpp":
		return Preset{Wire: WireOpenAI, Display: "llama.cpp", BaseURL: "http://127.0.0.1:8080/v1", KeyVar: "LLAMA_API_KEY", ModelOptional: true}, true
	case "vllm":
		return Preset{Wire: WireOpenAI, Display: "vLLM", BaseURL: "http://127.0.0.1:8000/v1", KeyVar: "VLLM_API_KEY"}, true
	}
	return Preset{}, false
}
