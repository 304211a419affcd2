package remote

import (
	"context"
	"errors"
	"time"

	"nosh/ai"
	"nosh/config"
)

// Protocol is the version of the conversation below; a helper that greets
// with another is refused, so a stale nosh-ai beside a new nosh says so
// instead of misreading requests.
const Protocol = 1

// HelperName is the helper executable's file name, beside nosh's.
const HelperName = "nosh-ai"

// The helper reads Msg values from descriptor 3 and writes Reply values
// to descriptor 4, one JSON object a line. After its greeting it answers
// each "stream" request with "event" replies and one "end":
//
//	shell → helper   {"op":"stream","id":1,"provider":1,"ai":{…},"env":{…},"request":{…}}
//	helper → shell   {"id":1,"event":{…}}
//	shell → helper   {"op":"next","id":1}     (or "stop": the consumer broke off)
//	helper → shell   {"id":1,"end":true}      (or with "error")
//	shell → helper   {"op":"cancel","id":1}   (the shell's context is done)
//
// An event waits for "next" before the helper reads on, so the request's
// idle timeout is paused while the shell handles the event, as it is when
// the client runs in-process.
const (
	OpStream = "stream"
	OpNext   = "next"
	OpStop   = "stop"
	OpCancel = "cancel"
)

// Msg is what the shell sends.
type Msg struct {
	Op string `json:"op"`
	ID uint64 `json:"id"`
	// Provider names the shell's Provider, so that the helper keeps one
	// client (with its api_key_cmd key) for each, as long as it lives.
	Provider uint64            `json:"provider,omitempty"`
	AI       *config.AI        `json:"ai,omitempty"`
	Env      map[string]string `json:"env,omitempty"`
	Request  *ai.Request       `json:"request,omitempty"`
}

// Reply is what the helper sends.
type Reply struct {
	// Hello and Protocol make up the greeting, the first line.
	Hello    string `json:"hello,omitempty"`
	Protocol int    `json:"protocol,omitempty"`

	ID    uint64     `json:"id,omitempty"`
	Event *ai.Event  `json:"event,omitempty"`
	End   bool       `json:"end,omitempty"`
	Error *WireError `json:"error,omitempty"`
}

// WireError is a stream's failure as it crosses the pipe: an [*ai.Error]
// keeps its class, status, message and retry advice; its underlying cause
// stays behind.
type WireError struct {
	Class      ai.Class      `json:"class,omitempty"` // "" for an error that is not an *ai.Error
	Provider   string        `json:"provider,omitempty"`
	Status     int           `json:"status,omitempty"`
	Msg        string        `json:"msg"`
	RetryAfter time.Duration `json:"retry_after,omitempty"`
	Retryable  bool          `json:"retryable,omitempty"`
	Canceled   bool          `json:"canceled,omitempty"`
	Deadline   bool          `json:"deadline,omitempty"`
}

// EncodeError is err as it crosses the pipe.
func EncodeError(err error) *WireError {
	w := &WireError{Msg: err.Error(), Canceled: errors.Is(err, context.Canceled),
		Deadline: errors.Is(err, context.DeadlineExceeded)}
	if e, ok := errors.AsType[*ai.Error](err); ok {
		w.Class, w.Provider, w.Status, w.Msg = e.Class, e.Provider, e.Status, e.Msg
		w.RetryAfter, w.Retryable = e.RetryAfter, e.Retryable()
	}
	return w
}

// Err rebuilds the error.
func (w *WireError) Err() error {
	switch {
	case w.Canceled:
		return context.Canceled
	case w.Deadline:
		return context.DeadlineExceeded
	case w.Class == "":
		return errors.New(w.Msg)
	}
	e := ai.NewError(w.Class, w.Provider, w.Status, nil, "")
	e.Msg, e.RetryAfter = w.Msg, w.RetryAfter
	if !w.Retryable {
		e.Final()
	}
	return e
}
