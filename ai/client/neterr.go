package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"

	"nosh/ai"
)

// transportError classifies a failure to get or read a response. cause is
// the request context's cause (a timeout of ours, or nil).
func (c *client) transportError(err, cause error) *ai.Error {
	switch {
	case errors.Is(cause, errFirstByte):
		return c.newError(ai.ClassNetwork, 0, err, "no response from %s within %s: the server is busy or stuck; try again, or raise [ai] first_byte_timeout", c.baseURL, formatWait(c.firstByte))
	case errors.Is(cause, errIdle):
		return c.newError(ai.ClassNetwork, 0, err, "the reply stalled for %s: try again, or raise [ai] idle_timeout", formatWait(c.idle))
	case errors.Is(err, syscall.ECONNREFUSED):
		return c.unreachable(err, "connection refused")
	}
	if dnsErr, ok := errors.AsType[*net.DNSError](err); ok {
		return c.unreachable(err, "cannot resolve "+dnsErr.Name)
	}
	if opErr, ok := errors.AsType[*net.OpError](err); ok && opErr.Op == "dial" {
		if opErr.Timeout() {
			return c.unreachable(err, "no answer within "+formatWait(c.connect))
		}
		return c.unreachable(err, opErr.Err.Error())
	}
	if isTLSError(err) {
		return c.newError(ai.ClassNetwork, 0, err, "TLS failure talking to %s: %v; check [ai] base_url and the system's certificates", c.baseURL, err).Final()
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET) {
		return c.newError(ai.ClassNetwork, 0, err, "the connection to %s closed before the reply was complete: try again", c.baseURL)
	}
	return c.newError(ai.ClassNetwork, 0, err, "talking to %s failed: %v", c.baseURL, err)
}

// unreachable is the error for a server that is not there at all. It is
// not retried: waiting seconds to be told the same thing helps nobody.
func (c *client) unreachable(err error, why string) *ai.Error {
	if c.wireKind == ai.WireOllama {
		e := c.newError(ai.ClassNetwork, 0, err, "").Final()
		e.Msg = fmt.Sprintf("cannot reach Ollama at %s (%s): start it with `ollama serve`, or set [ai] provider in %s to use a hosted model", c.baseURL, why, c.configPath)
		return e
	}
	return c.newError(ai.ClassNetwork, 0, err, "cannot reach %s at %s (%s): check the network and [ai] base_url", c.display, c.baseURL, why).Final()
}

func isTLSError(err error) bool {
	if _, ok := errors.AsType[*tls.CertificateVerificationError](err); ok {
		return true
	}
	if _, ok := errors.AsType[x509.UnknownAuthorityError](err); ok {
		return true
	}
	if _, ok := errors.AsType[x509.HostnameError](err); ok {
		return true
	}
	_, ok := errors.AsType[tls.RecordHeaderError](err)
	return ok
}
