package complete

import (
	"strings"
	"testing"
)

// FuzzComplete checks that any line and cursor give a result whose
// candidates all replace exactly the text before the cursor.
func FuzzComplete(f *testing.F) {
	for _, s := range []string{`ls "my`, `echo $(ls 'a`, `? x @"a b`, "cat <<EOF\nx", `[[ -f x`, `a=b c=$(d`, `git checkout -`, `${x:-$(`, `~ro`, `make -C`, `kill -`} {
		f.Add(s, uint(len(s)))
	}
	c, _ := testCompleter(f)
	f.Fuzz(func(t *testing.T, line string, cursor uint) {
		cur := int(cursor % uint(len(line)+1))
		r := c.Complete(line, cur)
		if r.Start+len(r.Prefix) != cur || line[r.Start:cur] != r.Prefix {
			t.Fatalf("Prefix %q at %d does not end at the cursor %d of %q", r.Prefix, r.Start, cur, line)
		}
		for _, cand := range r.Candidates {
			if !strings.HasPrefix(cand.Value, r.Prefix) {
				t.Fatalf("candidate %q does not start with %q", cand.Value, r.Prefix)
			}
		}
		r.Readline()
	})
}
