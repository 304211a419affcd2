package options

// Flags are the `set` options nosh keeps itself because interp has no
// notion of them. The core guards them with its own lock.
type Flags struct {
	Interactive bool // i
	Login       bool
	Posix       bool
	Hashall     bool // h
	Braceexpand bool // B
	Verbose     bool // v
	Noclobber   bool // C
	Monitor     bool // m
	Notify      bool // b
	Ignoreeof   bool
	Vi, Emacs   bool
	// ModeChosen is set once vi or emacs was chosen by set -o, bind or
	// the configuration; until then the inputrc's editing-mode decides.
	ModeChosen bool
	Nolog      bool
	Xtrace     bool // x: nosh traces commands itself
	Histexpand bool // H: ! history expansion, on in interactive shells
	DashC      bool // $- has c: the commands come from -c
	DashS      bool // $- has s: the commands come from standard input
}

// ByName returns a pointer to one of nosh's own options by name, or nil.
func (f *Flags) ByName(name string) *bool {
	switch name {
	case "hashall":
		return &f.Hashall
	case "braceexpand":
		return &f.Braceexpand
	case "verbose":
		return &f.Verbose
	case "noclobber":
		return &f.Noclobber
	case "monitor":
		return &f.Monitor
	case "notify":
		return &f.Notify
	case "ignoreeof":
		return &f.Ignoreeof
	case "posix":
		return &f.Posix
	case "vi":
		return &f.Vi
	case "emacs":
		return &f.Emacs
	case "nolog":
		return &f.Nolog
	case "xtrace":
		return &f.Xtrace
	case "histexpand":
		return &f.Histexpand
	case "interactive-comments", "history", "keyword", "physical", "privileged",
		"functrace", "errtrace", "onecmd":
		// Accepted for compatibility; they change nothing in nosh.
		return new(bool)
	}
	return nil
}

// letterName is the long name of nosh's own one-letter set options.
func letterName(c byte) string {
	switch c {
	case 'h':
		return "hashall"
	case 'B':
		return "braceexpand"
	case 'v':
		return "verbose"
	case 'C':
		return "noclobber"
	case 'm':
		return "monitor"
	case 'b':
		return "notify"
	case 'x':
		return "xtrace"
	case 'H':
		return "histexpand"
	}
	return ""
}

// ownNames lists nosh's options for `set -o`; read only.
var ownNames = []string{"braceexpand", "emacs", "hashall", "histexpand", "ignoreeof", "monitor",
	"noclobber", "nolog", "notify", "posix", "verbose", "vi", "xtrace"}

// Own returns the values of nosh's own `set -o` options, by name, added
// to all (a map of interp's options).
func (f *Flags) Own(all map[string]bool) map[string]bool {
	for _, name := range ownNames {
		all[name] = *f.ByName(name)
	}
	return all
}

// Dash is the value of $-: interp's options (by name) plus nosh's own
// flags, in bash's order, then c for -c and s for commands read from
// standard input.
func Dash(interp map[string]bool, f Flags) string {
	var b []byte
	for _, x := range []struct {
		on bool
		c  byte
	}{{interp["allexport"], 'a'}, {f.Notify, 'b'}, {interp["errexit"], 'e'}, {interp["noglob"], 'f'},
		{f.Hashall, 'h'}, {f.Interactive, 'i'}, {f.Monitor, 'm'}, {interp["noexec"], 'n'},
		{interp["nounset"], 'u'}, {f.Verbose, 'v'}, {f.Xtrace, 'x'}, {f.Braceexpand, 'B'},
		{f.Noclobber, 'C'}, {f.Histexpand, 'H'}, {f.DashC, 'c'}, {f.DashS, 's'}} {
		if x.on {
			b = append(b, x.c)
		}
	}
	return string(b)
}
