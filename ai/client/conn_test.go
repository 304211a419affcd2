package client

import (
	"testing"

	"nosh/ai"
	"nosh/ai/fakellm"
	"nosh/config"
)

// TestConnectionReused: consecutive requests, even from a Provider rebuilt
// as /reload does, share one keep-alive TCP connection.
func TestConnectionReused(t *testing.T) {
	for _, w := range wires {
		t.Run(w.name, func(t *testing.T) {
			srv := fakellm.New(t,
				fakellm.Text("one").Chunked(1),
				fakellm.ToolCalls(fakellm.Call{ID: "c1", Name: "run", Arguments: `{"command":"ls"}`}).Chunked(2),
				fakellm.Reasoning("r", "three"),
				fakellm.Text("four"),
			)
			c, _ := newTest(t, srv, w.provider)
			for range 3 {
				if _, err := ai.Complete(t.Context(), c, userReq("x")); err != nil {
					t.Fatal(err)
				}
			}
			// A fresh Provider, as after /reload, with the same connect
			// timeout and so the same shared transport.
			again, err := New(config.AI{Provider: w.provider, BaseURL: baseURLFor(srv, w.provider), ConnectTimeout: 5}, env{w.keyVar: testKey}.get)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ai.Complete(t.Context(), again, userReq("x")); err != nil {
				t.Fatal(err)
			}
			if n := srv.Connections(); n != 1 {
				t.Errorf("%d TCP connections for 4 requests, want 1", n)
			}
		})
	}
}
