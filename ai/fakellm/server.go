package fakellm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Server is a running fake provider.
type Server struct {
	ts      *httptest.Server
	closing chan struct{}
	conns   atomic.Int64

	mu       sync.Mutex
	script   []Reply
	requests []Request
	log      io.Writer
	closed   bool
}

// Request is a request the server received.
type Request struct {
	Method string      `json:"method"`
	Path   string      `json:"path"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
	// Wire is the format the path selected: "openai", "anthropic",
	// "ollama", or "" for an unknown path.
	Wire string `json:"wire"`
}

// Decode unmarshals the request body into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.Body, v) }

// New starts a server on 127.0.0.1 with an ephemeral port, replying with
// replies in order (more can be added with Push). With a non-nil tb it is
// closed when the test ends; otherwise call Close.
func New(tb testing.TB, replies ...Reply) *Server {
	s := &Server{closing: make(chan struct{}), script: replies}
	s.ts = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.ts.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.ts.Start()
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// URL is the server's root, e.g. http://127.0.0.1:41234: the base_url for
// anthropic and ollama. OpenAI-compatible clients want URL()+"/v1".
func (s *Server) URL() string { return s.ts.URL }

// Push appends replies to the script.
func (s *Server) Push(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = append(s.script, replies...)
}

// Pending is how many scripted replies are left.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.script)
}

// Requests returns a copy of every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Connections is how many TCP connections clients have opened.
func (s *Server) Connections() int { return int(s.conns.Load()) }

// LogTo writes each request received from now on to w as a JSON line.
func (s *Server) LogTo(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = w
}

// Close releases stalled requests, closes every connection and stops the
// server. It may be called more than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	close(s.closing)
	s.ts.CloseClientConnections()
	s.ts.Close()
}

// wireOf maps a path to its format.
func wireOf(path string) string {
	switch {
	case strings.HasSuffix(path, "/chat/completions"):
		return "openai"
	case strings.HasSuffix(path, "/v1/messages"):
		return "anthropic"
	case path == "/api/chat":
		return "ollama"
	}
	return ""
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body, Wire: wireOf(r.URL.Path)}
	rep, ok := s.record(req)
	if req.Wire == "" {
		http.Error(w, `{"error":"fakellm: unknown path `+r.URL.Path+`"}`, http.StatusNotFound)
		return
	}
	if !ok {
		n := len(s.Requests())
		rep = Error(http.StatusBadRequest, errorBody(req.Wire, http.StatusBadRequest, fmt.Sprintf("fakellm: no scripted reply left for request %d", n)), nil)
	}
	var meta struct {
		Model         string `json:"model"`
		StreamOptions struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	_ = json.Unmarshal(body, &meta)
	s.reply(w, r, req.Wire, rep, meta.Model, meta.StreamOptions.IncludeUsage)
}

// record stores req and takes the next reply; false when the script is
// empty or the path unknown.
func (s *Server) record(req Request) (Reply, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
	if s.log != nil {
		line, _ := json.Marshal(req)
		_, _ = s.log.Write(append(line, '\n'))
	}
	if req.Wire == "" || len(s.script) == 0 {
		return Reply{}, false
	}
	rep := s.script[0]
	s.script = s.script[1:]
	return rep, true
}

func (s *Server) reply(w http.ResponseWriter, r *http.Request, wire string, rep Reply, model string, includeUsage bool) {
	if rep.Status != 0 && rep.Status != http.StatusOK {
		body := rep.Body
		if body == "" {
			body = errorBody(wire, rep.Status, http.StatusText(rep.Status))
		}
		for k, v := range rep.Header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		s.send(w, r, rep, []string{body}, rep.Status)
		return
	}
	var frames []string
	switch {
	case rep.Raw != "":
		frames = bytePieces(rep.Raw, rep.Chunk)
	case wire == "openai":
		frames = renderOpenAI(rep, model, includeUsage)
	case wire == "anthropic":
		frames = renderAnthropic(rep, model)
	default:
		frames = renderOllama(rep, model)
	}
	if rep.Malformed && len(frames) > 0 {
		frames = append(frames[:1], append([]string{malformed(wire)}, frames[1:]...)...)
	}
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	if wire == "ollama" {
		w.Header().Set("Content-Type", "application/x-ndjson")
	} else {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
	}
	s.send(w, r, rep, frames, http.StatusOK)
}

// malformed is a chunk that breaks the format's JSON.
func malformed(wire string) string {
	if wire == "ollama" {
		return "{\"message\":{\"content\":\"oops\"\n"
	}
	return "data: {\"choices\":[{\"delta\":{\"content\":\"oops\"\n\n"
}

// errorBody is an error in the format's own shape.
func errorBody(wire string, status int, msg string) string {
	var v any
	switch wire {
	case "anthropic":
		v = map[string]any{"type": "error", "error": map[string]any{"type": anthropicErrorType(status), "message": msg}}
	case "ollama":
		v = map[string]any{"error": msg}
	default:
		v = map[string]any{"error": map[string]any{"message": msg, "type": openaiErrorType(status), "code": nil}}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func anthropicErrorType(status int) string {
	switch status {
	case 400, 413:
		return "invalid_request_error"
	case 401:
		return "authentication_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 429:
		return "rate_limit_error"
	case 529:
		return "overloaded_error"
	}
	return "api_error"
}

func openaiErrorType(status int) string {
	switch {
	case status == 401:
		return "invalid_authentication"
	case status == 429:
		return "rate_limit_exceeded"
	case status >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

// compactJSON is s as compact JSON if it is valid, else s quoted as a
// JSON string.
func compactJSON(s string) json.RawMessage {
	if strings.TrimSpace(s) == "" {
		return json.RawMessage("{}")
	}
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) == nil {
		return b.Bytes()
	}
	q, _ := json.Marshal(s)
	return q
}
