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

// wireKind is one of the three wire formats.
type wireKind int

const (
	wireOpenAI wireKind = iota
	wireAnthropic
	wireOllama
)

// preset is what a provider name stands for.
type preset struct {
	wire    wireKind
	display string // the service's own spelling, for messages
	baseURL string
	keyVar  string // default variable holding the key; "" for none
	// keyRequired: the service refuses requests without a key, so a
	// missing key is reported before anything is sent.
	keyRequired bool
	model       string // default model; "" means ai.model is required
	// modelOptional: the server picks its loaded model when none is
	// named, so an empty model is left out of the request.
	modelOptional bool
}

// Providers lists the provider names ai.provider accepts, in the order the
// documentation gives them.
func Providers() []string {
	return []string{"ollama", "openai", "anthropic", "mistral", "openrouter", "groq", "lmstudio", "llamacpp", "vllm"}
}

// lookupPreset is a switch rather than a map so that nothing is built at
// start-up.
func lookupPreset(name string) (preset, bool) {
	switch name {
	case "ollama":
		return preset{wire: wireOllama, display: "Ollama", baseURL: "http://127.0.0.1:11434", keyVar: "OLLAMA_API_KEY", model: DefaultOllamaModel}, true
	case "openai":
		return preset{wire: wireOpenAI, display: "OpenAI", baseURL: "https://api.openai.com/v1", keyVar: "OPENAI_API_KEY", keyRequired: true, model: DefaultOpenAIModel}, true
	case "anthropic":
		return preset{wire: wireAnthropic, display: "Anthropic", baseURL: "https://api.anthropic.com", keyVar: "ANTHROPIC_API_KEY", keyRequired: true, model: DefaultAnthropicModel}, true
	case "mistral":
		return preset{wire: wireOpenAI, display: "Mistral", baseURL: "https://api.mistral.ai/v1", keyVar: "MISTRAL_API_KEY", keyRequired: true, model: DefaultMistralModel}, true
	case "openrouter":
		return preset{wire: wireOpenAI, display: "OpenRouter", baseURL: "https://openrouter.ai/api/v1", keyVar: "OPENROUTER_API_KEY", keyRequired: true, model: "openai/gpt-4o-mini"}, true
	case "groq":
		return preset{wire: wireOpenAI, display: "Groq", baseURL: "https://api.groq.com/openai/v1", keyVar: "GROQ_API_KEY", keyRequired: true, model: "llama-3.3-70b-versatile"}, true
	case "lmstudio":
		return preset{wire: wireOpenAI, display: "LM Studio", baseURL: "http://127.0.0.1:1234/v1"}, true
	case "llamacpp":
		return preset{wire: wireOpenAI, display: "llama.cpp", baseURL: "http://127.0.0.1:8080/v1", keyVar: "LLAMA_API_KEY", modelOptional: true}, true
	case "vllm":
		return preset{wire: wireOpenAI, display: "vLLM", baseURL: "http://127.0.0.1:8000/v1", keyVar: "VLLM_API_KEY"}, true
	}
	return preset{}, false
}
