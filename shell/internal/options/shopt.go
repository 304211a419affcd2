package options

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// shopt: every option name bash 5.2 has, so that rc files written for
// bash run quietly. Each option is one of:
//   - interp's own (the glob and alias options), read and set in the
//     runner that runs shopt;
//   - kept by nosh, with an effect where nosh has one (see Shopt);
//   - accepted with no effect, silently, when nosh already behaves as
//     the option asks or the option is about bash's internals;
//   - accepted with a one-line notice when it is turned to a value whose
//     behaviour nosh lacks, since a script relying on it would be
//     misled.

// Shopt describes one shopt option.
type Shopt struct {
	// Name is the option's name.
	Name string
	// Def is bash's default in an interactive shell.
	Def bool
	// Interp marks an option interp implements (interpunsafe.Option).
	Interp bool
	// ReadOnly options report the shell's state and cannot be set
	// (setting them is silently ignored, as in bash).
	ReadOnly bool
	// Lacks, when set, is what nosh does not do when the option is set
	// to !def; setting it so prints this once.
	Lacks string
}

// shoptTable is bash 5.2's list, sorted by name (data laid out by the
// linker: a map literal was filled by code at every start-up). Effects
// nosh gives to its own options: xpg_echo (echo), lastpipe
// (builtin_pipeline.go), histverify and histreedit (history expansion),
// checkwinsize (COLUMNS and LINES), autocd, cdspell, login_shell.
var shoptTable = []Shopt{
	{Name: "assoc_expand_once", Lacks: "array subscripts are expanded as usual"},
	{Name: "autocd"},
	{Name: "cdable_vars"}, // builtins.cdableVar
	{Name: "cdspell"},
	{Name: "checkhash"},
	{Name: "checkjobs"},
	{Name: "checkwinsize", Def: true},
	{Name: "cmdhist", Def: true},
	{Name: "compat31"},
	{Name: "compat32"},
	{Name: "compat40"},
	{Name: "compat41"},
	{Name: "compat42"},
	{Name: "compat43"},
	{Name: "compat44"},
	{Name: "complete_fullquote", Def: true},
	{Name: "direxpand"},
	{Name: "dirspell"},
	{Name: "dotglob", Interp: true},
	{Name: "execfail"}, // shell's execFailEnds
	{Name: "expand_aliases", Interp: true, Def: true},
	{Name: "extdebug", Lacks: "there is no debugger support"},
	{Name: "extglob", Interp: true},
	{Name: "extquote", Def: true},
	{Name: "failglob"}, // shell/failglob.go
	{Name: "force_fignore", Def: true},
	{Name: "globasciiranges", Def: true},
	{Name: "globskipdots", Def: true},
	{Name: "globstar", Interp: true},
	{Name: "gnu_errfmt"},
	{Name: "histappend", Def: true}, // nosh always appends each line at once
	{Name: "histreedit"},
	{Name: "histverify"},
	{Name: "hostcomplete", Def: true},
	{Name: "huponexit"},
	{Name: "inherit_errexit"}, // shell's builtinCsubst
	{Name: "interactive_comments", Def: true, ReadOnly: true},
	{Name: "lastpipe"},
	{Name: "lithist", Def: true, ReadOnly: true}, // multi-line entries keep their newlines
	{Name: "localvar_inherit"},                   // shell's builtinLocal
	{Name: "localvar_unset"},
	{Name: "login_shell", ReadOnly: true},
	{Name: "mailwarn"},
	{Name: "no_empty_cmd_completion"},
	{Name: "nocaseglob", Interp: true},
	{Name: "nocasematch"}, // shell/match_case.go
	{Name: "noexpand_translation"},
	{Name: "nullglob", Interp: true},
	{Name: "patsub_replacement", Def: true},
	{Name: "progcomp", Def: true},
	{Name: "progcomp_alias"},
	{Name: "promptvars", Def: true, ReadOnly: true},
	{Name: "restricted_shell", ReadOnly: true},
	{Name: "shift_verbose"},
	{Name: "sourcepath", Def: true},
	{Name: "varredir_close"},
	{Name: "xpg_echo"},
}

// LookupShopt returns option name's description; ok is false for a name
// bash does not have.
func LookupShopt(name string) (o Shopt, ok bool) {
	i, found := sort.Find(len(shoptTable), func(i int) int { return strings.Compare(name, shoptTable[i].Name) })
	if !found {
		return Shopt{}, false
	}
	return shoptTable[i], true
}

// ShoptNames lists the shopt options, sorted.
func ShoptNames() []string {
	names := make([]string, len(shoptTable))
	for i, o := range shoptTable {
		names[i] = o.Name
	}
	return names
}

// ShoptDefaults returns the options nosh keeps itself (not interp's) at
// bash's defaults; login is login_shell.
func ShoptDefaults(login bool) map[string]bool {
	m := make(map[string]bool, len(shoptTable))
	for _, o := range shoptTable {
		if !o.Interp {
			m[o.Name] = ShoptDefault(o.Name, login)
		}
	}
	return m
}

