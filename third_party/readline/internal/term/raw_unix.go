// Copyright 2011 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build darwin || dragonfly || freebsd || (linux && !appengine) || netbsd || openbsd
// +build darwin dragonfly freebsd linux,!appengine netbsd openbsd

package term

import (
	"golang.org/x/sys/unix"
)

// State contains the state of a terminal.
type State struct {
	termios unix.Termios
}

// IsTerminal returns true if the given file descriptor is a terminal.
func IsTerminal(fd int) bool {
	_, err := getTermios(fd)

	return err == nil
}

// MakeRaw put the terminal connected to the given file descriptor into raw
// mode and returns the previous state of the terminal so that it can be
// restored.
func MakeRaw(fd int) (*State, error) {
	termios, err := getTermios(fd)
	if err != nil {
		return nil, err
	}

	oldState := State{termios: *termios}
	makeRaw(termios)

	if err := setTermios(fd, termios); err != nil {
		return nil, err
	}

	return &oldState, nil
}

// makeRaw changes termios as cfmakeraw does (termios(3)).
func makeRaw(termios *unix.Termios) {
	termios.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON

	termios.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	termios.Cflag &^= unix.CSIZE | unix.PARENB
	termios.Cflag |= unix.CS8
	termios.Cc[unix.VMIN] = 1
	termios.Cc[unix.VTIME] = 0
}

// GetState returns the current state of a terminal which may be useful to
// restore the terminal after a signal.
func GetState(fd int) (*State, error) {
	termios, err := getTermios(fd)
	if err != nil {
		return nil, err
	}

	return &State{termios: *termios}, nil
}

// Restore restores the terminal connected to the given file descriptor to a
// previous state.
func Restore(fd int, state *State) error {
	return setTermios(fd, &state.termios)
}

// GetSize returns the dimensions of the given terminal.
func GetSize(fd int) (width, height int, err error) {
	ws, err := getWinsize(fd)
	if err != nil {
		return -1, -1, err
	}

	return int(ws.Col), int(ws.Row), nil
}

// EnterRaw is IsTerminal and MakeRaw in one: it reports whether fd is a
// terminal and, if it is, puts it in raw mode and returns its previous
// state. Asking the modes once answers both questions, so a line costs one
// ioctl less.
func EnterRaw(fd int) (state *State, isTerminal bool, err error) {
	termios, err := getTermios(fd)
	if err != nil {
		return nil, false, nil
	}

	oldState := State{termios: *termios}
	makeRaw(termios)

	if err := setTermios(fd, termios); err != nil {
		return nil, true, err
	}

	return &oldState, true, nil
}
