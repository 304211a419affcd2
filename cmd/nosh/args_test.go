package main

import (
	"reflect"
	"testing"
)

func TestParseOptions(t *testing.T) {
	for _, tt := range []struct {
		argv []string
		want Options
		err  string
	}{
		{[]string{"nosh"}, Options{Name: "nosh", Stdin: true}, ""},
		{[]string{"-nosh"}, Options{Name: "nosh", Login: true, Stdin: true}, ""},
		{[]string{"/bin/sh", "x.sh", "a"}, Options{Name: "x.sh", Posix: true, Script: "x.sh", Args: []string{"a"}}, ""},
		{[]string{"nosh", "-c", "echo $0", "me", "1", "2"},
			Options{Name: "me", HasCommand: true, Command: "echo $0", Args: []string{"1", "2"}}, ""},
		{[]string{"nosh", "-ec", "true"}, Options{Name: "nosh", HasCommand: true, Command: "true", Set: []string{"-e"}}, ""},
		{[]string{"nosh", "-o", "pipefail", "+o", "posix", "-O", "extglob", "+O", "nullglob", "-s", "a"},
			Options{Name: "nosh", Set: []string{"-o", "pipefail", "+o", "posix"}, Shopt: []string{"-s", "extglob", "-u", "nullglob"},
				Stdin: true, Args: []string{"a"}}, ""},
		{[]string{"nosh", "-o"}, Options{Name: "nosh", Set: []string{"-o"}, Stdin: true}, ""},
		{[]string{"nosh", "+i", "--norc", "--noprofile", "--rcfile", "rc", "--posix", "--login"},
			Options{Name: "nosh", InteractiveSet: true, NoRC: true, NoProfile: true, RCFile: "rc", Posix: true, Login: true, Stdin: true}, ""},
		{[]string{"nosh", "--", "-x"}, Options{Name: "-x", Script: "-x"}, ""},
		{[]string{"nosh", "-", "-x"}, Options{Name: "-x", Script: "-x"}, ""},
		{[]string{"nosh", "+", "a"}, Options{Name: "+", Script: "+", Args: []string{"a"}}, ""},
		{[]string{"nosh", "-c"}, Options{}, "-c: option requires an argument"},
		{[]string{"nosh", "+c", "x"}, Options{}, "+c: invalid option"},
		{[]string{"nosh", "-Z"}, Options{}, "-Z: invalid option"},
		{[]string{"nosh", "--rcfile"}, Options{}, "--rcfile: option requires an argument"},
		{[]string{"nosh", "--bogus"}, Options{}, "--bogus: invalid option"},
	} {
		got, err := ParseOptions(tt.argv)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseOptions(%q): error %v, want %q", tt.argv, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseOptions(%q): %v", tt.argv, err)
			continue
		}
		if len(got.Args) == 0 {
			got.Args = nil // no operands, however they are spelled
		}
		if !reflect.DeepEqual(*got, tt.want) {
			t.Errorf("ParseOptions(%q) =\n%+v, want\n%+v", tt.argv, *got, tt.want)
		}
	}
}
