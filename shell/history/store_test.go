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
		switch i % 11 {
		case 1:
			r.first -= 500 // duplicates folded in
		case 2:
			r.first += 5 // a clock that went back
		case 3:
			r.first -= 1 << 33 // older than back can say
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
	for _, i := range []int{3, 14, 0} { // plain, with an id, with a first kept apart
		st.delete(i)
		model = slices.Delete(model, i, i+1)
		check(fmt.Sprintf("deleted %d", i))
	}
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

// TestDecodeKeepsCommandsOnly: the store keeps the commands' text
// (unescaped), each directory once, and nothing of the file's own text,
// which would otherwise stay live for the session.
func TestDecodeKeepsCommandsOnly(t *testing.T) {
	data := string(appendEntry(nil, record{sec: 5, Dir: "/a", Command: "plain"})) +
		string(appendEntry(nil, record{sec: 6, Dir: "/b\tc", Command: "two\nlines", id: "x.1"})) +
		"=x.1\t3\n" +
		string(appendEntry(nil, record{sec: 7, Dir: "/a", Command: "plain again"})) +
		string(appendEntry(nil, record{sec: 8, Dir: "/a", Command: "waiting", id: "x.2"}))
	d := decode(data, false)
	want := []record{
		{sec: 5, first: 5, Dir: "/a", Command: "plain"},
		{sec: 6, first: 6, Dir: "/b\tc", Command: "two\nlines", Status: 3},
		{sec: 7, first: 7, Dir: "/a", Command: "plain again"},
		{sec: 8, first: 8, Dir: "/a", Command: "waiting", Status: StatusUnknown, id: "x.2"},
	}
	if got := d.records(); !slices.Equal(got, want) {
		t.Fatalf("decoded %+v\nwant %+v", got, want)
	}
	if got := d.st.chunks; !slices.Equal(got, []string{"plaintwo\nlinesplain againwaiting"}) {
		t.Errorf("chunks %q, want the commands alone", got)
	}
	if got := d.st.dirs; !slices.Equal(got, []string{"/a", "/b\tc"}) {
		t.Errorf("directories %q, want each once", got)
	}
}

// TestDecodeCollapsesRuns: with collapse, a run of one command is one
// entry with the run's first and last times, and its text is kept once.
func TestDecodeCollapsesRuns(t *testing.T) {
	var data []byte
	for i, c := range []string{"ls", "ls", "ls", "make", "ls"} {
		data = appendEntry(data, record{sec: int64(10 + i), Dir: "/w", Command: c})
	}
	d := decode(string(data), true)
	want := []record{
		{sec: 12, first: 10, Dir: "/w", Command: "ls"},
		{sec: 13, first: 13, Dir: "/w", Command: "make"},
		{sec: 14, first: 14, Dir: "/w", Command: "ls"},
	}
	if got := d.records(); !slices.Equal(got, want) {
		t.Fatalf("decoded %+v\nwant %+v", got, want)
	}
	if got := d.st.chunks[0]; got != "lsmakels" {
		t.Errorf("text %q, want %q", got, "lsmakels")
	}
	if d.entries != 5 {
		t.Errorf("%d entry records counted, want 5", d.entries)
	}
}
