package history

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strconv"
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

// BenchmarkLoadLarge loads a history file of 500 000 entries (45 MB, one
// that grew with Size 0, or copied from another machine): with the
// default Size, which keeps the last 10 000, and with Size 0, which keeps
// them all. peak-RSS-B is the most memory a process that only loads it
// ever had resident, less that of one that loads an empty file; kept-B
// what the history holds after the load.
func BenchmarkLoadLarge(b *testing.B) {
	path := writeSample(b, 500_000)
	empty := filepath.Join(b.TempDir(), "empty")
	for _, size := range []int{10_000, 0} {
		b.Run(fmt.Sprintf("Size %d", size), func(b *testing.B) {
			b.ReportAllocs()
			var kept uint64
			for b.Loop() {
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				h, err := Open(Options{Path: path, Size: size, Dedupe: true})
				if err != nil || h.Len() == 0 {
					b.Fatalf("Open: %v, Len %d", err, h.Len())
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				kept = after.HeapAlloc - before.HeapAlloc
				runtime.KeepAlive(h)
			}
			b.ReportMetric(float64(kept), "kept-B")
			b.ReportMetric(float64(peakRSS(b, path, size)-peakRSS(b, empty, size)), "peak-RSS-B")
		})
	}
}

// peakRSS runs this test binary to load the history file at path alone,
// and returns the peak of its resident memory (VmHWM).
func peakRSS(b *testing.B, path string, size int) int64 {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadPeakHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "NOSH_HISTORY_PEAK="+path, fmt.Sprintf("NOSH_HISTORY_PEAK_SIZE=%d", size))
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("peak helper: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`peak (\d+) kB`).FindSubmatch(out)
	if m == nil {
		b.Fatalf("peak helper said %q", out)
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb << 10
}

// TestLoadPeakHelper is BenchmarkLoadLarge's process that loads a file:
// it does nothing in a test run.
func TestLoadPeakHelper(t *testing.T) {
	path := os.Getenv("NOSH_HISTORY_PEAK")
	if path == "" {
		t.Skip("only run by BenchmarkLoadLarge")
	}
	size, _ := strconv.Atoi(os.Getenv("NOSH_HISTORY_PEAK_SIZE"))
	h, err := Open(Options{Path: path, Size: size, Dedupe: true})
	if err != nil {
		t.Fatal(err)
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	if m == nil {
		t.Fatalf("no VmHWM in %s", status)
	}
	fmt.Printf("peak %s kB\n", m[1])
	runtime.KeepAlive(h)
}
