package highlight

import (
	"strings"
	"testing"
)

// benchLine is a 300-byte line mixing most classes.
var benchLine = func() string {
	s := `git log --oneline -n 20 "$HOME/src" | grep -v 'fixup' && for f in *.go; do echo "${f%.go}: $(wc -l < "$f")"; done > /tmp/out.txt 2>&1; [[ -n $X ]] || cat <<< "x" # note `
	for len(s) < 300 {
		s += "; ls -la ~/dir"
	}
	return s[:300]
}()

func BenchmarkHighlight300(b *testing.B) {
	pc := NewPathCache()
	path := "/usr/local/bin:/usr/bin:/bin"
	h := &Highlighter{
		Styles: DefaultStyles(),
		Resolver: ResolverFunc(func(name string) CmdKind {
			if strings.ContainsRune(name, '/') {
				return KindNotFound
			}
			if _, ok := pc.Lookup(path, name); ok {
				return KindExternal
			}
			return KindNotFound
		}),
		Danger: func(string) bool { return false },
	}
	if len(benchLine) != 300 {
		b.Fatalf("line is %d bytes", len(benchLine))
	}
	b.ReportAllocs()
	for b.Loop() {
		h.Highlight(benchLine)
	}
}
