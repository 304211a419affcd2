package client

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestSSEReader(t *testing.T) {
	tests := []struct {
		name, in string
		want     []sseEvent
		err      error
	}{
		{"plain", "data: a\n\ndata: b\n\n", []sseEvent{{data: "a"}, {data: "b"}}, io.EOF},
		{"named", "event: ping\ndata: {}\n\n", []sseEvent{{name: "ping", data: "{}"}}, io.EOF},
		{"crlf", "event: x\r\ndata: 1\r\n\r\n", []sseEvent{{name: "x", data: "1"}}, io.EOF},
		{"multi-line data", "data: a\ndata: b\n\n", []sseEvent{{data: "a\nb"}}, io.EOF},
		{"no space", "data:a\n\n", []sseEvent{{data: "a"}}, io.EOF},
		{"comments and ids", ": keep-alive\nid: 7\nretry: 10\ndata: a\n\n", []sseEvent{{data: "a"}}, io.EOF},
		{"blank lines between", "\n\n\ndata: a\n\n\n", []sseEvent{{data: "a"}}, io.EOF},
		{"event without data is skipped", "event: x\n\ndata: a\n\n", []sseEvent{{data: "a"}}, io.EOF},
		{"missing final blank line", "data: [DONE]\n", []sseEvent{{data: "[DONE]"}}, io.EOF},
		{"cut inside a line", "data: a\n\ndata: {\"x", []sseEvent{{data: "a"}}, io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newSSEReader(strings.NewReader(tt.in))
			var got []sseEvent
			var err error
			for {
				var ev sseEvent
				if ev, err = r.next(); err != nil {
					break
				}
				got = append(got, ev)
			}
			if !reflect.DeepEqual(got, tt.want) || !errors.Is(err, tt.err) {
				t.Errorf("got %+v, %v; want %+v, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

func FuzzSSEReader(f *testing.F) {
	f.Add("data: a\n\nevent: b\ndata: c\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := newSSEReader(strings.NewReader(in))
		for range len(in) + 2 {
			if _, err := r.next(); err != nil {
				return
			}
		}
		t.Fatalf("more events than bytes in %q", in)
	})
}

func TestParseAPIError(t *testing.T) {
	tests := []struct {
		body string
		want apiError
	}{
		{`{"error":{"message":"m","type":"t","code":"c"}}`, apiError{Type: "t", Code: "c", Message: "m"}},
		{`{"error":{"message":"m","type":"t","code":429}}`, apiError{Type: "t", Code: "429", Message: "m"}},
		{`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, apiError{Type: "overloaded_error", Message: "Overloaded"}},
		{`{"error":"model not found"}`, apiError{Message: "model not found"}},
		{`{"object":"error","message":"bad","type":"invalid_request_error"}`, apiError{Type: "invalid_request_error", Message: "bad"}},
		{`{"object":"error","message":{"detail":[{"msg":"Extra inputs are not permitted"}]},"type":"invalid_request_error"}`, apiError{Type: "invalid_request_error", Message: `{"detail":[{"msg":"Extra inputs are not permitted"}]}`}},
		{`{"detail":"Not Found"}`, apiError{Message: "Not Found"}},
		{`<html>Bad Gateway</html>`, apiError{Message: "<html>Bad Gateway</html>"}},
	}
	for _, tt := range tests {
		if got := parseAPIError([]byte(tt.body)); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.body, got, tt.want)
		}
	}
}
