package dynvars

import (
	"fmt"
	"testing"
	"time"
)

func TestEpochRealtimeFormat(t *testing.T) {
	for _, now := range []time.Time{
		time.Unix(0, 0),
		time.Unix(1700000000, 5000),
		time.Unix(1700000000, 999999999),
		time.Unix(1700000000, 123456789),
		time.Unix(42, 100000000),
	} {
		want := fmt.Sprintf("%d.%06d", now.Unix(), now.Nanosecond()/1000)
		if got := epochRealtime(now); got != want {
			t.Errorf("epochRealtime(%v) = %q, want %q", now, got, want)
		}
	}
}
