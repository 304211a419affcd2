package builtins

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/quote"
)

// mapfile and readarray, as bash's, with all their options (interp's
// knows only -t and -d): -n count, -O origin, -s skip, -u fd, and the
// callback -C every -c lines.

type mapfileOptions struct {
	delim       byte
	count, skip int
	origin      int
	hasOrigin   bool
	trim        bool
	fd          int
	callback    string
	quantum     int
	array       string
}

func parseMapfileOptions(c *Call) (o mapfileOptions, err error) {
	o = mapfileOptions{delim: '\n', fd: 0, quantum: 5000, array: "MAPFILE"}
	g := c.Getopt("td:n:O:s:u:C:c:")
	for g.Next() {
		opt, v := g.Opt, g.Arg
		n, nerr := strconv.Atoi(v)
		switch opt {
		case 't':
			o.trim = true
		case 'd':
			o.delim = 0
			if v != "" {
				o.delim = v[0]
			}
		case 'n':
			if nerr != nil || n < 0 {
				return o, c.Errorf(1, "%s: invalid line count", v)
			}
			o.count = n
		case 'O':
			if nerr != nil || n < 0 {
				return o, c.Errorf(1, "%s: invalid array origin", v)
			}
			o.origin, o.hasOrigin = n, true
		case 's':
			if nerr != nil || n < 0 {
				return o, c.Errorf(1, "%s: invalid line count", v)
			}
			o.skip = n
		case 'u':
			if nerr != nil || n < 0 {
				return o, c.Errorf(1, "%s: invalid file descriptor specification", v)
			}
			o.fd = n
		case 'C':
			o.callback = v
		case 'c':
			if nerr != nil || n <= 0 {
				return o, c.Errorf(1, "%s: invalid callback quantum", v)
			}
			o.quantum = n
		}
	}
	if err := g.Err(); err != nil {
		return o, c.BadOption(err)
	}
	if args := g.Rest(); len(args) > 0 {
		o.array = args[0]
	}
	if !syntax.ValidName(o.array) {
		return o, c.Errorf(1, "`%s': not a valid identifier", o.array)
	}
	return o, nil
}

func builtinMapfile(ctx context.Context, c *Call) error {
	o, err := parseMapfileOptions(c)
	if err != nil {
		return err
	}
	in, err := c.readInput(ctx, o.fd)
	if err != nil || in == nil {
		return c.Errorf(1, "%d: invalid file descriptor: Bad file descriptor", o.fd)
	}
	// Start from the array as it is with -O, from nothing without.
	elems := map[int]string{}
	if o.hasOrigin {
		vr := interpunsafe.LookupVar(c.R, o.array)
		if vr.Kind == expand.Indexed {
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				elems[idx] = v
			}
		}
	}
	// One byte at a time, as bash reads a pipe: what follows the lines
	// taken (-n) stays for the next command.
	var buf [1]byte
	var line []byte
	read, stored := 0, 0
	next := o.origin
	eof := false
	for !eof && (o.count == 0 || stored < o.count) {
		line = line[:0]
		for {
			n, rerr := in.Read(buf[:])
			if n == 1 {
				line = append(line, buf[0])
				if buf[0] == o.delim {
					break
				}
			}
			if rerr != nil {
				if rerr != io.EOF {
					fmt.Fprintf(c.Stderr, "%s: %s: read error: %d: %s\n", c.Sh.ProgramName(), c.Name, o.fd, DescribeErrno(rerr))
				}
				eof = true
				break
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
		if len(line) == 0 {
			break
		}
		read++
		if read <= o.skip {
			continue
		}
		v := string(line)
		if o.trim && line[len(line)-1] == o.delim {
			v = v[:len(v)-1]
		}
		if o.callback != "" && (stored+1)%o.quantum == 0 {
			src := o.callback + " " + strconv.Itoa(next) + " " + quote.Single(v)
			c.Sh.RunBuiltinViaCommand(ctx, "eval", []string{src})
		}
		elems[next] = v
		next++
		stored++
	}
	return c.setSparseArray(o.array, elems)
}

// setSparseArray assigns elems, by index, as an indexed array.
func (c *Call) setSparseArray(name string, elems map[int]string) error {
	idx := slices.Sorted(maps.Keys(elems))
	vr := expand.Variable{Set: true, Kind: expand.Indexed, List: make([]string, 0, len(idx))}
	for _, i := range idx {
		vr.List = append(vr.List, elems[i])
	}
	if len(idx) > 0 && idx[len(idx)-1] != len(idx)-1 {
		vr.Indexes = idx // sparse
	}
	if err := interpunsafe.SetVarChecked(c.R, name, vr); err != nil {
		fmt.Fprintf(c.Stderr, "%s: %v\n", c.Sh.ProgramName(), err)
		return interp.ExitStatus(1)
	}
	return nil
}
