package highlight

import (
	"fmt"
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

// BenchmarkHighlightTyping is the highlighter's work per key typed: the
// line as it grows a byte at a time, to 20, 40 and 80 bytes, coloured
// whole at every key, as the editor asks for it.
func BenchmarkHighlightTyping(b *testing.B) {
	h := &Highlighter{
		Styles:   DefaultStyles(),
		Resolver: ResolverFunc(func(name string) CmdKind { return KindExternal }),
		Danger:   func(string) bool { return false },
	}
	const line = `git log --oneline -n 20 | grep -v 'fixup' > "$HOME/out.txt"; ls -la ~/src | wc -l`
	for _, n := range []int{20, 40, 80} {
		b.Run(fmt.Sprintf("%d bytes", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				h.Highlight(line[:i%n+1])
				i++
			}
		})
	}
}
