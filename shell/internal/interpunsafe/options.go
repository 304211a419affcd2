package interpunsafe

import "mvdan.cc/sh/v3/interp"

// OptName is one of interp's set options with its one-letter flag (0 for
// none).
type OptName struct {
	Flag byte
	Name string
}

// posixOpts are interp's set options, in the order of its internal table
// (api.go posixOptsTable).
var posixOpts = [...]OptName{
	{'a', "allexport"}, {'e', "errexit"}, {'n', "noexec"}, {'f', "noglob"},
	{'u', "nounset"}, {'x', "xtrace"}, {0, "pipefail"},
}

// bashOpts are the supported bash options at the start of interp's
// bashOptsTable, in order; they follow posixOpts in the opts array.
var bashOpts = [...]string{"dotglob", "expand_aliases", "extglob", "globstar", "nocaseglob", "nullglob"}

// optIndex is option name's index in interp's opts array: a search of
// the thirteen names (a map built from them cost every start-up its
// filling).
func optIndex(name string) (int, bool) {
	for i, o := range posixOpts {
		if o.Name == name {
			return i, true
		}
	}
	for i, n := range bashOpts {
		if n == name {
			return len(posixOpts) + i, true
		}
	}
	return 0, false
}

// SetOptions returns interp's set options, in the order of its table.
func SetOptions() []OptName { return posixOpts[:] }

// BashOptions returns the bash options interp supports, in its order.
func BashOptions() []string { return bashOpts[:] }

// Option returns a pointer to one of interp's options in r by name: a set
// option or a supported bash one. It is nil for an unknown name.
func Option(r *interp.Runner, name string) *bool {
	i, ok := optIndex(name)
	if !ok {
		return nil
	}
	return &ptr[[len(posixOpts) + len(bashOpts)]bool](r, fieldOpts)[i]
}

// SetOptionValues returns interp's set options in r by name (empty for a
// nil r).
func SetOptionValues(r *interp.Runner) map[string]bool {
	out := make(map[string]bool, len(posixOpts))
	if r == nil {
		return out
	}
	for _, o := range posixOpts {
		out[o.Name] = *Option(r, o.Name)
	}
	return out
}
