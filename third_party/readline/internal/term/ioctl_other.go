//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package term

import "golang.org/x/sys/unix"

func getTermios(fd int) (*unix.Termios, error) { return unix.IoctlGetTermios(fd, ioctlReadTermios) }

func setTermios(fd int, t *unix.Termios) error { return unix.IoctlSetTermios(fd, ioctlWriteTermios, t) }

func getWinsize(fd int) (*unix.Winsize, error) { return unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ) }
