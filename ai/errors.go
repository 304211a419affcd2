package ai

import (
	"errors"
	"time"
)

// Class is the kind of a failure, which decides whether it is retried and
// what the user is told to do.
type Class string

// The failure classes.
const (
	// ClassAuth: the key is missing, wrong, or lacks access (401, 403).
	ClassAuth Class = "auth"
	// ClassRateLimit: too many requests or tokens, or quota spent (429).
	ClassRateLimit Class = "rate_limit"
	// ClassOverloaded: the provider is too busy (503, 529).
	ClassOverloaded Class = "overloaded"
	// ClassNetwork: the server could not be reached, a timeout expired,
	// or the connection was lost mid-stream.
	ClassNetwork Class = "network"
	// ClassInvalidRequest: the provider rejected the request (400, 404,
	// 413, 422), including a conversation too long for the model.
	ClassInvalidRequest Class = "invalid_request"
	// ClassServer: the provider failed (other 5xx) or sent a reply nosh
	// cannot read.
	ClassServer Class = "server"
	// ClassUnknown: anything else.
	ClassUnknown Class = "unknown"
)

// Error is a failed request. Its Error method is one line a person can act
// on; it never contains the API key.
type Error struct {
	Class Class
	// Provider is the configured provider name ("openai", "mistral", …).
	Provider string
	// Status is the HTTP status, 0 when there was no HTTP response.
	Status int
	// Msg is the one-line message Error returns.
	Msg string
	// RetryAfter is how long the provider asked to wait, 0 if it did not.
	RetryAfter time.Duration
	// Err is the underlying cause, if any, for errors.Is / errors.As.
	Err error

	retryable bool
}

// Error returns the one-line message.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Retryable reports whether trying again later may succeed. Stream has
// already retried such errors when no output had been delivered.
func (e *Error) Retryable() bool { return e.retryable }

// ClassOf returns the class of err: the Class of an [*Error] in its chain,
// else ClassUnknown. A cancelled context is not an *Error: test it with
// errors.Is(err, context.Canceled).
func ClassOf(err error) Class {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Class
	}
	return ClassUnknown
}

// NewError builds an Error whose message is "provider: " + msg. Rate
// limits, overload, server and network failures are retryable; see
// [Error.Final].
func NewError(class Class, provider string, status int, cause error, msg string) *Error {
	return &Error{
		Class:     class,
		Provider:  provider,
		Status:    status,
		Msg:       provider + ": " + msg,
		Err:       cause,
		retryable: class == ClassRateLimit || class == ClassOverloaded || class == ClassServer || class == ClassNetwork,
	}
}

// Final marks e as not worth retrying, and returns it.
func (e *Error) Final() *Error {
	e.retryable = false
	return e
}
