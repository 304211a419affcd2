package programs

import (
	"strconv"
	"strings"
	"sync"

	"nosh/perms/analysis"
)

// Programs that mostly show the state of the system but change it with
// some operands: date sets the clock, hostname the host name, ip and
// ifconfig the network, sysctl the kernel, kill signals processes. A rule
// written for looking (date, hostname, ip addr) must not allow changing:
// the forms that only read are listed, anything else asks. (Run as root,
// the agent's sandbox also drops the capabilities those changes need.)

// systemChange records a change of the system's state.
func systemChange(c *analysis.Cmd, what string) {
	c.Risk(analysis.KindOption, c.Base+" "+what, "changes the system's configuration, which the sandbox does not confine")
}

// readOnlyOperands asks for any operand that is not static or not
// accepted by ok.
func readOnlyOperands(c *analysis.Cmd, ops []analysis.Word, ok func(string) bool, what string) {
	for _, w := range ops {
		if !w.IsStatic() || !ok(w.Value) {
			systemChange(c, what)
			return
		}
	}
}

var (
	dateTable = &optTable{short: "Ru", arg: "dfr", attached: "I", long: []string{"--date=", "--file=",
		"--iso-8601?", "--rfc-email", "--rfc-822", "--rfc-2822", "--rfc-3339=", "--reference=", "--utc",
		"--universal", "--debug", "--resolution", "--help", "--version"}}
	hostnameTable = &optTable{short: "aAdfiIsyVh", long: []string{"--alias", "--all-fqdns", "--domain", "--fqdn",
		"--long", "--ip-address", "--all-ip-addresses", "--short", "--yp", "--nis", "--help", "--version"}}
	sysctlTable = &optTable{short: "abeNnqAXh", arg: "r", long: []string{"--all", "--binary", "--ignore",
		"--names", "--values", "--quiet", "--pattern=", "--help", "--version", "--deprecated"}}
)

// dateCmd: date +FORMAT and -d STRING show a date; -s and an operand that
// is not a format set the clock.
func dateCmd(c *analysis.Cmd) {
	ops := checkOptions(c, dateTable, c.Args)
	readOnlyOperands(c, ops, func(v string) bool { return strings.HasPrefix(v, "+") }, "DATE")
}

// hostnameCmd: an operand, or -F FILE, -b NAME, sets the host name.
func hostnameCmd(c *analysis.Cmd) {
	ops := checkOptions(c, hostnameTable, c.Args)
	readOnlyOperands(c, ops, func(string) bool { return false }, "NAME")
}

// sysctlCmd: NAME=VALUE, -w and -p set kernel parameters.
func sysctlCmd(c *analysis.Cmd) {
	ops := checkOptions(c, sysctlTable, c.Args)
	readOnlyOperands(c, ops, func(v string) bool { return !strings.Contains(v, "=") }, "NAME=VALUE")
}

// ipReadOnly are ip's commands that only show.
func ipReadOnly() map[string]bool {
	ipReadOnlyOnce.Do(func() { ipReadOnlyValue = makeIpReadOnly() })
	return ipReadOnlyValue
}

var (
	ipReadOnlyOnce  sync.Once
	ipReadOnlyValue map[string]bool
)

func makeIpReadOnly() map[string]bool {
	return map[string]bool{"show": true, "list": true, "lst": true, "ls": true, "sh": true, "s": true,
		"l": true, "get": true, "help": true, "monitor": true, "showdump": true}
}

// ipCmd: ip [OPTIONS] OBJECT [COMMAND …]: showing reads; add, del, set,
// flush, change, replace… and -batch change the network.
func ipCmd(c *analysis.Cmd) {
	args := c.Args
	i := 0
	for i < len(args) && args[i].IsStatic() && strings.HasPrefix(args[i].Value, "-") {
		switch v := strings.TrimLeft(args[i].Value, "-"); {
		case v == "b" || strings.HasPrefix(v, "ba") || v == "force":
			systemChange(c, args[i].Value)
			return
		case v == "n" || strings.HasPrefix(v, "netns") || v == "f" || strings.HasPrefix(v, "fam") ||
			v == "l" || strings.HasPrefix(v, "loops") || v == "rc" || strings.HasPrefix(v, "rcvbuf"):
			i++ // takes a value
		}
		i++
	}
	if i >= len(args) {
		return
	}
	if !args[i].IsStatic() {
		systemChange(c, args[i].String())
		return
	}
	if obj := args[i].Value; obj == "netns" && i+1 < len(args) && args[i+1].IsStatic() && args[i+1].Value == "exec" {
		return // ip netns exec: a wrapper, judged by its handler
	}
	if i+1 >= len(args) {
		return // the object alone: ip addr
	}
	cmd := args[i+1]
	if !cmd.IsStatic() || !ipReadOnly()[cmd.Value] && !strings.HasPrefix(cmd.Value, "-") {
		systemChange(c, args[i].Value+" "+cmd.String())
	}
}

