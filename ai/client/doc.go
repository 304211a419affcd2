// Package client is nosh's language-model client: one streaming layer over
// the three wire formats that cover the field. It runs in nosh-ai, the
// helper process (package nosh/ai/helper), never in the shell itself,
// which reaches it through package nosh/ai/remote.
//
//   - openai: any OpenAI-compatible Chat Completions server
//     ({base_url}/chat/completions, server-sent events). The presets
//     mistral, openrouter, groq, lmstudio, llamacpp and vllm are this
//     client with another base URL, key variable and default model.
//   - anthropic: the Messages API ({base_url}/v1/messages).
//   - ollama: Ollama's native {base_url}/api/chat (newline-delimited JSON).
//
// [New] builds an [ai.Provider] from the [config.AI] section. Its Stream
// method yields [ai.Event] values as they arrive (text, reasoning, whole
// tool calls, and a final [ai.EventDone] with the stop reason and token
// usage); [ai.Complete] and [ai.Collect] gather them into an
// [ai.Response]. Every failure is an [*ai.Error] whose Class says what went
// wrong and whose message says what to do.
//
// With no configuration the provider is Ollama at http://127.0.0.1:11434
// with the model [ai.DefaultOllamaModel]. The providers, their default base
// URLs, key variables and models:
//
//	ollama      http://127.0.0.1:11434          (OLLAMA_API_KEY, optional)  qwen2.5-coder:7b
//	openai      https://api.openai.com/v1       OPENAI_API_KEY              gpt-4o-mini
//	anthropic   https://api.anthropic.com       ANTHROPIC_API_KEY           claude-sonnet-4-5
//	mistral     https://api.mistral.ai/v1       MISTRAL_API_KEY             devstral-small-latest
//	openrouter  https://openrouter.ai/api/v1    OPENROUTER_API_KEY          openai/gpt-4o-mini
//	groq        https://api.groq.com/openai/v1  GROQ_API_KEY                llama-3.3-70b-versatile
//	lmstudio    http://127.0.0.1:1234/v1        (none)                      ai.model required
//	llamacpp    http://127.0.0.1:8080/v1        (LLAMA_API_KEY, optional)   the server's model
//	vllm        http://127.0.0.1:8000/v1        (VLLM_API_KEY, optional)    ai.model required
//
// # Keys
//
// The API key is looked up for each request, in this order: $NOSH_AI_API_KEY;
// the variable named by ai.api_key_env, else the provider's default variable
// (OPENAI_API_KEY, ANTHROPIC_API_KEY, MISTRAL_API_KEY, …); the first line
// printed by ai.api_key_cmd (run once, when a request first needs it and no
// variable holds a key, and remembered for the life of the Provider). The
// variables are read at each request, so a key exported in the shell
// counts at once. The key goes only into the
// provider's auth header, only to the configured base URL (redirects are not
// followed), and never into an error message: provider messages quoting it
// have it replaced by "[redacted]".
//
// # Failures and retries
//
// Rate limits, overload, server errors and network faults are retried, at
// most three attempts in all, waiting 1 s then 2 s (or what Retry-After asks,
// up to 20 s), but never once an event has been delivered: a reply the user
// has started reading is not silently replayed. Three timeouts bound a
// request: connecting, the first byte of the body, and the gap between two
// reads of the stream. Cancelling the context abandons the request at once.
//
// # Reasoning
//
// Reasoning never reaches the answer text: reasoning_content / reasoning
// fields, Anthropic thinking blocks, Ollama's thinking field and
// <think>…</think> spans inside the text (even when a tag is split across
// chunks) all arrive as [EventReasoning].
//
// One keep-alive HTTP transport per connect timeout is shared by every
// Provider in the process, so a shell that rebuilds its Provider on reload
// still reuses its connection. Proxy variables (HTTPS_PROXY, NO_PROXY, …)
// are honoured.
//
// The package depends only on nosh/ai, nosh/config and the standard library
// (no SDKs, for start-up time and binary size). Package [nosh/ai/fakellm]
// is a fake provider server for tests.
package client
