package history

import (
	"slices"
	"testing"

	"github.com/reeflective/readline"
)

var _ readline.History = (*ReadlineSource)(nil)

func TestReadlineSource(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Command: "one"})
	add(t, h, Entry{Command: "two\nlines"})
	src := h.ReadlineSource()

	if n, err := src.Write("typed"); n != 2 || err != nil {
		t.Errorf("Write = %d, %v; want 2, nil", n, err)
	}
	if src.Len() != 2 {
		t.Errorf("Write changed the history: Len %d", src.Len())
	}
	if n := open(t, Options{Path: path}).Len(); n != 2 {
		t.Errorf("Write persisted: the file holds %d entries", n)
	}
	for i, want := range []string{"one", "two\nlines"} {
		if got, err := src.GetLine(i); got != want || err != nil {
			t.Errorf("GetLine(%d) = %q, %v; want %q", i, got, err, want)
		}
	}
	for _, i := range []int{-1, 2} {
		if _, err := src.GetLine(i); err == nil {
			t.Errorf("GetLine(%d) succeeded", i)
		}
	}
	dump, ok := src.Dump().([]Entry)
	if !ok || len(dump) != 2 || dump[1].Command != "two\nlines" {
		t.Errorf("Dump() = %#v", src.Dump())
	}
	add(t, h, Entry{Command: "three"})
	if got, _ := src.GetLine(src.Len() - 1); got != "three" {
		t.Errorf("the newest line after Add is %q", got)
	}
	if got := commands(h); !slices.Equal(got, []string{"one", "two\nlines", "three"}) {
		t.Errorf("entries %q", got)
	}
}
