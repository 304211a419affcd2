package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestUnescapeIdempotent checks that rewriting a statement again leaves
// its words as the first rewrite made them (function bodies are rewritten
// each time they run), and that the rewritten words still print as shell
// that parses.
func TestUnescapeIdempotent(t *testing.T) {
	s, _ := newTestShell(t, t.TempDir())
	for _, src := range []string{
		`x=a\ b y=a\"b z=\~ w=a\\ q=\'`,
		`x=~/a\ b:~:c\:~`,
		`case \a in a) :;; esac`,
		`x="${u-a\"b\\\$\}\x}" y=${u-a\ b} z="${a-${u-x\ y}}" h="${u-~}" i=${u-~}`,
		`cat <<E
${u-a\ b} ${u-a\"b}
E`,
		`[[ a\ b == a\ * && -n c\ d ]]`,
		`a=(x\ y z)`,
	} {
		f, err := s.Parser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		print := func() string {
			var b strings.Builder
			syntax.NewPrinter().Print(&b, f)
			return b.String()
		}
		s.rewrite(f)
		once := print()
		s.rewrite(f)
		if twice := print(); twice != once {
			t.Errorf("%q: rewritten again\n%s\nwas\n%s", src, twice, once)
		}
		if _, err := s.Parser().Parse(strings.NewReader(once), ""); err != nil {
			t.Errorf("%q: rewritten as %q, which does not parse: %v", src, once, err)
		}
	}
}
