package history

import (
	"sync"
	"sync/atomic"
)

// Limits.
//
// How many entries are kept comes from [Options.Size] (config.toml's
// history.size), unless the shell sets bash's HISTSIZE (the entries in
// memory) and HISTFILESIZE (the entries in the file), as Debian's
// .bashrc does (1000 and 2000): the shell passes them at each prompt
// (SetLimits). They are kept apart from the lock every other method
// takes, which the load holds: setting them before the first prompt must
// not wait for a long file to be read.

// limits are the sizes in effect.
type limits struct {
	mu        sync.Mutex
	set       bool // SetLimits was called; else Options.Size holds for both
	mem, file int  // 0 keeps everything
	// trim says mem changed since the entries in memory were cut to it.
	trim atomic.Bool
}

// SetLimits sets how many entries are kept in memory (mem) and in the file
// (file); 0 keeps them all. The entries in memory are cut to mem at the
// next use of the history, the file at its next trim.
func (h *History) SetLimits(mem, file int) {
	l := &h.limits
	l.mu.Lock()
	changed := !l.set || l.mem != mem
	l.set, l.mem, l.file = true, max(mem, 0), max(file, 0)
	l.mu.Unlock()
	if changed {
		l.trim.Store(true)
	}
}

// memLimit and fileLimit are the sizes in effect; 0 keeps everything.
func (h *History) memLimit() int {
	l := &h.limits
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.set {
		return max(h.opts.Size, 0)
	}
	return l.mem
}

func (h *History) fileLimit() int {
	l := &h.limits
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.set {
		return max(h.opts.Size, 0)
	}
	return l.file
}

// applyLimitLocked cuts the entries in memory to a limit set since.
func (h *History) applyLimitLocked() {
	if !h.limits.trim.Swap(false) {
		return
	}
	if n := h.memLimit(); n > 0 && h.st.len() > n {
		h.st.keepLast(n)
	}
}
