package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"nosh/ai"
)

// apiError is the error a provider describes in a response body, whatever
// its wire format.
type apiError struct {
	Type    string // e.g. "overloaded_error", "invalid_request_error"
	Code    string // e.g. "context_length_exceeded", "insufficient_quota"
	Message string
}

// parseAPIError reads the error shapes the providers use:
// {"error":{"message","type","code"}} (OpenAI and most compatibles),
// {"type":"error","error":{"type","message"}} (Anthropic), {"error":"…"}
// (Ollama) and {"message":"…"} / {"detail":"…"} (others). A body that is
// none of these is returned as the message.
func parseAPIError(body []byte) apiError {
	var top struct {
		Error   json.RawMessage `json:"error"`
		Message json.RawMessage `json:"message"`
		Detail  json.RawMessage `json:"detail"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
	}
	if json.Unmarshal(body, &top) != nil {
		return apiError{Message: string(body)}
	}
	var e apiError
	if len(top.Error) > 0 && top.Error[0] == '{' {
		var inner struct {
			Message string          `json:"message"`
			Type    string          `json:"type"`
			Code    json.RawMessage `json:"code"`
		}
		_ = json.Unmarshal(top.Error, &inner)
		e = apiError{Type: inner.Type, Code: rawString(inner.Code), Message: inner.Message}
	} else if len(top.Error) > 0 {
		e.Message = rawString(top.Error)
	}
	if e.Message == "" {
		e.Message = rawString(top.Message)
	}
	if e.Message == "" && len(top.Detail) > 0 {
		e.Message = rawString(top.Detail)
	}
	if e.Type == "" && top.Type != "error" {
		e.Type = top.Type
	}
	if e.Code == "" {
		e.Code = rawString(top.Code)
	}
	return e
}

// rawString is a JSON string's value, or the raw JSON of anything else
// (numbers, objects), or "" for null.
func rawString(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// statusError classifies a non-200 response.
func (c *client) statusError(resp *http.Response, body []byte, model, key string) *ai.Error {
	status := resp.StatusCode
	api := parseAPIError(body)
	detail := c.sanitize(api.Message, key)
	suffix := ""
	if detail != "" {
		suffix = ": " + detail
	}
	lower := strings.ToLower(api.Type + " " + api.Code + " " + api.Message)
	var e *ai.Error
	switch {
	case status == http.StatusUnauthorized:
		e = c.newError(ai.ClassAuth, status, nil, "authentication failed (401): check %s", c.key.describe())
	case status == http.StatusForbidden:
		e = c.newError(ai.ClassAuth, status, nil, "permission denied (403)%s: check that %s may use model %q", suffix, c.key.describe(), model)
	case status == http.StatusTooManyRequests && strings.Contains(lower, "quota"):
		e = c.newError(ai.ClassRateLimit, status, nil, "quota exceeded (429)%s: check the account's plan and billing", suffix).Final()
	case status == http.StatusTooManyRequests:
		e = c.newError(ai.ClassRateLimit, status, nil, "rate limited (429)%s: wait a moment and try again", suffix)
	case status == http.StatusServiceUnavailable || status == 529 || strings.Contains(lower, "overloaded"):
		e = c.newError(ai.ClassOverloaded, status, nil, "overloaded (%d): the service is busy; try again shortly", status)
	case isContextTooLong(lower):
		e = c.newError(ai.ClassInvalidRequest, status, nil, "the conversation is too long for model %q (%d): /clear the context or choose a model with a larger window", model, status)
	case status == http.StatusNotFound && c.wireKind == ai.WireOllama && strings.Contains(lower, "not found"):
		e = c.newError(ai.ClassInvalidRequest, status, nil, "model %q is not installed (404): run `ollama pull %s`, or set [ai] model", model, model)
	case status == http.StatusNotFound && strings.Contains(lower, "model"):
		e = c.newError(ai.ClassInvalidRequest, status, nil, "model %q not found (404)%s: check [ai] model", model, suffix)
	case status == http.StatusNotFound:
		e = c.newError(ai.ClassInvalidRequest, status, nil, "%s not found (404): check [ai] base_url", c.endpoint())
	case status >= 300 && status < 400:
		e = c.newError(ai.ClassInvalidRequest, status, nil, "%s redirects to %s (%d): set [ai] base_url to the final address", c.endpoint(), c.sanitize(resp.Header.Get("Location"), key), status)
	case status == http.StatusRequestTimeout || status == 425:
		e = c.newError(ai.ClassServer, status, nil, "the server timed out (%d)%s: try again", status, suffix)
	case status >= 400 && status < 500:
		e = c.newError(ai.ClassInvalidRequest, status, nil, "request rejected (%d)%s", status, suffix)
	case status >= 500:
		e = c.newError(ai.ClassServer, status, nil, "server error (%d)%s: try again later", status, suffix)
	default:
		e = c.newError(ai.ClassUnknown, status, nil, "unexpected response (%d)%s", status, suffix)
	}
	e.RetryAfter = retryAfter(resp.Header, time.Now())
	return e
}

// streamError classifies an error the provider reported inside a stream
// (an Anthropic error event, an OpenAI error chunk, an Ollama error line).
func (c *client) streamError(api apiError, model, key string) *ai.Error {
	lower := strings.ToLower(api.Type + " " + api.Code + " " + api.Message)
	detail := c.sanitize(api.Message, key)
	switch {
	case strings.Contains(lower, "overloaded"):
		return c.newError(ai.ClassOverloaded, 0, nil, "overloaded: the service is busy; try again shortly")
	case strings.Contains(lower, "rate_limit") || strings.Contains(lower, "rate limit"):
		return c.newError(ai.ClassRateLimit, 0, nil, "rate limited: %s: wait a moment and try again", detail)
	case strings.Contains(lower, "authentication") || strings.Contains(lower, "permission"):
		return c.newError(ai.ClassAuth, 0, nil, "authentication failed: %s: check %s", detail, c.key.describe())
	case isContextTooLong(lower):
		return c.newError(ai.ClassInvalidRequest, 0, nil, "the conversation is too long for model %q: /clear the context or choose a model with a larger window", model)
	case strings.Contains(lower, "invalid_request"):
		return c.newError(ai.ClassInvalidRequest, 0, nil, "request rejected: %s", detail)
	}
	return c.newError(ai.ClassServer, 0, nil, "server error in the stream: %s", detail)
}

// isContextTooLong recognises the providers' ways of saying the prompt
// exceeds the model's window; lower is the lower-cased error text.
func isContextTooLong(lower string) bool {
	for _, s := range [...]string{"context_length_exceeded", "context length", "context window", "maximum context", "prompt is too long", "too many tokens", "prompt too long"} {
		if strings.Contains(lower, s) {
			return true
		}
	}
	return false
}

// maxDetail bounds how much of a provider's message an error repeats.
const maxDetail = 200

// sanitize makes a provider's message fit on one line, bounds its length,
// and takes out the key should the provider quote it.
func (c *client) sanitize(msg, key string) string {
	if key != "" {
		msg = strings.ReplaceAll(msg, key, "[redacted]")
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if utf8.RuneCountInString(msg) > maxDetail {
		r := []rune(msg)
		msg = string(r[:maxDetail]) + "…"
	}
	return msg
}

// retryAfter reads how long a response asks to wait: retry-after-ms
// (OpenAI), else Retry-After in seconds or as an HTTP date.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// formatWait renders a wait for a message: "3s", "1m30s".
func formatWait(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return d.Round(time.Second).String()
}
