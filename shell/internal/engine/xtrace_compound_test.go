package engine

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestMentionsSetX: mentionsSetX finds what the regular expression it
// stands for finds, on chosen lines and on random ones made of the
// characters that matter.
func TestMentionsSetX(t *testing.T) {
	re := regexp.MustCompile(`\bset\s+-[A-Za-z]*x`)
	lines := []string{
		"", "set", "set -x", "set -ex", "set -xv", "set -e", "set  \t-vx", "set x", "set -- -x",
		"reset -x", "_set -x", "1set -x", "(set -x)", ";set -ex;", "echo $(set -x)", "set\n-x",
		"set -e -x", "set -e; set -x", "set -9x", "set -X", "set -", "sets -x", "set-x", "é set -x",
		"assets set -fx", "set\v-x", "set -exé",
	}
	for _, l := range lines {
		if got, want := mentionsSetX(l), re.MatchString(l); got != want {
			t.Errorf("mentionsSetX(%q) = %v, want %v", l, got, want)
		}
	}
	const alphabet = "set -x_ \t\nav9;é"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		l := string(b)
		if got, want := mentionsSetX(l), re.MatchString(l); got != want {
			t.Fatalf("mentionsSetX(%q) = %v, want %v", l, got, want)
		}
	}
}
