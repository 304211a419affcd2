package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Options is how nosh was invoked, parsed from its command line the way sh
// parses its own: `nosh [options] [-c STRING [NAME [ARG…]] | FILE [ARG…] | -s [ARG…]]`.
type Options struct {
	// Command is the -c STRING, when HasCommand.
	Command    string
	HasCommand bool
	// Script is the FILE operand, when neither -c nor -s was given.
	Script string
	// Name is $0: the NAME after -c STRING, the script path, or argv[0].
	Name string
	// Args are the positional parameters.
	Args []string
	// Stdin: read the script from standard input (-s, or no operand).
	Stdin bool
	// Interactive was asked for with -i; InteractiveSet says whether -i or
	// +i was given at all (otherwise a terminal on stdin decides).
	Interactive    bool
	InteractiveSet bool
	// Login: -l, --login, or argv[0] starting with '-'.
	Login     bool
	NoRC      bool
	NoProfile bool
	// RCFile replaces init.sh (--rcfile FILE).
	RCFile string
	// Posix is bash's POSIX mode (--posix, -o posix, or invoked as sh).
	Posix bool
	// Shopt holds -O NAME and +O NAME as "-s" or "-u" and the name, in
	// order.
	Shopt []string
	// Set holds the set-style options in order, e.g. "-e", "+x", "-o",
	// "pipefail", applied to the shell before anything runs.
	Set     []string
	Version bool
	Help    bool
}

// UsageError is a problem with nosh's own command line; it exits 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// ParseOptions parses argv (including argv[0]).
func ParseOptions(argv []string) (*Options, error) {
	o := &Options{}
	if len(argv) == 0 {
		argv = []string{"nosh"}
	}
	o.Name = argv[0]
	if strings.HasPrefix(argv[0], "-") {
		o.Login = true
		o.Name = argv[0][1:]
	}
	// Invoked as sh, nosh behaves as POSIX requires where bash does not
	// by default, as bash does.
	if filepath.Base(o.Name) == "sh" {
		o.Posix = true
	}
	args := argv[1:]
	i := 0
	var err error
loop:
	for i < len(args) {
		arg := args[i]
		switch {
		case arg == "--", arg == "-":
			// A lone "-" ends the options too, as in sh.
			i++
			break loop
		case strings.HasPrefix(arg, "--"):
			i, err = o.longOption(args, i)
		case len(arg) > 1 && (arg[0] == '-' || arg[0] == '+'):
			i, err = o.shortOptions(args, i)
		default:
			break loop
		}
		if err != nil {
			return nil, err
		}
	}
	if err := o.operands(args[i:]); err != nil {
		return nil, err
	}
	return o, nil
}

func usage(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}

// longOption reads the --option at args[i], and returns the index of
// what follows it.
func (o *Options) longOption(args []string, i int) (int, error) {
	switch arg := args[i]; arg {
	case "--login":
		o.Login = true
	case "--norc":
		o.NoRC = true
	case "--noprofile":
		o.NoProfile = true
	case "--posix":
		o.Posix = true
	case "--version":
		o.Version = true
	case "--help":
		o.Help = true
	case "--rcfile", "--init-file":
		if i+1 >= len(args) {
			return i, usage("%s: option requires an argument", arg)
		}
		i++
		o.RCFile = args[i]
	default:
		return i, usage("%s: invalid option", arg)
	}
	return i + 1, nil
}

// shortOptions reads the cluster of one-letter options at args[i] (-x
// turns on, +x off), with the operands of -O and -o after it, and
// returns the index of what follows.
func (o *Options) shortOptions(args []string, i int) (int, error) {
	arg := args[i]
	on := arg[0] == '-'
	i++
	for _, c := range arg[1:] {
		switch c {
		case 'c':
			if !on {
				return i, usage("+c: invalid option")
			}
			o.HasCommand = true
		case 's':
			o.Stdin = on
		case 'i':
			o.Interactive, o.InteractiveSet = on, true
		case 'l':
			o.Login = on
		case 'O':
			if i >= len(args) {
				o.Shopt = append(o.Shopt, string(arg[0])+"O")
				continue
			}
			flag := "-s"
			if !on {
				flag = "-u"
			}
			o.Shopt = append(o.Shopt, flag, args[i])
			i++
		case 'o':
			if i >= len(args) {
				// `nosh -o` alone lists options, like `set -o`.
				o.Set = append(o.Set, string(arg[0])+"o")
				continue
			}
			name := args[i]
			i++
			if name == "posix" {
				o.Posix = on
			}
			o.Set = append(o.Set, string(arg[0])+"o", name)
		case 'e', 'u', 'x', 'v', 'f', 'n', 'C', 'a', 'm', 'h', 'b', 'B', 'H':
			o.Set = append(o.Set, string(arg[0])+string(c))
		default:
			return i, usage("%c%c: invalid option", arg[0], c)
		}
	}
	return i, nil
}

// operands reads what follows the options: -c's STRING [NAME [ARG…]],
// a script FILE [ARG…], or the arguments of a script on standard input.
func (o *Options) operands(rest []string) error {
	switch {
	case o.HasCommand:
		if len(rest) == 0 {
			return usage("-c: option requires an argument")
		}
		o.Command = rest[0]
		if len(rest) > 1 {
			o.Name = rest[1]
			o.Args = rest[2:]
		}
	case o.Stdin || len(rest) == 0:
		o.Stdin = true
		o.Args = rest
	default:
		o.Script = rest[0]
		o.Name = rest[0]
		o.Args = rest[1:]
	}
	return nil
}
