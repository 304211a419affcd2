package options

import (
	"fmt"
	"strings"
)

// SetArgs is a `set` command line (with at least one argument) taken
// apart: what nosh keeps itself, and what goes on to interp's set.
type SetArgs struct {
	// Own are the changes to nosh's own options, in order.
	Own []Change
	// Pass are the arguments for interp's set: its options, then the
	// operands (after "--" unless they start with "--" or "-").
	Pass []string
	// ListOn and ListOff ask for the list of options: -o alone prints
	// them for people, +o alone as commands that set them again.
	ListOn, ListOff bool
	// Dash is `set -`, which ends the options and turns -x and -v off.
	Dash bool
}

// Change turns one of nosh's own options on or off.
type Change struct {
	Name string
	On   bool
}

// UsageError is a bad `set` argument; its message (without "set: ")
// comes with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// SetUsage is set's usage line.
const SetUsage = "set: usage: set [-abefhmnuvxBCH] [-o option-name] [--] [arg ...]"

// interpLetters are the one-letter options interp's set knows.
const interpLetters = "aefnu"

// ParseSet takes apart the arguments of `set` (at least one). isInterp
// reports whether a long option name is one of interp's. On a usage
// error the changes to nosh's own options read before it are returned
// with it (set applies them, as it always did), but nothing for interp.
func ParseSet(args []string, isInterp func(name string) bool) (SetArgs, error) {
	var out SetArgs
	for len(args) > 0 {
		a := args[0]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			break
		}
		args = args[1:]
		on := a[0] == '-'
		for i := 1; i < len(a); i++ {
			ch := a[i]
			if ch == 'o' {
				if len(args) == 0 || strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "+") {
					if on {
						out.ListOn = true
					} else {
						out.ListOff = true
					}
					continue
				}
				name := args[0]
				args = args[1:]
				switch {
				case new(Flags).ByName(name) != nil:
					out.Own = append(out.Own, Change{name, on})
				case isInterp(name):
					out.Pass = append(out.Pass, string(a[0])+"o", name)
				default:
					return out, &UsageError{name + ": invalid option name"}
				}
				continue
			}
			if name := letterName(ch); name != "" {
				out.Own = append(out.Own, Change{name, on})
				continue
			}
			if strings.IndexByte(interpLetters, ch) < 0 {
				return out, &UsageError{fmt.Sprintf("%c%c: invalid option\n%s", a[0], ch, SetUsage)}
			}
			out.Pass = append(out.Pass, string(a[0])+string(ch))
		}
	}
	if len(args) > 0 {
		if args[0] != "--" && args[0] != "-" {
			out.Pass = append(out.Pass, "--")
		}
		out.Pass = append(out.Pass, args...)
		out.Dash = args[0] == "-"
	}
	return out, nil
}
