package arith

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// RunnerVars gives the evaluator the variables of a runner.
type RunnerVars struct {
	// R is the runner.
	R *interp.Runner
}

// Nounset implements Vars.
func (ra RunnerVars) Nounset() bool { return *interpunsafe.Option(ra.R, "nounset") }

// resolve follows a name reference.
func (ra RunnerVars) resolve(name string) (string, expand.Variable) {
	vr := interpunsafe.LookupVar(ra.R, name)
	if vr.Kind == expand.NameRef {
		if n, v := vr.Resolve(interpunsafe.ExpandConfig(ra.R).Env); n != "" {
			return n, v
		}
	}
	return name, vr
}

// subscript evaluates the subscript of an indexed array element; a
// negative one counts back from the end.
func (ra RunnerVars) subscript(name string, vr expand.Variable, sub string, expr string, depth int) (int, error) {
	if strings.TrimSpace(sub) == "" {
		return 0, &Error{Expr: expr, Msg: name + "[" + sub + "]: bad array subscript", NoToken: true}
	}
	k, err := Eval(ra, sub, depth+1)
	if err != nil {
		return 0, err
	}
	if k < 0 {
		k += int64(indexedMax(vr)) + 1
		if k < 0 {
			return 0, &Error{Expr: expr, Msg: name + "[" + sub + "]: bad array subscript", NoToken: true}
		}
	}
	return int(k), nil
}

// Get implements Vars.
func (ra RunnerVars) Get(name string, sub *string, expr string, depth int) (string, bool, error) {
	name, vr := ra.resolve(name)
	if sub == nil {
		switch vr.Kind {
		case expand.Indexed:
			v, ok := indexedGet(vr, 0)
			return v, ok, nil
		case expand.Associative:
			v, ok := vr.Map["0"]
			return v, ok, nil
		}
		return vr.Str, vr.IsSet(), nil
	}
	// Under set -u an unset element of a set array is 0, as in bash;
	// only an unset array is unset.
	if vr.Kind == expand.Associative {
		v := vr.Map[assocKey(*sub)]
		return v, vr.IsSet(), nil
	}
	k, err := ra.subscript(name, vr, *sub, expr, depth)
	if err != nil {
		return "", false, err
	}
	switch vr.Kind {
	case expand.Indexed:
		v, _ := indexedGet(vr, k)
		return v, vr.IsSet(), nil
	case expand.String:
		if k == 0 {
			return vr.Str, vr.IsSet(), nil
		}
		return "", vr.IsSet(), nil
	}
	return "", false, nil
}

// Set implements Vars.
func (ra RunnerVars) Set(name string, sub *string, value int64, expr string, depth int) error {
	name, vr := ra.resolve(name)
	val := strconv.FormatInt(value, 10)
	if vr.ReadOnly {
		return &Error{Expr: expr, Msg: name + ": readonly variable", NoToken: true}
	}
	switch {
	case vr.Kind == expand.Associative:
		key := "0"
		if sub != nil {
			key = assocKey(*sub)
		}
		m := make(map[string]string, len(vr.Map)+1)
		for k, v := range vr.Map {
			m[k] = v
		}
		m[key] = val
		vr.Map = m
	case sub != nil || vr.Kind == expand.Indexed:
		k := 0
		if sub != nil {
			var err error
			if k, err = ra.subscript(name, vr, *sub, expr, depth); err != nil {
				return err
			}
		}
		if vr.Kind != expand.Indexed {
			old := vr
			vr.List, vr.Indexes = nil, nil
			if old.Kind == expand.String && old.IsSet() {
				vr.List = []string{old.Str}
			}
			vr.Kind = expand.Indexed
		}
		vr.List, vr.Indexes = indexedSet(vr.List, vr.Indexes, k, val)
	default:
		vr.Kind, vr.Str = expand.String, val
	}
	vr.Set = true
	if err := interpunsafe.SetVarChecked(ra.R, name, vr); err != nil {
		return &Error{Expr: expr, Msg: err.Error(), NoToken: true}
	}
	return nil
}

// assocKey is an associative array's key as written in an expression,
// without its quotes.
func assocKey(sub string) string {
	sub = strings.TrimSpace(sub)
	if len(sub) >= 2 && (sub[0] == '"' || sub[0] == '\'') && sub[len(sub)-1] == sub[0] {
		return sub[1 : len(sub)-1]
	}
	return sub
}

// indexedGet returns element k of an indexed array.
func indexedGet(vr expand.Variable, k int) (string, bool) {
	if vr.Indexes == nil {
		if k >= 0 && k < len(vr.List) {
			return vr.List[k], true
		}
		return "", false
	}
	i := sort.SearchInts(vr.Indexes, k)
	if i < len(vr.Indexes) && vr.Indexes[i] == k {
		return vr.List[i], true
	}
	return "", false
}

// indexedMax is the highest index of an indexed array, -1 when empty.
func indexedMax(vr expand.Variable) int {
	if vr.Kind != expand.Indexed {
		if vr.IsSet() {
			return 0
		}
		return -1
	}
	if vr.Indexes == nil {
		return len(vr.List) - 1
	}
	if len(vr.Indexes) == 0 {
		return -1
	}
	return vr.Indexes[len(vr.Indexes)-1]
}

// indexedSet returns copies of an array's list and indexes with element k
// set to val. The array stays dense while it can.
func indexedSet(list []string, indexes []int, k int, val string) ([]string, []int) {
	list = slices.Clone(list)
	if indexes == nil {
		switch {
		case k < len(list):
			list[k] = val
			return list, nil
		case k == len(list):
			return append(list, val), nil
		}
		indexes = make([]int, len(list))
		for i := range indexes {
			indexes[i] = i
		}
	} else {
		indexes = slices.Clone(indexes)
	}
	i := sort.SearchInts(indexes, k)
	if i < len(indexes) && indexes[i] == k {
		list[i] = val
		return list, indexes
	}
	list = slices.Insert(list, i, val)
	indexes = slices.Insert(indexes, i, k)
	return list, indexes
}
