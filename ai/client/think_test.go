package client

import (
	"strings"
	"testing"
)

// splitAll feeds chunks through a splitter and returns the answer and the
// reasoning it produced.
func splitAll(chunks []string) (answer, reasoning string) {
	var a, r strings.Builder
	s := &thinkSplitter{}
	emit := func(p string, isReasoning bool) error {
		if isReasoning {
			r.WriteString(p)
		} else {
			a.WriteString(p)
		}
		return nil
	}
	for _, c := range chunks {
		_ = s.feed(c, emit)
	}
	_ = s.flush(emit)
	return a.String(), r.String()
}

func TestThinkSplitter(t *testing.T) {
	tests := []struct{ in, answer, reasoning string }{
		{"ls -la", "ls -la", ""},
		{"<think>pick flags</think>ls -la", "ls -la", "pick flags"},
		{"<think>\npick flags\n</think>\n\nls -la", "ls -la", "pick flags\n"},
		{"a <think>b</think> c", "a c", "b"},
		{"<think>unfinished", "", "unfinished"},
		{"x < y && echo <thin", "x < y && echo <thin", ""},
		{"echo '<b>'", "echo '<b>'", ""},
		{"<think>a</think><think>b</think>c", "c", "ab"},
		{"<think>a < b, </thin is not a tag</think>done", "done", "a < b, </thin is not a tag"},
		{"<<think>>x</think>", "<", ">x"},
	}
	for _, tt := range tests {
		// Every way of cutting the input in two and in three must give the
		// same result as the whole.
		cuts := [][]string{{tt.in}}
		for i := 0; i <= len(tt.in); i++ {
			cuts = append(cuts, []string{tt.in[:i], tt.in[i:]})
			for j := i; j <= len(tt.in); j++ {
				cuts = append(cuts, []string{tt.in[:i], tt.in[i:j], tt.in[j:]})
			}
		}
		runes := []string{}
		for _, r := range tt.in {
			runes = append(runes, string(r))
		}
		cuts = append(cuts, runes)
		for _, chunks := range cuts {
			a, r := splitAll(chunks)
			if a != tt.answer || r != tt.reasoning {
				t.Errorf("%q cut as %q: answer %q reasoning %q, want %q %q", tt.in, chunks, a, r, tt.answer, tt.reasoning)
				break
			}
		}
	}
}

// TestThinkSplitterHoldsLittle: text is passed on at once unless its tail
// may begin a tag.
func TestThinkSplitterHoldsLittle(t *testing.T) {
	s := &thinkSplitter{}
	var got []string
	emit := func(p string, _ bool) error { got = append(got, p); return nil }
	_ = s.feed("ls -la", emit)
	_ = s.feed(" /tmp <th", emit)
	if strings.Join(got, "|") != "ls -la| /tmp " || s.pending != "<th" {
		t.Errorf("emitted %q, pending %q", got, s.pending)
	}
}

func FuzzThinkSplitter(f *testing.F) {
	f.Add("<think>a</think>b", 3)
	f.Add("x<th", 1)
	f.Fuzz(func(t *testing.T, in string, cut int) {
		whole, wholeR := splitAll([]string{in})
		if cut < 0 {
			cut = -cut
		}
		cut %= len(in) + 1
		a, r := splitAll([]string{in[:cut], in[cut:]})
		if a != whole || r != wholeR {
			t.Errorf("%q cut at %d: %q %q, whole %q %q", in, cut, a, r, whole, wholeR)
		}
		if !strings.Contains(in, thinkOpen) && (a != in || r != "") {
			t.Errorf("%q has no tag but became %q / %q", in, a, r)
		}
	})
}