// ShoptDefault is option name's value before any shopt changes it: bash's
// default, or login for login_shell; false for an unknown name.
func ShoptDefault(name string, login bool) bool {
	if name == "login_shell" {
		return login
	}
	o, _ := LookupShopt(name)
	return o.Def
}

// ShoptArgs is a shopt command line: -s and -u set and unset, -q asks
// quietly, -p prints re-readable lines, -o works on set -o's options.
type ShoptArgs struct {
	Set, Unset, Quiet, Print, SetO bool
	// Names are the options named; none means all of them.
	Names []string
}

// Store is where shopt reads and changes options: the shell as the runner
// that runs shopt sees it.
type Store interface {
	// Shopt reports whether shopt option name is on.
	Shopt(name string) bool
	// SetShopt sets shopt option name (not a read-only one).
	SetShopt(name string, on bool)
	// SetOptions returns every set -o option and whether it is on.
	SetOptions() map[string]bool
	// SetOption runs set -o name (on) or set +o name, and returns its
	// status.
	SetOption(name string, on bool) int
}

// Run does what shopt asks of st. It returns what shopt prints and its
// status; errors and notices go to errw, after prog (the shell's name).
func (a ShoptArgs) Run(st Store, errw io.Writer, prog string) (out string, status int) {
	if a.Set && a.Unset {
		fmt.Fprintf(errw, "%s: shopt: cannot set and unset shell options simultaneously\n", prog)
		return "", 1
	}
	if a.SetO {
		return a.runSetO(st, errw, prog)
	}
	names := a.Names
	if len(names) == 0 {
		names = ShoptNames()
		// bash's table lists autocd first, then the rest in order.
		for i, n := range names {
			if n == "autocd" {
				copy(names[1:i+1], names[:i])
				names[0] = n
				break
			}
		}
	}
	var b strings.Builder
	for _, name := range names {
		o, ok := LookupShopt(name)
		if !ok {
			fmt.Fprintf(errw, "%s: shopt: %s: invalid shell option name\n", prog, name)
			status = 1
			continue
		}
		if a.Set || a.Unset {
			if len(a.Names) > 0 {
				if !o.ReadOnly {
					st.SetShopt(name, a.Set)
				}
				if o.Lacks != "" && a.Set != o.Def {
					fmt.Fprintf(errw, "%s: shopt: %s: not supported by nosh: %s\n", prog, name, o.Lacks)
				}
				continue
			}
			// shopt -s alone lists the options that are on.
			if st.Shopt(name) != a.Set {
				continue
			}
		}
		on := st.Shopt(name)
		if !on && len(a.Names) > 0 {
			status = max(status, 1)
		}
		if a.Quiet {
			continue
		}
		WriteOption(&b, name, on, a.Print, "shopt")
	}
	return b.String(), status
}

// runSetO is shopt -o: the set -o options under shopt's flags.
func (a ShoptArgs) runSetO(st Store, errw io.Writer, prog string) (out string, status int) {
	state := st.SetOptions()
	names := a.Names
	explicit := len(names) > 0
	if !explicit {
		names = make([]string, 0, len(state))
		for name := range state {
			names = append(names, name)
		}
		sort.Strings(names)
	}
	var b strings.Builder
	for _, name := range names {
		on, ok := state[name]
		if !ok {
			fmt.Fprintf(errw, "%s: shopt: %s: invalid option name\n", prog, name)
			status = 1
			continue
		}
		if a.Set || a.Unset {
			if explicit {
				status = max(status, st.SetOption(name, a.Set))
				continue
			}
			if on != a.Set {
				continue
			}
		}
		if !on {
			status = max(status, 1)
		}
		if !a.Quiet {
			WriteOption(&b, name, on, a.Print, "set")
		}
	}
	return b.String(), status
}

// WriteOption prints one option as shopt does: "name<TAB>on", or with
// print "shopt -s name" (cmd is shopt) or "set -o name" (cmd is set).
func WriteOption(b *strings.Builder, name string, on, print bool, cmd string) {
	switch {
	case print && cmd == "set":
		sign := "+"
		if on {
			sign = "-"
		}
		fmt.Fprintf(b, "set %so %s\n", sign, name)
	case print:
		flag := "-u"
		if on {
			flag = "-s"
		}
		fmt.Fprintf(b, "shopt %s %s\n", flag, name)
	default:
		state := "off"
		if on {
			state = "on"
		}
		fmt.Fprintf(b, "%-15s\t%s\n", name, state)
	}
}

// ListSet prints every set -o option in values as `set -o` (human) or
// `set +o` (re-readable) does in bash, sorted by name.
func ListSet(values map[string]bool, human bool) string {
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		WriteOption(&b, name, values[name], !human, "set")
	}
	return b.String()
}