// ifconfigCmd: an interface shows it; anything after it configures it.
func ifconfigCmd(c *analysis.Cmd) {
	ops := analysis.Operands(c.Args)
	if len(ops) > 1 || len(ops) == 1 && !ops[0].IsStatic() {
		systemChange(c, "SETTINGS")
	}
}

// routeCmd: route shows the table; add, del, flush change it.
func routeCmd(c *analysis.Cmd) {
	for _, w := range analysis.Operands(c.Args) {
		if !w.IsStatic() || w.Value != "-n" && w.Value != "-e" && w.Value != "-ee" {
			if w.IsStatic() && (w.Value == "print" || w.Value == "show" || w.Value == "get") {
				continue
			}
			systemChange(c, w.String())
			return
		}
	}
}

// ssCmd: ss -K kills the sockets it lists.
func ssCmd(c *analysis.Cmd) {
	if analysis.FlagsOf(c.Args).Has('K', "--kill") {
		systemChange(c, "-K")
	}
}

// ctlReadOnly are the subcommands of the systemd *ctl tools that only
// show, by tool; anything else changes the system.
func ctlReadOnly() map[string]map[string]bool {
	ctlReadOnlyOnce.Do(func() { ctlReadOnlyValue = makeCtlReadOnly() })
	return ctlReadOnlyValue
}

var (
	ctlReadOnlyOnce  sync.Once
	ctlReadOnlyValue map[string]map[string]bool
)

func makeCtlReadOnly() map[string]map[string]bool {
	return map[string]map[string]bool{
		"timedatectl": {"status": true, "show": true, "list-timezones": true, "timesync-status": true, "show-timesync": true},
		"hostnamectl": {"status": true, "show": true},
		"loginctl": {"list-sessions": true, "session-status": true, "show-session": true, "list-users": true,
			"user-status": true, "show-user": true, "list-seats": true, "seat-status": true, "show-seat": true},
	}
}

func ctlCmd(c *analysis.Cmd) {
	ops := analysis.Operands(c.Args)
	if len(ops) == 0 {
		return // status
	}
	if !ops[0].IsStatic() || !ctlReadOnly()[c.Base][ops[0].Value] {
		systemChange(c, ops[0].String())
	}
}

// reniceCmd changes the priority of other processes.
func reniceCmd(c *analysis.Cmd) {
	systemChange(c, "PRIORITY")
}

// killCmd: kill signals the processes it names. -1 is every process the
// user may signal (as root, every process there is); 0 and a negative
// number a whole process group; $$ and $PPID the shell itself; 1 init.
// Those are never what a rule for kill was meant to cover.
func killCmd(c *analysis.Cmd) {
	ws := c.Args
	i := 0
	if i < len(ws) && ws[i].IsStatic() {
		switch v := ws[i].Value; {
		case v == "-l" || v == "-L" || v == "--list" || v == "-t" || v == "--table":
			return
		case v == "-s" || v == "-n" || v == "--signal":
			i += 2
		case strings.HasPrefix(v, "-") && v != "--" && len(v) > 1:
			i++
		}
	}
	if i < len(ws) && ws[i].IsStatic() && ws[i].Value == "--" {
		i++
	}
	for _, w := range ws[min(i, len(ws)):] {
		v, ok := c.Analyzer.Resolve(w)
		if !ok {
			if strings.Contains(w.Value, "$$") || strings.Contains(w.Value, "PPID") || strings.Contains(w.Value, "BASHPID") {
				c.Risk(analysis.KindOption, "kill "+w.String(), "signals the shell itself")
				continue
			}
			continue // judged at run time, when the gate sees the number
		}
		n, err := strconv.Atoi(v)
		switch {
		case strings.HasPrefix(v, "%"):
		case err != nil:
		case n == -1:
			c.Catastrophe("kill -1 signals every process it may (as root, all of them)")
			return
		case n <= 0:
			c.Risk(analysis.KindOption, "kill "+v, "signals a whole process group")
		case n == 1:
			c.Risk(analysis.KindOption, "kill 1", "signals init")
		}
	}
}

func registerSystem(t *tableSet) {
	t.handlers["date"] = dateCmd
	t.handlers["hostname"] = hostnameCmd
	t.handlers["sysctl"] = sysctlCmd
	ipWrapper := t.handlers["ip"]
	t.handlers["ip"] = func(c *analysis.Cmd) {
		if ipWrapper != nil {
			ipWrapper(c)
		}
		ipCmd(c)
	}
	t.handlers["ifconfig"] = ifconfigCmd
	t.handlers["route"] = routeCmd
	t.handlers["ss"] = ssCmd
	for name := range ctlReadOnly() {
		t.handlers[name] = ctlCmd
	}
	t.handlers["renice"] = reniceCmd
	t.handlers["kill"] = killCmd
}
