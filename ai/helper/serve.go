// Package helper is nosh-ai, the process that talks to language-model
// providers for a shell (see package nosh/ai/remote for why it is a
// process of its own): it serves a shell's requests with package
// nosh/ai/client, and runs `nosh doctor`.
package helper

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"sync"

	"nosh/ai"
	"nosh/ai/client"
	"nosh/ai/remote"
)

// server answers one shell.
type server struct {
	ctx  context.Context
	opts []client.Option

	wmu sync.Mutex
	enc *json.Encoder

	mu        sync.Mutex
	providers map[uint64]*provider
	streams   map[uint64]*stream
	wg        sync.WaitGroup
}

// provider is one of the shell's Providers: a client, and the shell's
// variables as the last request sent them.
type provider struct {
	p ai.Provider

	mu  sync.Mutex
	env map[string]string
}

func (p *provider) getenv(name string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.env[name]
}

// stream is one request in flight.
type stream struct {
	cancel context.CancelFunc
	acks   chan bool // true: send the next event; false: stop
}

// Serve reads requests from r and writes replies to w until r ends or ctx
// is done; requests in flight are then cancelled and waited for. opts
// adjust every client it builds.
func Serve(ctx context.Context, r io.Reader, w io.Writer, opts ...client.Option) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{ctx: ctx, opts: opts, enc: json.NewEncoder(w),
		providers: map[uint64]*provider{}, streams: map[uint64]*stream{}}
	if err := s.send(remote.Reply{Hello: remote.HelperName, Protocol: remote.Protocol}); err != nil {
		return err
	}
	dec := json.NewDecoder(bufio.NewReader(r))
	var err error
	for {
		var m remote.Msg
		if err = dec.Decode(&m); err != nil {
			break
		}
		s.handle(m)
	}
	cancel()
	s.wg.Wait()
	if err == io.EOF {
		return nil
	}
	return err
}

func (s *server) handle(m remote.Msg) {
	switch m.Op {
	case remote.OpStream:
		s.start(m)
	case remote.OpNext, remote.OpStop, remote.OpCancel:
		s.mu.Lock()
		st := s.streams[m.ID]
		s.mu.Unlock()
		if st == nil {
			return // finished already
		}
		if m.Op == remote.OpCancel {
			st.cancel()
			return
		}
		select {
		case st.acks <- m.Op == remote.OpNext:
		default: // an ack the stream did not wait for: ignore it
		}
	}
}

// start begins serving a stream request.
func (s *server) start(m remote.Msg) {
	if m.AI == nil || m.Request == nil {
		s.send(remote.Reply{ID: m.ID, End: true, Error: &remote.WireError{Msg: "nosh-ai: malformed request"}})
		return
	}
	p, err := s.provider(m)
	if err != nil {
		s.send(remote.Reply{ID: m.ID, End: true, Error: remote.EncodeError(err)})
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	st := &stream{cancel: cancel, acks: make(chan bool, 1)}
	s.mu.Lock()
	s.streams[m.ID] = st
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		defer func() {
			s.mu.Lock()
			delete(s.streams, m.ID)
			s.mu.Unlock()
		}()
		s.run(ctx, m.ID, p, *m.Request, st)
	}()
}

// provider returns the client for the shell's Provider m names, built on
// its first request, with the variables m carries.
func (s *server) provider(m remote.Msg) (*provider, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.providers[m.Provider]
	if p == nil {
		p = &provider{}
		c, err := client.New(*m.AI, p.getenv, s.opts...)
		if err != nil {
			return nil, err
		}
		p.p = c
		s.providers[m.Provider] = p
	}
	p.mu.Lock()
	p.env = m.Env
	p.mu.Unlock()
	return p, nil
}

// run streams one reply: each event waits for the shell's next or stop.
func (s *server) run(ctx context.Context, id uint64, p *provider, req ai.Request, st *stream) {
	for ev, err := range p.p.Stream(ctx, req) {
		if err != nil {
			s.send(remote.Reply{ID: id, End: true, Error: remote.EncodeError(err)})
			return
		}
		if s.send(remote.Reply{ID: id, Event: &ev}) != nil {
			return
		}
		select {
		case more := <-st.acks:
			if !more {
				s.send(remote.Reply{ID: id, End: true})
				return
			}
		case <-ctx.Done():
			s.send(remote.Reply{ID: id, End: true, Error: remote.EncodeError(ctx.Err())})
			return
		}
	}
	s.send(remote.Reply{ID: id, End: true})
}

func (s *server) send(r remote.Reply) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.enc.Encode(r)
}
