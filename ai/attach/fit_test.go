package attach

import (
	"fmt"
	"strings"
	"testing"
)

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %04d of the file\n", i)
	}
	return b.String()
}

func TestFitLeavesSmallFilesWhole(t *testing.T) {
	files := []File{{Path: "a", Lines: 3, Head: numbered(3)}}
	got := Fit(files, 1000)
	if got[0].Omitted != 0 || got[0].Head != files[0].Head {
		t.Errorf("a file that fits was cut: %+v", got[0])
	}
}

func TestFitCutsProportionallyAtLines(t *testing.T) {
	big := File{Path: "big", Lines: 1000, Head: numbered(1000)}
	small := File{Path: "small", Lines: 100, Head: numbered(100)}
	budget := 600
	got := Fit([]File{big, small}, budget)
	total := 0
	for _, f := range got {
		total += f.Tokens()
		if f.Omitted == 0 {
			t.Fatalf("%s not cut", f.Path)
		}
		if f.Omitted+countLines(f.Head)+countLines(f.Tail) != f.Lines {
			t.Errorf("%s: %d omitted + %d shown != %d lines", f.Path, f.Omitted, countLines(f.Head)+countLines(f.Tail), f.Lines)
		}
		text := f.Text()
		if !strings.HasPrefix(text, "line 0001 of the file\n") {
			t.Errorf("%s does not start with its first line:\n%s", f.Path, text)
		}
		last := fmt.Sprintf("line %04d of the file\n", f.Lines)
		if !strings.HasSuffix(text, last) {
			t.Errorf("%s does not end with its last line:\n%s", f.Path, text)
		}
		if !strings.Contains(text, fmt.Sprintf("\n[... %d lines left out ...]\n", f.Omitted)) {
			t.Errorf("%s lacks the marker:\n%s", f.Path, text)
		}
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if !strings.HasPrefix(l, "line ") && !strings.HasPrefix(l, "[... ") {
				t.Errorf("%s has a broken line %q", f.Path, l)
			}
		}
	}
	if total > budget {
		t.Errorf("cut files take %d tokens, budget %d", total, budget)
	}
	// Proportional: both keep about the same fraction of their lines.
	fb := float64(got[0].Lines-got[0].Omitted) / float64(got[0].Lines)
	fs := float64(got[1].Lines-got[1].Omitted) / float64(got[1].Lines)
	if fb/fs < 0.7 || fb/fs > 1.4 {
		t.Errorf("kept fractions %.2f and %.2f are not proportional", fb, fs)
	}
	label := got[0].Label()
	if want := fmt.Sprintf("big (%d of 1000 lines left out)", got[0].Omitted); label != want {
		t.Errorf("label %q, want %q", label, want)
	}
}

func TestFitRecutsAListing(t *testing.T) {
	f := File{Path: "d", Dir: true, Lines: 500, Head: numbered(300), Omitted: 200}
	got := Fit([]File{f}, 100)[0]
	if got.Tail != "" || got.Omitted <= 200 || got.Omitted+countLines(got.Head) != 500 {
		t.Errorf("recut listing: omitted %d, head %d lines, tail %q", got.Omitted, countLines(got.Head), got.Tail)
	}
	if !strings.HasSuffix(got.Text(), fmt.Sprintf("[... %d entries left out ...]\n", got.Omitted)) {
		t.Errorf("text:\n%s", got.Text())
	}
}

func TestFitZeroBudget(t *testing.T) {
	got := Fit([]File{{Path: "a", Lines: 10, Head: numbered(10)}}, 0)[0]
	if got.Omitted != 10 || got.Text() != "[... 10 lines left out ...]\n" {
		t.Errorf("zero budget: %+v", got)
	}
}

func TestMapRecountsLines(t *testing.T) {
	f := File{Path: "k", Lines: 3, Head: "-----BEGIN\nsecret\n-----END\n"}
	got := f.Map(func(string) string { return "[REDACTED]\n" })
	if got.Lines != 1 || got.Head != "[REDACTED]\n" {
		t.Errorf("Map: %+v", got)
	}
}
