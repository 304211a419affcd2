package builtins

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// ReadyPoller makes the Go runtime open the descriptors it keeps for its
// poller (an epoll and an eventfd) now. It opens them with the first
// pipe, and when the limit of open files (ulimit -n) leaves it none it
// ends the process ("netpollinit failed") instead of failing the call:
// a shell must open them before it lowers the limit.
func ReadyPoller() {
	// /dev/null, one descriptor where a pipe would take two: the runtime
	// starts its poller for any file it opens.
	if f, err := os.Open(os.DevNull); err == nil {
		f.Close()
	}
}

// ReadyPollerForLimit calls ReadyPoller when the limit of open files the
// shell started with is low enough for the poller to miss it.
func ReadyPollerForLimit() {
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) == nil && lim.Cur < 64 {
		ReadyPoller()
	}
}

// ulimitResource is one limit ulimit knows, as bash lists it.
type ulimitResource struct {
	flag     byte
	resource int
	desc     string
	unit     string
	factor   uint64 // bytes (or seconds, …) per unit shown
}

var ulimitResources = []ulimitResource{
	{'R', unix.RLIMIT_RTTIME, "real-time non-blocking time", "microseconds", 1},
	{'c', unix.RLIMIT_CORE, "core file size", "blocks", 1024},
	{'d', unix.RLIMIT_DATA, "data seg size", "kbytes", 1024},
	{'e', unix.RLIMIT_NICE, "scheduling priority", "", 1},
	{'f', unix.RLIMIT_FSIZE, "file size", "blocks", 1024},
	{'i', unix.RLIMIT_SIGPENDING, "pending signals", "", 1},
	{'l', unix.RLIMIT_MEMLOCK, "max locked memory", "kbytes", 1024},
	{'m', unix.RLIMIT_RSS, "max memory size", "kbytes", 1024},
	{'n', unix.RLIMIT_NOFILE, "open files", "", 1},
	{'p', -1, "pipe size", "512 bytes", 1},
	{'q', unix.RLIMIT_MSGQUEUE, "POSIX message queues", "bytes", 1},
	{'r', unix.RLIMIT_RTPRIO, "real-time priority", "", 1},
	{'s', unix.RLIMIT_STACK, "stack size", "kbytes", 1024},
	{'t', unix.RLIMIT_CPU, "cpu time", "seconds", 1},
	{'u', unix.RLIMIT_NPROC, "max user processes", "", 1},
	{'v', unix.RLIMIT_AS, "virtual memory", "kbytes", 1024},
	{'x', unix.RLIMIT_LOCKS, "file locks", "", 1},
}

// builtinUlimit is bash's ulimit over the process's resource limits,
// which every program the shell starts inherits. Shell subshells are not
// processes in nosh, so a limit set in one applies to the whole shell.
func builtinUlimit(ctx context.Context, c *Call) error {
	soft, hard, all := false, false, false
	// Each resource letter takes an optional value (-n, -n100, -n 100),
	// as in bash.
	type limitCmd struct {
		res   ulimitResource
		value string
		set   bool
	}
	var cmds []limitCmd
	spec := "SHa"
	for _, res := range ulimitResources {
		spec += string(res.flag) + ";"
	}
	g := c.Getopt(spec)
	for g.Next() {
		switch g.Opt {
		case 'S':
			soft = true
		case 'H':
			hard = true
		case 'a':
			all = true
		default:
			res, _ := findUlimit(g.Opt)
			cmds = append(cmds, limitCmd{res, g.Arg, g.HasArg})
		}
	}
	if err := g.Err(); err != nil {
		return c.BadOption(err)
	}
	args := g.Rest()
	if all {
		for _, res := range ulimitResources {
			fmt.Fprint(c.Stdout, res.line(c.ulimitValue(res, hard && !soft)))
		}
		return nil
	}
	if len(cmds) == 0 {
		res, _ := findUlimit('f')
		cmds = []limitCmd{{res: res}}
	}
	if last := &cmds[len(cmds)-1]; len(args) > 0 && !last.set {
		// `ulimit 100` is `ulimit -f 100`; an operand is the value of the
		// last letter without one (POSIX). Further operands are ignored,
		// as bash ignores them.
		last.value, last.set = args[0], true
	}
	for _, cmd := range cmds {
		if !cmd.set {
			value := c.ulimitValue(cmd.res, hard && !soft)
			if len(cmds) > 1 {
				fmt.Fprint(c.Stdout, cmd.res.line(value))
			} else {
				fmt.Fprintln(c.Stdout, value)
			}
			continue
		}
		if err := c.setUlimit(cmd.res, cmd.value, soft, hard); err != nil {
			return err
		}
	}
	return nil
}

