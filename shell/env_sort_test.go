package shell

import (
	"slices"
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// TestSortByNameAsListEnviron checks that sorting an environment with
// sortByName before expand.ListEnviron changes nothing ListEnviron makes
// of it: the same pairs, in the same order, the same duplicate kept.
func TestSortByNameAsListEnviron(t *testing.T) {
	tests := [][]string{
		{},
		{"A=1"},
		{"PATH=/bin", "HOME=/root", "A=1", "SHLVL=2"},
		{"A_B=2", "A=1", "AB=3", "A0=4", "a=5", "_=6"},
		{"X=2", "X=1", "Y=0", "X=3"},                // a name set twice: the last wins
		{"A=b=c", "A==", "B=", "=nameless", "noeq"}, // invalid pairs dropped
		{"LONG_NAME_1=x", "LONG_NAME=y", "LONG_NAME_=z", "LONG=w"},
		{"é=1", "e=2", "Z=3", "z=4"},
	}
	for _, env := range tests {
		var want, got []string
		expand.ListEnviron(slices.Clone(env)...).Each(func(name string, vr expand.Variable) bool {
			want = append(want, name+"="+vr.String())
			return true
		})
		sorted := slices.Clone(env)
		sortByName(sorted)
		expand.ListEnviron(sorted...).Each(func(name string, vr expand.Variable) bool {
			got = append(got, name+"="+vr.String())
			return true
		})
		if !slices.Equal(got, want) {
			t.Errorf("%q: ListEnviron after sortByName gives %q, want %q", env, got, want)
		}
	}
}
