package builtins

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/internal/interpunsafe"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// readOptions are the options of one `read`.
type readOptions struct {
	raw, silent, array bool
	edit               bool   // -e: the line editor, on a terminal
	initial            string // -i: the editor's initial text
	delim              byte
	nchars             int  // -n/-N: stop after this many characters
	exact              bool // -N: ignore the delimiter
	prompt             string
	timeout            time.Duration
	hasTimeout         bool
	fd                 int
}

// parseReadOptions reads read's options from args; it returns the
// operands (the names, with -a's array first).
func parseReadOptions(c *Call, args []string) (o readOptions, names []string, err error) {
	o = readOptions{delim: '\n', fd: -1, nchars: -1}
	g := NewGetopt("rsea:d:i:n:N:p:t:u:", args)
	var array []string
	for g.Next() {
		v := g.Arg
		switch g.Opt {
		case 'r':
			o.raw = true
		case 's':
			o.silent = true
		case 'e':
			o.edit = true
		case 'a':
			o.array = true
			array = []string{v}
		case 'd':
			o.delim = 0
			if v != "" {
				o.delim = v[0]
			}
		case 'p':
			o.prompt = v
		case 'i':
			o.initial = v
		case 't':
			secs, err := strconv.ParseFloat(v, 64)
			if err != nil || secs < 0 {
				return o, nil, c.Errorf(1, "%s: invalid timeout specification", v)
			}
			o.timeout = time.Duration(secs * float64(time.Second))
			o.hasTimeout = true
		case 'n', 'N':
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return o, nil, c.Errorf(1, "%s: invalid number", v)
			}
			o.nchars = n
			o.exact = g.Opt == 'N'
		case 'u':
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return o, nil, c.Errorf(1, "%s: invalid file descriptor specification", v)
			}
			o.fd = n
		}
	}
	if err := g.Err(); err != nil {
		return o, nil, c.BadOption(err)
	}
	args = g.Rest()
	if o.array {
		// -a's array is the only name; the operands go unused.
		args = append(array, args...)
	}
	return o, args, nil
}

