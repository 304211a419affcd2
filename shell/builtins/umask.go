package builtins

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"syscall"
)

// ReadUmask returns the process umask without changing it.
func ReadUmask() int {
	old := syscall.Umask(0o022)
	syscall.Umask(old)
	return old
}

// builtinUmask is POSIX umask: `umask`, `umask -S`, `umask 022`,
// `umask u=rwx,g=rx,o=`. The mask is the process's, so that every program
// the shell starts inherits it.
func builtinUmask(ctx context.Context, c *Call) error {
	symbolic := false
	args, err := c.Options("Sp", func(opt byte, _ string) {
		if opt == 'S' {
			symbolic = true
		}
	})
	if err != nil {
		return err
	}
	c.Sh.WithUmask(func(mask *int) { err = setUmask(c, args, symbolic, mask) })
	return err
}

// setUmask prints or sets the shell's mask (*mask, under the shell's lock).
func setUmask(c *Call, args []string, symbolic bool, mask *int) error {
	if len(args) == 0 {
		m := *mask
		if symbolic {
			fmt.Fprintln(c.Stdout, symbolicMask(m))
		} else {
			fmt.Fprintf(c.Stdout, "%04o\n", m)
		}
		return nil
	}
	m, err := parseMask(args[0], *mask)
	if err != nil {
		if sym, ok := err.(symbolicError); ok {
			// bash names the character, not the argument.
			return c.Errorf(1, "%v", sym)
		}
		return c.Errorf(1, "%s: %v", args[0], err)
	}
	*mask = m
	syscall.Umask(m)
	return nil
}

func symbolicMask(m int) string {
	perm := ^m & 0o777
	part := func(who string, shift uint) string {
		bits := (perm >> shift) & 7
		s := who + "="
		if bits&4 != 0 {
			s += "r"
		}
		if bits&2 != 0 {
			s += "w"
		}
		if bits&1 != 0 {
			s += "x"
		}
		return s
	}
	return part("u", 6) + "," + part("g", 3) + "," + part("o", 0)
}

// parseMask reads an octal mask or a symbolic mode relative to old.
func parseMask(s string, old int) (int, error) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		// As bash: up to 07777, of which the permission bits count.
		n, err := strconv.ParseUint(s, 8, 32)
		if err != nil || n > 0o7777 {
			return 0, fmt.Errorf("octal number out of range")
		}
		return int(n) & 0o777, nil
	}
	perm := ^old & 0o777
	start := 0
	for _, clause := range strings.Split(s, ",") {
		i := 0
		clauseStart := start
		start += len(clause) + 1
		who := 0
		for i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0 {
			switch clause[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			i++
		}
		if who == 0 {
			who = 0o777
		}
		if i >= len(clause) || strings.IndexByte("+-=", clause[i]) < 0 {
			return 0, symbolicError{at(s, clauseStart+i), "operator"}
		}
		op := clause[i]
		i++
		bits := 0
		for ; i < len(clause); i++ {
			switch clause[i] {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			default:
				return 0, symbolicError{clause[i], "character"}
			}
		}
		bits &= who
		switch op {
		case '+':
			perm |= bits
		case '-':
			perm &^= bits
		case '=':
			perm = perm&^who | bits
		}
	}
	return ^perm & 0o777, nil
}

// symbolicError is a symbolic mode that umask cannot read: bash names the
// character it stopped at (a NUL byte at the end of the mode).
type symbolicError struct {
	c    byte
	what string // "operator" or "character"
}

func (e symbolicError) Error() string {
	return fmt.Sprintf("`%c': invalid symbolic mode %s", e.c, e.what)
}

// at is s[i], or NUL past its end.
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}
