package history

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"
)

// writeSample writes a history file of n entries spread over a few
// directories, with the occasional multi-line command.
func writeSample(b *testing.B, n int) string {
	path := filepath.Join(b.TempDir(), "history")
	var data []byte
	dirs := []string{"/home/user", "/home/user/src/nosh", "/tmp", "/etc/nginx/sites-available"}
	for i := range n {
		cmd := fmt.Sprintf("git commit -m 'change number %d' --author someone", i)
		if i%20 == 0 {
			cmd = fmt.Sprintf("for f in *.go; do\n\tgofmt -l \"$f\" # %d\ndone", i)
		}
		r := record{sec: 1700000000 + int64(i), Dir: dirs[i%len(dirs)], Status: i % 3, Command: cmd}
		data = appendEntry(data, r)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		b.Fatal(err)
	}
	return path
}

func BenchmarkLoad10k(b *testing.B) {
	path := writeSample(b, 10_000)
	b.ReportAllocs()
	for b.Loop() {
		h, err := Open(Options{Path: path, Size: 10_000, Dedupe: true})
		if err != nil || h.Len() != 10_000 {
			b.Fatalf("Open: %v, Len %d", err, h.Len())
		}
	}
}

func BenchmarkSuggest10k(b *testing.B) {
	h, err := Open(Options{Path: writeSample(b, 10_000)})
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct{ name, prefix, dir string }{
		{"recent", "git commit -m 'change number 99", "/tmp"},
		{"other dir", "for f", "/nowhere"},
		{"no match", "docker run", "/tmp"},
		{"no match same first byte", "gitk", "/tmp"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				h.Suggest(c.prefix, c.dir)
			}
		})
	}
}

func BenchmarkAdd(b *testing.B) {
	h, err := Open(Options{Path: writeSample(b, 10_000), Size: 10_000})
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		if err := h.Add(Entry{Dir: "/tmp", Command: fmt.Sprintf("echo %d", i), Status: StatusUnknown}); err != nil {
			b.Fatal(err)
		}
		if err := h.SetStatus(0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCollect is a garbage collection with no history and with
// 10 000 entries loaded: what each collection in an interactive shell
// pays for its history, since the editor's garbage brings one every few
// dozen keys.
func BenchmarkCollect(b *testing.B) {
	for _, n := range []int{0, 10_000} {
		b.Run(fmt.Sprintf("%d entries", n), func(b *testing.B) {
			h, err := Open(Options{Path: writeSample(b, n), Size: 10_000})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				runtime.GC()
			}
			// What each collection must scan for pointers, in all
			// (the test binary's own included).
			m := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
			metrics.Read(m)
			b.ReportMetric(float64(m[0].Value.Uint64()), "heap-scanned-B")
			runtime.KeepAlive(h)
		})
	}
}
