package engine

import "testing"

func TestBadSubstitution(t *testing.T) {
	for body, bad := range map[string]bool{
		"#x:1": true, "#x-def": true, "a&": true, " ": true, "a b": true, "1a": true, "@x": true,
		"#": false, "##": false, "#-": false, "#a[@]": false, "#@": false, "x:1": false, "!x": false,
		"#x[1]": false, "a%%b": false, "a^^": false, "a@Q": false, "a,": false, "#1": false,
		"#10": false, "#!": false, "#?": false, "a-": false, "!pre*": false, "!pre@": false,
		"!a[@]": false, "#-x": false, "#:1": false, "x/a/b": false, "10": false, "a[1]": false,
	} {
		if got := badSubstitution(body); got != bad {
			t.Errorf("${%s}: bad %v, want %v", body, got, bad)
		}
	}
}
