// Package fakellm is a fake language-model server for tests. It listens on
// 127.0.0.1, speaks the three wire formats nosh's ai package does on their
// real paths, replies to each request with the next scripted [Reply], and
// records every request and TCP connection for assertions.
//
//	srv := fakellm.New(t)
//	srv.Push(fakellm.Text("ls -la"), fakellm.Error(429, "", map[string]string{"Retry-After": "1"}))
//	cfg.BaseURL = srv.URL() + "/v1" // openai; srv.URL() for anthropic and ollama
//
// A Reply is wire-neutral: the server renders it for the path it is asked
// on. POST /v1/chat/completions (or any path ending in /chat/completions)
// gets OpenAI Chat Completions server-sent events, POST /v1/messages
// Anthropic Messages events, POST /api/chat Ollama's newline-delimited
// JSON. Replies are consumed in order whatever the path; when none is
// left the server answers 400 with a message saying so.
//
// Faults are part of the script: [Error] for any status with headers such
// as Retry-After, [Reply.DropAfter] to cut the connection mid-stream,
// [Stall] and [Reply.StallAfter] to stop sending until the client gives up,
// [Reply.WithMalformed] for a chunk that is not JSON, and [Raw] to serve a
// recorded transcript byte for byte.
//
// For tests of the nosh binary, cmd/fakellm runs the same server as a
// process: it reads a script of JSON-encoded Reply values, one per line,
// prints its URL, and logs each request as a JSON line.
package fakellm
