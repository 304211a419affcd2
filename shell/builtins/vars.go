package builtins

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/internal/interpunsafe"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// SetVarMaybeIndexed assigns value to name, which may name an array
// element as in `printf -v 'a[1]'`.
func (c *Call) SetVarMaybeIndexed(name, value string) error {
	if !strings.Contains(name, "[") {
		if !syntax.ValidName(name) {
			return fmt.Errorf("`%s': not a valid identifier", name)
		}
		value, err := c.Sh.AttrValue(c.R, name, value)
		if err != nil {
			return err
		}
		return interpunsafe.SetString(c.R, name, value)
	}
	f, err := c.Sh.Parser().Parse(strings.NewReader(name+"=x"), "")
	if err != nil || len(f.Stmts) != 1 {
		return fmt.Errorf("`%s': not a valid identifier", name)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 0 || len(call.Assigns) != 1 {
		return fmt.Errorf("`%s': not a valid identifier", name)
	}
	call.Assigns[0].Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: value}}}
	saved := *interpunsafe.Exit(c.R)
	interpunsafe.Cmd(c.R, context.Background(), call)
	failed := interpunsafe.Exit(c.R).Code != 0
	*interpunsafe.Exit(c.R) = saved
	if failed {
		return errSilent
	}
	return nil
}

// errSilent is a failure that has been reported already.
var errSilent = errors.New("failed")

// SetArrayVar sets name to an indexed array of values.
func (c *Call) SetArrayVar(name string, values []string) error {
	if values == nil {
		values = []string{}
	}
	return interpunsafe.SetVarChecked(c.R, name, expand.Variable{Set: true, Kind: expand.Indexed, List: values})
}

// DescribeErrno words an I/O error as C's strerror does.
func DescribeErrno(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		msg := errno.Error()
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
		return msg
	}
	return err.Error()
}

// WriteOut writes s to standard output. A write error is reported as
// bash does, except a closed pipe, where bash would die of SIGPIPE
// without a word.
func (c *Call) WriteOut(s string) error {
	if s == "" {
		return nil
	}
	if c.Sh.IsClosed(c.Stdout) {
		return c.Errorf(1, "write error: %s", DescribeErrno(syscall.EBADF))
	}
	if _, err := io.WriteString(c.Stdout, s); err != nil {
		if errors.Is(err, syscall.EPIPE) {
			return interp.ExitStatus(141)
		}
		return c.Errorf(1, "write error: %s", DescribeErrno(err))
	}
	return nil
}
