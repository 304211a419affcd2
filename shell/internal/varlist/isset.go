package varlist

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// IsSet is test -v and [[ -v ]]: whether the variable name is set, where
// name may be an array element, name[subscript] (an arithmetic index, a
// key of an associative array, or @ or * for "has elements"), as in bash.
// A nameref is followed.
func IsSet(cfg *expand.Config, name string) bool {
	base, sub, hasSub := strings.Cut(name, "[")
	if !hasSub {
		return cfg.Env.Get(name).IsSet()
	}
	if !strings.HasSuffix(sub, "]") || !syntax.ValidName(base) {
		return false
	}
	sub = sub[:len(sub)-1]
	vr := cfg.Env.Get(base)
	if vr.Kind == expand.NameRef {
		_, vr = vr.Resolve(cfg.Env)
	}
	if !vr.IsSet() {
		return false
	}
	switch vr.Kind {
	case expand.Associative:
		if sub == "@" || sub == "*" {
			return len(vr.Map) > 0
		}
		_, ok := vr.Map[sub]
		return ok
	case expand.Indexed:
		if sub == "@" || sub == "*" {
			return len(vr.List) > 0
		}
		i, ok := arithIndex(cfg, sub)
		if !ok {
			return false
		}
		idx := make([]int, len(vr.List))
		for k := range idx {
			idx[k] = k
			if vr.Indexes != nil {
				idx[k] = vr.Indexes[k]
			}
		}
		if len(idx) == 0 {
			return false
		}
		if i < 0 {
			i += idx[len(idx)-1] + 1
		}
		for _, k := range idx {
			if k == i {
				return true
			}
		}
		return false
	default: // a string is element 0
		if sub == "@" || sub == "*" {
			return true
		}
		i, ok := arithIndex(cfg, sub)
		return ok && (i == 0 || i == -1)
	}
}

// arithIndex evaluates an array subscript.
func arithIndex(cfg *expand.Config, sub string) (int, bool) {
	if n, err := strconv.Atoi(strings.TrimSpace(sub)); err == nil {
		return n, true
	}
	x, err := syntax.NewParser().Arithmetic(strings.NewReader(sub))
	if err != nil {
		return 0, false
	}
	n, err := expand.Arithm(cfg, x)
	return n, err == nil
}