// builtinRead is bash's read with -r -p -t -n -N -s -d -a -u; fields are
// split on IFS as POSIX describes, and input is read a byte at a time so
// that the rest stays for the next command.
func builtinRead(ctx context.Context, c *Call) error {
	o, names, err := parseReadOptions(c, c.Args)
	if err != nil {
		return err
	}
	if o.array && len(names) > 1 {
		names = names[:1]
	}
	for _, name := range names {
		if !syntax.ValidName(name) {
			return c.Errorf(1, "`%s': not a valid identifier", name)
		}
	}
	in, err := c.readInput(ctx, o.fd)
	if err != nil {
		return c.Errorf(1, "%d: invalid file descriptor: Bad file descriptor", o.fd)
	}
	f, _ := in.(*os.File)
	terminal := f != nil && term.IsTerminal(int(f.Fd()))
	if ed := c.Sh.LineEditor(); o.edit && terminal && ed != nil && o.delim == '\n' && o.nchars != 0 &&
		!(o.hasTimeout && o.timeout == 0) && (o.fd <= 0 || sameTerminal(f, os.Stdin)) {
		// The editor reads the shell's terminal: -u FD goes to it when FD
		// is that terminal too, and is read plainly otherwise, as bash
		// reads a -u FD that is no terminal.
		return c.readEdited(ctx, ed, o, names)
	}
	if o.prompt != "" && terminal {
		fmt.Fprint(c.Stderr, o.prompt)
	}
	if o.hasTimeout && o.timeout == 0 {
		// -t 0 only asks whether input is waiting.
		if f == nil || pollReadable(f, 0) {
			return nil
		}
		return interp.ExitStatus(1)
	}
	// As bash: -n, -N and -d make the terminal hand over each key as it
	// is typed, so that read can stop at the count or the delimiter
	// without waiting for Enter; -s turns its echo off.
	oneKey := o.nchars >= 0 || o.delim != '\n'
	if (o.silent || oneKey) && terminal {
		defer setTerminalMode(f, oneKey, o.silent)()
	}
	fd := max(o.fd, 0)
	if fd == 0 && interp.HandlerCtx(ctx).Stdin == nil {
		// Standard input is closed (<&-).
		return c.Errorf(1, "read error: 0: %s", DescribeErrno(syscall.EBADF))
	}
	line, escaped, status, rerr := o.readLine(ctx, in, f)
	if err := ctx.Err(); err != nil {
		// Ctrl+C (or the end of the run it belongs to) cut the read
		// short: as in bash, nothing is assigned, and the statement is
		// reported cancelled rather than as a read of end of input.
		return err
	}
	if rerr != nil {
		fmt.Fprintf(c.Stderr, "%s: read: read error: %d: %s\n", c.Sh.ProgramName(), fd, DescribeErrno(rerr))
	}
	if err := c.assignRead(o.array, o.exact, names, line, escaped); err != nil {
		return err
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// assignRead assigns what read read: the fields of line split on IFS to
// names (the last takes the rest), or all of them to the array (-a), or
// the whole line to REPLY. escaped marks the bytes a backslash quoted.
func (c *Call) assignRead(array, verbatim bool, names []string, line []byte, escaped []bool) error {
	ifs := " \t\n"
	if v := interpunsafe.LookupVar(c.R, "IFS"); v.IsSet() {
		ifs = v.String()
	}
	if verbatim {
		// -N, as bash: what was read is not split nor trimmed; it all
		// goes to the first name (or the array's first element).
		ifs = ""
	}
	assign := func(name, value string) bool {
		value, err := c.Sh.AttrValue(c.R, name, value)
		if err != nil {
			prog := c.Sh.ProgramName()
			fmt.Fprintf(c.Stderr, "%s: read: %s\n", prog, strings.TrimPrefix(err.Error(), prog+": "))
			return false
		}
		if err := interpunsafe.SetString(c.R, name, value); err != nil {
			fmt.Fprintf(c.Stderr, "%s: read: %v\n", c.Sh.ProgramName(), err)
			return false
		}
		return true
	}
	switch {
	case array:
		name := "REPLY"
		if len(names) > 0 {
			name = names[0]
		}
		fields := splitReadFields(line, escaped, ifs, -1)
		for i, f := range fields {
			if v, err := c.Sh.AttrValue(c.R, name, f); err == nil {
				fields[i] = v
			}
		}
		if err := c.SetArrayVar(name, fields); err != nil {
			fmt.Fprintf(c.Stderr, "%s: read: %v\n", c.Sh.ProgramName(), err)
			return interp.ExitStatus(1)
		}
	case len(names) == 0:
		if !assign("REPLY", string(line)) {
			return interp.ExitStatus(1)
		}
	default:
		fields := splitReadFields(line, escaped, ifs, len(names))
		for i, name := range names {
			v := ""
			if i < len(fields) {
				v = fields[i]
			}
			if !assign(name, v) {
				return interp.ExitStatus(1)
			}
		}
	}
	return nil
}

// readInput returns what read reads from: standard input, or the
// descriptor given with -u.
func (c *Call) readInput(ctx context.Context, fd int) (io.Reader, error) {
	if fd < 0 || fd == 0 {
		return c.Stdin, nil
	}
	if fd < 3 {
		return nil, errors.New("not readable")
	}
	f := c.Sh.File(ctx, c.R, fd)
	if f == nil {
		return nil, errors.New("bad descriptor")
	}
	return f, nil
}

// readLine reads up to the delimiter (or the character count), keeping
// note of which bytes a backslash escaped. status is 1 at end of input,
// 142 when the timeout ran out; err is a read error other than those.
func (o *readOptions) readLine(ctx context.Context, in io.Reader, f *os.File) (line []byte, escaped []bool, status int, err error) {
	var deadline time.Time
	if o.hasTimeout {
		deadline = time.Now().Add(o.timeout)
	}
	chars := 0
	pendingRune := 0 // bytes of an incomplete UTF-8 character
	add := func(b byte, esc bool) {
		line = append(line, b)
		escaped = append(escaped, esc)
		pendingRune++
		if utf8.FullRune(line[len(line)-pendingRune:]) {
			chars++
			pendingRune = 0
		}
	}
	afterBackslash := false
	for o.nchars < 0 || chars < o.nchars {
		b, err := readByte(ctx, in, f, deadline)
		if err != nil {
			switch {
			case errors.Is(err, os.ErrDeadlineExceeded):
				return line, escaped, 142, nil
			case errors.Is(err, io.EOF), ctx.Err() != nil:
				return line, escaped, 1, nil
			}
			return line, escaped, 1, err
		}
		if afterBackslash {
			afterBackslash = false
			if b == '\n' {
				continue
			}
			add(b, true)
			continue
		}
		if !o.exact && b == o.delim {
			return line, escaped, 0, nil
		}
		if !o.raw && b == '\\' {
			afterBackslash = true
			continue
		}
		add(b, false)
	}
	return line, escaped, 0, nil
}

// readByte reads one byte, waiting at most until deadline (when set) and
// giving up when ctx is cancelled.
func readByte(ctx context.Context, in io.Reader, f *os.File, deadline time.Time) (byte, error) {
	var buf [1]byte
	for {
		if f != nil {
			wait := 200 * time.Millisecond
			if !deadline.IsZero() {
				left := time.Until(deadline)
				if left <= 0 {
					return 0, os.ErrDeadlineExceeded
				}
				wait = min(wait, left)
			}
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			if !pollReadable(f, wait) {
				continue
			}
		}
		n, err := in.Read(buf[:])
		if n == 1 {
			return buf[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// pollReadable waits up to d for f to have input (or end of file). Files
// that cannot be polled count as readable.
func pollReadable(f *os.File, d time.Duration) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return true
	}
	ready := true
	rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			n, err := unix.Poll(fds, int(d.Milliseconds()))
			if err == unix.EINTR {
				continue
			}
			ready = err != nil || n > 0
			return
		}
	})
	return ready
}

// setTerminalMode sets the terminal f for a read: oneKey makes it hand
// over each key as it comes (not canonical: no line editing, at least one
// byte a read), quiet turns its echo off. Signals from keys stay on. It
// returns the function that puts the terminal back as it was.
func setTerminalMode(f *os.File, oneKey, quiet bool) func() {
	rc, err := f.SyscallConn()
	if err != nil {
		return func() {}
	}
	var old *unix.Termios
	rc.Control(func(fd uintptr) {
		t, err := unix.IoctlGetTermios(int(fd), unix.TCGETS)
		if err != nil {
			return
		}
		old = t
		mode := *t
		if quiet {
			mode.Lflag &^= unix.ECHO
		}
		if oneKey {
			mode.Lflag &^= unix.ICANON
			mode.Cc[unix.VMIN] = 1
			mode.Cc[unix.VTIME] = 0
		}
		unix.IoctlSetTermios(int(fd), unix.TCSETS, &mode)
	})
	return func() {
		if old == nil {
			return
		}
		rc.Control(func(fd uintptr) { unix.IoctlSetTermios(int(fd), unix.TCSETS, old) })
	}
}

// splitReadFields splits a line read by read into at most n fields (all
// when n < 0) as bash does: IFS white space around a delimiter is part of
// it, the last field takes the rest of the line, and escaped bytes never
// split nor get trimmed.
func splitReadFields(line []byte, escaped []bool, ifs string, n int) []string {
	isIFS := func(i int) bool { return !escaped[i] && strings.IndexByte(ifs, line[i]) >= 0 }
	isWS := func(i int) bool { return isIFS(i) && strings.IndexByte(" \t\n", line[i]) >= 0 }
	pos := 0
	skipWS := func() {
		for pos < len(line) && isWS(pos) {
			pos++
		}
	}
	// field reads one field and its delimiter from pos.
	field := func() string {
		start := pos
		for pos < len(line) && !isIFS(pos) {
			pos++
		}
		f := string(line[start:pos])
		skipWS()
		if pos < len(line) && isIFS(pos) && !isWS(pos) {
			pos++
			skipWS()
		}
		return f
	}
	if ifs == "" {
		if n == 0 {
			return nil
		}
		return []string{string(line)}
	}
	skipWS()
	var fields []string
	for n < 0 || len(fields) < n-1 {
		if n < 0 && pos >= len(line) {
			return fields
		}
		fields = append(fields, field())
	}
	if n < 0 {
		return fields
	}
	// The last name takes the rest, unless the rest is one field and its
	// delimiter.
	rest := pos
	if f := field(); pos >= len(line) {
		return append(fields, f)
	}
	end := len(line)
	for end > rest && isWS(end-1) {
		end--
	}
	return append(fields, string(line[rest:end]))
}
