package builtins

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/varlist"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// test and [ as POSIX specifies them: with one to four arguments the
// meaning depends on their number (so `[ -n ]` and `[ = = = ]` work), and
// beyond that -a binds tighter than -o. interp's version parses every
// argument list the same way.

// testEval evaluates a test expression for one call.
type testEval struct {
	c    *Call
	args []string
	pos  int
}

func builtinTest(ctx context.Context, c *Call) error {
	args := c.Args
	if c.Name == "[" {
		if len(args) == 0 || args[len(args)-1] != "]" {
			return c.Errorf(2, "missing `]'")
		}
		args = args[:len(args)-1]
	}
	t := &testEval{c: c, args: args}
	ok, err := t.posix(args)
	if err != nil {
		return c.Errorf(2, "%v", err)
	}
	if !ok {
		return interp.ExitStatus(1)
	}
	return nil
}

// posix applies the rules for one to four arguments, then the general
// grammar.
func (t *testEval) posix(a []string) (bool, error) {
	switch len(a) {
	case 0:
		return false, nil
	case 1:
		return a[0] != "", nil
	case 2:
		if a[0] == "!" {
			return a[1] == "", nil
		}
		if isUnaryTest(a[0]) {
			return t.unary(a[0], a[1])
		}
		return false, fmt.Errorf("%s: unary operator expected", a[0])
	case 3:
		if isBinaryTest(a[1]) {
			return t.binary(a[0], a[1], a[2])
		}
		if a[0] == "!" {
			ok, err := t.posix(a[1:])
			return !ok, err
		}
		if a[0] == "(" && a[2] == ")" {
			return a[1] != "", nil
		}
		// -a and -o between two operands are binary primaries (POSIX):
		// [ -e -o -a ] is "-e" or "-a", both non-empty strings.
		switch a[1] {
		case "-a":
			return a[0] != "" && a[2] != "", nil
		case "-o":
			return a[0] != "" || a[2] != "", nil
		}
		return false, fmt.Errorf("%s: binary operator expected", a[1])
	case 4:
		if a[0] == "!" {
			ok, err := t.posix(a[1:])
			return !ok, err
		}
		if a[0] == "(" && a[3] == ")" {
			return t.posix(a[1:3])
		}
	}
	t.args, t.pos = a, 0
	ok, err := t.or()
	if err == nil && t.pos < len(t.args) {
		return false, fmt.Errorf("%s: unexpected argument", t.args[t.pos])
	}
	return ok, err
}

func (t *testEval) peek() (string, bool) {
	if t.pos < len(t.args) {
		return t.args[t.pos], true
	}
	return "", false
}

func (t *testEval) or() (bool, error) {
	ok, err := t.and()
	for err == nil {
		if a, more := t.peek(); !more || a != "-o" {
			break
		}
		t.pos++
		var r bool
		r, err = t.and()
		ok = ok || r
	}
	return ok, err
}

func (t *testEval) and() (bool, error) {
	ok, err := t.not()
	for err == nil {
		if a, more := t.peek(); !more || a != "-a" {
			break
		}
		t.pos++
		var r bool
		r, err = t.not()
		ok = ok && r
	}
	return ok, err
}

func (t *testEval) not() (bool, error) {
	if a, more := t.peek(); more && a == "!" {
		t.pos++
		ok, err := t.not()
		return !ok, err
	}
	return t.primary()
}

func (t *testEval) primary() (bool, error) {
	a, more := t.peek()
	if !more {
		return false, fmt.Errorf("argument expected")
	}
	rest := len(t.args) - t.pos
	if a == "(" {
		t.pos++
		ok, err := t.or()
		if err != nil {
			return false, err
		}
		if c, more := t.peek(); !more || c != ")" {
			return false, fmt.Errorf("`)' expected")
		}
		t.pos++
		return ok, nil
	}
	if rest >= 3 && isBinaryTest(t.args[t.pos+1]) {
		x, op, y := t.args[t.pos], t.args[t.pos+1], t.args[t.pos+2]
		t.pos += 3
		return t.binary(x, op, y)
	}
	if rest >= 2 && isUnaryTest(a) {
		x := t.args[t.pos+1]
		t.pos += 2
		return t.unary(a, x)
	}
	t.pos++
	return a != "", nil
}

func isUnaryTest(op string) bool {
	switch op {
	case "-b", "-c", "-d", "-e", "-f", "-g", "-G", "-h", "-k", "-L", "-n", "-N", "-o", "-O",
		"-p", "-r", "-R", "-s", "-S", "-t", "-u", "-v", "-w", "-x", "-z":
		return true
	}
	return false
}

