// Package remote is the shell's side of nosh's AI: an [ai.Provider] whose
// requests the helper executable nosh-ai sends (package nosh/ai/helper,
// running package nosh/ai/client).
//
// A shell that runs scripts and -c strings never needs the HTTP and TLS
// stacks, and linking them cost every start-up about half a millisecond;
// so the shell links only this package, and the first request starts the
// helper, which serves every later one for the rest of the session over a
// pair of pipes. A key printed by api_key_cmd lives only in the helper.
// The shell's key variables are sent with each request, so a key exported
// in the session counts at once, as it does in-process.
package remote

import (
	"context"
	"errors"
	"iter"
	"os"
	"sync/atomic"

	"nosh/ai"
	"nosh/config"
)

// Provider is an [ai.Provider] served by the helper.
type Provider struct {
	id     uint64
	set    ai.Settings
	cfg    config.AI
	getenv func(string) string
}

var providers atomic.Uint64

// New checks cfg as [nosh/ai/client.New] does and returns a Provider for
// it; nothing is started until the first request. getenv (os.Getenv when
// nil) is read for the key variables at each request.
func New(cfg config.AI, getenv func(string) string) (*Provider, error) {
	set, err := ai.Resolve(cfg)
	if err != nil {
		return nil, err
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	return &Provider{id: providers.Add(1), set: set, cfg: cfg, getenv: getenv}, nil
}

// Name implements [ai.Provider].
func (p *Provider) Name() string { return p.set.Name }

// Model implements [ai.Provider].
func (p *Provider) Model() string { return p.set.Model }

// BaseURL implements [ai.Provider].
func (p *Provider) BaseURL() string { return p.set.BaseURL }

// Stream implements [ai.Provider]: the helper sends req, and its events
// come back one at a time.
func (p *Provider) Stream(ctx context.Context, req ai.Request) iter.Seq2[ai.Event, error] {
	return func(yield func(ai.Event, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(ai.Event{}, err)
			return
		}
		cfg := p.cfg
		msg := Msg{Op: OpStream, Provider: p.id, AI: &cfg, Env: p.env(), Request: &req}
		c, id, replies, err := startStream(msg)
		if err != nil {
			yield(ai.Event{}, err)
			return
		}
		defer c.close(id)
		for {
			select {
			case <-ctx.Done():
				c.send(Msg{Op: OpCancel, ID: id})
				yield(ai.Event{}, ctx.Err())
				return
			case rep, ok := <-replies:
				switch {
				case !ok:
					yield(ai.Event{}, c.failure())
					return
				case rep.Event != nil:
					if !yield(*rep.Event, nil) {
						c.send(Msg{Op: OpStop, ID: id})
						return
					}
					c.send(Msg{Op: OpNext, ID: id})
				case rep.Error != nil:
					err := rep.Error.Err()
					if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
						err = ctx.Err()
					}
					yield(ai.Event{}, err)
					return
				case rep.End:
					return
				}
			}
		}
	}
}

// env is the values of the variables the client reads, as the shell has
// them now.
func (p *Provider) env() map[string]string {
	env := map[string]string{}
	for _, name := range p.set.EnvNames() {
		if v := p.getenv(name); v != "" {
			env[name] = v
		}
	}
	return env
}

// startStream sends msg as a new stream to the running helper. A helper
// that died while idle is only noticed when the request cannot be
// written to it; the request never reached it, so it is sent once more to
// a new helper rather than failing.
func startStream(msg Msg) (*conn, uint64, chan Reply, error) {
	var err error
	for range 2 {
		var c *conn
		if c, err = helper(); err != nil {
			return nil, 0, nil, err
		}
		id, replies, oerr := c.open()
		if oerr != nil {
			err = oerr
			continue
		}
		msg.ID = id
		if err = c.send(msg); err == nil {
			return c, id, replies, nil
		}
		c.close(id)
		c.markDead(err)
		err = c.failure()
	}
	return nil, 0, nil, err
}
