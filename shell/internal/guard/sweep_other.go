//go:build !linux

package guard

// bootTicks is 0 where nosh cannot list processes by session.
func bootTicks() uint64 { return 0 }

// stopStrays does nothing where nosh cannot list processes by session:
// only the run's jobs are stopped.
func stopStrays(since uint64, sessions, counted map[int]bool) int { return 0 }

// Freeze does nothing where nosh cannot list processes by session.
func (ap *Programs) Freeze() (thaw func()) { return func() {} }