func isBinaryTest(op string) bool {
	switch op {
	case "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef":
		return true
	}
	return false
}

func (t *testEval) path(name string) string {
	if name == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(t.c.R.Dir, name)
}

func (t *testEval) unary(op, x string) (bool, error) {
	switch op {
	case "-n":
		return x != "", nil
	case "-z":
		return x == "", nil
	case "-o":
		if on, own := t.c.Sh.SetOptionOn(x); own {
			return on, nil
		}
		if p := interpunsafe.Option(t.c.R, x); p != nil {
			return *p, nil
		}
		return false, nil
	case "-v":
		return varlist.IsSet(interpunsafe.ExpandConfig(t.c.R), x), nil
	case "-R":
		vr := interpunsafe.LookupVar(t.c.R, x)
		return vr.Kind == expand.NameRef, nil
	case "-t":
		fd, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			return false, fmt.Errorf("%s: integer expression expected", x)
		}
		return t.isTerminalFd(fd), nil
	}
	p := t.path(x)
	if op == "-h" || op == "-L" {
		fi, err := os.Lstat(p)
		return err == nil && fi.Mode()&os.ModeSymlink != 0, nil
	}
	fi, err := os.Stat(p)
	if err != nil {
		return false, nil
	}
	m := fi.Mode()
	switch op {
	case "-e":
		return true, nil
	case "-f":
		return m.IsRegular(), nil
	case "-d":
		return m.IsDir(), nil
	case "-b":
		return m&os.ModeDevice != 0 && m&os.ModeCharDevice == 0, nil
	case "-c":
		return m&os.ModeCharDevice != 0, nil
	case "-p":
		return m&os.ModeNamedPipe != 0, nil
	case "-S":
		return m&os.ModeSocket != 0, nil
	case "-s":
		return fi.Size() > 0, nil
	case "-g":
		return m&os.ModeSetgid != 0, nil
	case "-u":
		return m&os.ModeSetuid != 0, nil
	case "-k":
		return m&os.ModeSticky != 0, nil
	case "-r":
		return unix.Access(p, unix.R_OK) == nil, nil
	case "-w":
		return unix.Access(p, unix.W_OK) == nil, nil
	case "-x":
		return unix.Access(p, unix.X_OK) == nil, nil
	case "-O":
		st, ok := fi.Sys().(*syscall.Stat_t)
		return ok && int(st.Uid) == os.Geteuid(), nil
	case "-G":
		st, ok := fi.Sys().(*syscall.Stat_t)
		return ok && int(st.Gid) == os.Getegid(), nil
	case "-N":
		st, ok := fi.Sys().(*syscall.Stat_t)
		return ok && st.Mtim.Nano() > st.Atim.Nano(), nil
	}
	return false, fmt.Errorf("%s: unary operator expected", op)
}

// isTerminalFd reports whether descriptor fd of the command is a terminal.
func (t *testEval) isTerminalFd(fd int) bool {
	var f *os.File
	switch fd {
	case 0:
		f, _ = t.c.Stdin.(*os.File)
	case 1:
		f, _ = t.c.Stdout.(*os.File)
	case 2:
		f, _ = t.c.Stderr.(*os.File)
	default:
		f = t.c.Sh.File(context.Background(), t.c.R, fd)
	}
	if f == nil {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}

func (t *testEval) binary(x, op, y string) (bool, error) {
	switch op {
	case "=", "==":
		return x == y, nil
	case "!=":
		return x != y, nil
	case "<":
		return x < y, nil
	case ">":
		return x > y, nil
	case "-nt", "-ot":
		a, errA := os.Stat(t.path(x))
		b, errB := os.Stat(t.path(y))
		if op == "-nt" {
			return errA == nil && (errB != nil || a.ModTime().After(b.ModTime())), nil
		}
		return errB == nil && (errA != nil || a.ModTime().Before(b.ModTime())), nil
	case "-ef":
		a, errA := os.Stat(t.path(x))
		b, errB := os.Stat(t.path(y))
		return errA == nil && errB == nil && os.SameFile(a, b), nil
	}
	n, err := testInt(x)
	if err != nil {
		return false, err
	}
	m, err := testInt(y)
	if err != nil {
		return false, err
	}
	switch op {
	case "-eq":
		return n == m, nil
	case "-ne":
		return n != m, nil
	case "-lt":
		return n < m, nil
	case "-le":
		return n <= m, nil
	case "-gt":
		return n > m, nil
	case "-ge":
		return n >= m, nil
	}
	return false, fmt.Errorf("%s: binary operator expected", op)
}

// testInt reads an integer operand: blanks around it are allowed.
func testInt(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: integer expression expected", s)
	}
	return n, nil
}
