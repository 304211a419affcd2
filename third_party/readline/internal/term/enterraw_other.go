//go:build !(darwin || dragonfly || freebsd || (linux && !appengine) || netbsd || openbsd)

package term

// EnterRaw is IsTerminal and MakeRaw in one: it reports whether fd is a
// terminal and, if it is, puts it in raw mode and returns its previous
// state.
func EnterRaw(fd int) (state *State, isTerminal bool, err error) {
	if !IsTerminal(fd) {
		return nil, false, nil
	}

	state, err = MakeRaw(fd)

	return state, true, err
}
