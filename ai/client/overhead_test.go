package client

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"nosh/ai"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"nosh/config"
)

// The bound on nosh's own overhead, each way.
const overheadBound = 5 * time.Millisecond

// firstByteListener notes when the first byte of an armed request arrives.
type firstByteListener struct {
	net.Listener
	armed atomic.Bool
	at    chan time.Time
}

func (l *firstByteListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &firstByteConn{Conn: c, l: l}, nil
}

type firstByteConn struct {
	net.Conn
	l *firstByteListener
}

func (c *firstByteConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && c.l.armed.CompareAndSwap(true, false) {
		c.l.at <- time.Now()
	}
	return n, err
}

// submitToFirstByte measures, n times, from starting a request to its
// first byte reaching the server, on a warm connection as in a shell.
func submitToFirstByte(tb testing.TB, n int) []time.Duration {
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	l := &firstByteListener{Listener: ts.Listener, at: make(chan time.Time, 1)}
	ts.Listener = l
	ts.Start()
	defer ts.Close()
	c, err := newClient(config.AI{Provider: "openai", BaseURL: ts.URL + "/v1"}, env{"OPENAI_API_KEY": testKey}.get)
	if err != nil {
		tb.Fatal(err)
	}
	req := userReq("list files")
	if _, err := ai.Complete(context.Background(), c, req); err != nil { // warm the connection
		tb.Fatal(err)
	}
	out := make([]time.Duration, 0, n)
	for range n {
		l.armed.Store(true)
		start := time.Now()
		if _, err := ai.Complete(context.Background(), c, req); err != nil {
			tb.Fatal(err)
		}
		out = append(out, (<-l.at).Sub(start))
	}
	return out
}

// streamFrames are the frames of a text stream in each format: the opening,
// one text chunk, and the end.
var streamFrames = map[string][3]string{
	"openai": {
		"",
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tok \"}}]}\n\n",
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
	},
	"anthropic": {
		"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}\n\nevent: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"tok \"}}\n\n",
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\nevent: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":9}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
	},
	"ollama": {
		"",
		"{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"tok \"},\"done\":false}\n",
		"{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\",\"prompt_eval_count\":5,\"eval_count\":9}\n",
	},
}

// chunkToEvent measures, for n chunks of one stream, from the server
// writing a chunk to the consumer receiving its event. The server writes
// the next chunk only once the event for the last has arrived.
func chunkToEvent(tb testing.TB, provider string, n int) []time.Duration {
	frames := streamFrames[provider]
	sent := make(chan time.Time, 1)
	ack := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		f := w.(http.Flusher)
		_, _ = io.WriteString(w, frames[0])
		f.Flush()
		for range n {
			sent <- time.Now()
			_, _ = io.WriteString(w, frames[1])
			f.Flush()
			select {
			case <-ack:
			case <-r.Context().Done():
				return
			}
		}
		_, _ = io.WriteString(w, frames[2])
	}))
	defer ts.Close()
	p, _ := ai.LookupPreset(provider)
	base := ts.URL
	if p.Wire == ai.WireOpenAI {
		base += "/v1"
	}
	c, err := newClient(config.AI{Provider: provider, BaseURL: base}, env{p.KeyVar: testKey}.get)
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]time.Duration, 0, n)
	for ev, err := range c.Stream(context.Background(), userReq("x")) {
		if err != nil {
			tb.Fatal(err)
		}
		if ev.Kind == ai.EventText {
			out = append(out, time.Since(<-sent))
			ack <- struct{}{}
		}
	}
	if len(out) != n {
		tb.Fatalf("%d text events, want %d", len(out), n)
	}
	return out
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// TestOverhead holds nosh's overhead, each way, well under the bound. It
// compares medians, which a busy machine's occasional stall does not move.
func TestOverhead(t *testing.T) {
	if d := median(submitToFirstByte(t, 31)); d > overheadBound {
		t.Errorf("submit to first request byte: median %v, want < %v", d, overheadBound)
	}
	for _, w := range wires {
		if d := median(chunkToEvent(t, w.provider, 31)); d > overheadBound {
			t.Errorf("%s chunk to event: median %v, want < %v", w.name, d, overheadBound)
		}
	}
}

// BenchmarkSubmitToFirstByte reports the time from starting a request to
// its first byte reaching the server (ns/first-byte).
func BenchmarkSubmitToFirstByte(b *testing.B) {
	b.ReportAllocs()
	d := submitToFirstByte(b, b.N)
	b.ReportMetric(float64(mean(d).Nanoseconds()), "ns/first-byte")
}

// BenchmarkChunkToEvent reports the time from the server writing a chunk to
// the consumer receiving it as an event (ns/chunk-to-event).
func BenchmarkChunkToEvent(b *testing.B) {
	for _, w := range wires {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			d := chunkToEvent(b, w.provider, b.N)
			b.ReportMetric(float64(mean(d).Nanoseconds()), "ns/chunk-to-event")
		})
	}
}
