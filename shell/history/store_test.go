package history

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestStoreMatchesRecords runs the store's operations beside a plain
// slice of records and compares them after each step: the offsets into
// the chunks must stay right as the last chunk grows, new chunks start,
// entries go, and the store is packed again.
func TestStoreMatchesRecords(t *testing.T) {
	var st store
	var model []record
	check := func(step string) {
		t.Helper()
		if st.len() != len(model) || len(st.heads) != len(model) {
			t.Fatalf("%s: %d entries, %d heads; want %d", step, st.len(), len(st.heads), len(model))
		}
		for i, want := range model {
			if got := st.record(i); got != want {
				t.Fatalf("%s: entry %d is %+v, want %+v", step, i, got, want)
			}
			if st.heads[i] != head(want.Command) {
				t.Fatalf("%s: head %d is wrong", step, i)
			}
		}
	}
	rec := func(i int) record {
		r := record{sec: int64(1000 + i), first: int64(1000 + i), Status: i % 3,
			Dir: fmt.Sprintf("/dir/%d", i/4), Command: fmt.Sprintf("command number %d %s", i, strings.Repeat("x", i%50))}
		if i%7 == 0 {
			r.id, r.Status = fmt.Sprintf("s.%d", i), StatusUnknown
		}
		return r
	}
	st.reset(nil)
	check("empty")
	for i := range 300 { // past growLimit, several times
		st.add(rec(i))
		model = append(model, rec(i))
	}
	check("added one by one")
	batch := []record{rec(300), rec(301), rec(302)}
	st.add(batch...)
	model = append(model, batch...)
	check("added together")
	st.setStatus(7, 42)
	model[7].Status, model[7].id = 42, ""
	check("status set")
	st.delete(3)
	model = slices.Delete(model, 3, 4)
	check("deleted")
	st.keepLast(100)
	model = model[len(model)-100:]
	check("kept the last 100")
	if len(st.chunks) != 1 {
		t.Errorf("packed again into %d chunks, want 1", len(st.chunks))
	}
	st.add(record{Command: "a\nmulti-line\tcommand", Dir: "/d\\ir"})
	model = append(model, record{Command: "a\nmulti-line\tcommand", Dir: "/d\\ir"})
	check("odd characters")
}

// TestDecodeSharesTheFile: entries without escapes are pieces of the
// file's text, those with escapes are kept unescaped beside it.
func TestDecodeSharesTheFile(t *testing.T) {
	data := string(appendEntry(nil, record{sec: 5, Dir: "/a", Command: "plain"})) +
		string(appendEntry(nil, record{sec: 6, Dir: "/b\tc", Command: "two\nlines", id: "x.1"})) +
		"=x.1\t3\n" +
		string(appendEntry(nil, record{sec: 7, Dir: "/a", Command: "plain again"}))
	d := decode(data, false)
	want := []record{
		{sec: 5, first: 5, Dir: "/a", Command: "plain"},
		{sec: 6, first: 6, Dir: "/b\tc", Command: "two\nlines", Status: 3},
		{sec: 7, first: 7, Dir: "/a", Command: "plain again"},
	}
	if got := d.records(); !slices.Equal(got, want) {
		t.Fatalf("decoded %+v\nwant %+v", got, want)
	}
	if c := d.st.ents; c[0].chunk != 0 || c[1].chunk != 1 || c[2].chunk != 0 {
		t.Errorf("chunks %d %d %d, want 0 1 0", c[0].chunk, c[1].chunk, c[2].chunk)
	}
}
