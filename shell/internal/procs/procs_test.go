package procs

import (
	"runtime"
	"testing"
)

func TestSettle(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(before) })
	runtime.GOMAXPROCS(2)
	for _, tt := range []struct {
		envSet bool
		want   int
	}{
		{envSet: true, want: 2}, // the user's setting stays
		{envSet: false, want: 1},
	} {
		settle(tt.envSet)
		if got := runtime.GOMAXPROCS(0); got != tt.want {
			t.Errorf("settle(envSet=%v): GOMAXPROCS = %d, want %d", tt.envSet, got, tt.want)
		}
	}
}