// setUlimit sets one limit to value (a number in the resource's unit,
// unlimited, hard or soft): the soft one with -S, the hard one with -H,
// both without either.
func (c *Call) setUlimit(res ulimitResource, value string, soft, hard bool) error {
	if res.resource < 0 {
		return c.Errorf(1, "%s: cannot modify limit: Invalid argument", res.desc)
	}
	var lim unix.Rlimit
	if err := unix.Getrlimit(res.resource, &lim); err != nil {
		return c.Errorf(1, "%s: cannot get limit: %s", res.desc, DescribeErrno(err))
	}
	var v uint64
	switch value {
	case "unlimited":
		v = unix.RLIM_INFINITY
	case "hard":
		v = lim.Max
	case "soft":
		v = lim.Cur
	default:
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return c.Errorf(1, "%s: invalid number", value)
		}
		v = n * res.factor
	}
	if soft || !hard {
		lim.Cur = v
	}
	if hard || !soft {
		lim.Max = v
	}
	if res.resource == unix.RLIMIT_NOFILE {
		ReadyPoller()
	}
	if err := unix.Setrlimit(res.resource, &lim); err != nil {
		return c.Errorf(1, "%s: cannot modify limit: %s", res.desc, DescribeErrno(err))
	}
	return nil
}

func findUlimit(flag byte) (ulimitResource, bool) {
	for _, res := range ulimitResources {
		if res.flag == flag {
			return res, true
		}
	}
	return ulimitResource{}, false
}

// line formats one limit as `ulimit -a` does.
func (res ulimitResource) line(value string) string {
	unit := "(-" + string(res.flag) + ") "
	if res.unit != "" {
		unit = "(" + res.unit + ", -" + string(res.flag) + ") "
	}
	return fmt.Sprintf("%-20s %20s%s\n", res.desc, unit, value)
}

// ulimitValue shows one limit in its unit.
func (c *Call) ulimitValue(res ulimitResource, hard bool) string {
	if res.resource < 0 {
		return "8"
	}
	var lim unix.Rlimit
	if err := unix.Getrlimit(res.resource, &lim); err != nil {
		return "error"
	}
	v := lim.Cur
	if hard {
		v = lim.Max
	}
	if v == unix.RLIM_INFINITY {
		return "unlimited"
	}
	return strconv.FormatUint(v/res.factor, 10)
}

// builtinTimes prints the user and system times of the shell and of its
// children, as `times` does.
func builtinTimes(ctx context.Context, c *Call) error {
	// No options; operands are ignored, as in bash.
	if _, err := c.Options("", nil); err != nil {
		return err
	}
	var self, children unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &self); err != nil {
		return c.Errorf(1, "%s", DescribeErrno(err))
	}
	if err := unix.Getrusage(unix.RUSAGE_CHILDREN, &children); err != nil {
		return c.Errorf(1, "%s", DescribeErrno(err))
	}
	format := func(t unix.Timeval) string {
		d := time.Duration(t.Sec)*time.Second + time.Duration(t.Usec)*time.Microsecond
		m := int(d / time.Minute)
		s := (d % time.Minute).Seconds()
		return fmt.Sprintf("%dm%.3fs", m, s)
	}
	fmt.Fprintf(c.Stdout, "%s %s\n%s %s\n", format(self.Utime), format(self.Stime), format(children.Utime), format(children.Stime))
	return nil
}
