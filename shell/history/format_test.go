package history

import (
	"strings"
	"testing"
	"time"
)

func TestEncodeRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		dir  string
		cmd  string
	}{
		{"plain", "/home/u", "ls -l"},
		{"multi-line", "/tmp", "for f in *; do\n  echo \"$f\"\ndone"},
		{"backslashes", `/a\b`, `printf 'a\nb\\c\\' \` + "\n  more"},
		{"literal escape text", "/", `echo \n \t \\n`},
		{"tabs and CR", "/x\ty", "printf 'a\tb\r\n'"},
		{"trailing newline", "/", "echo hi\n"},
		{"unicode", "/home/ü/日本", "echo héllo 🌍 — ok"},
		{"empty dir", "", "true"},
		{"lone backslash", "/", `\`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := record{sec: 1700000000, Dir: tt.dir, Status: 3, Command: tt.cmd}
			line := appendEntry(nil, in)
			if n := strings.Count(string(line), "\n"); n != 1 || line[len(line)-1] != '\n' {
				t.Fatalf("record %q is not exactly one line", line)
			}
			d := decode(string(line), false)
			if d.st.len() != 1 {
				t.Fatalf("decode(%q) gave %d records, want 1", line, d.st.len())
			}
			got := d.records()[0].entry()
			if got.Command != tt.cmd || got.Dir != tt.dir || got.Status != 3 || !got.Time.Equal(time.Unix(in.sec, 0)) {
				t.Errorf("round trip of %q gave %+v", line, got)
			}
		})
	}
}

func TestDecodeSkipsDamage(t *testing.T) {
	good := func(sec int, cmd string) string {
		return string(appendEntry(nil, record{sec: int64(sec), Dir: "/d", Command: cmd}))
	}
	tests := []struct {
		name string
		data string
		want []string
	}{
		{"partial last line", good(1, "a") + good(2, "b") + "3\t0\t/d\tpart", []string{"a", "b"}},
		// appendLocked ends a cut line with "\t\n", which no field can absorb.
		{"cut in time", good(1, "a") + "17" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"cut in status", good(1, "a") + "17\t1" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"cut in dir", good(1, "a") + "17\t0\t/d" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"cut in command", good(1, "a") + "17\t0\t/d\tcut" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"cut in escape", good(1, "a") + "17\t0\t/d\tcut\\" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"cut status record", good(1, "a") + "=x.1" + "\t\n" + "=x.1\t1" + "\t\n" + good(2, "b"), []string{"a", "b"}},
		{"garbage lines", "hello\n\n\t\t\t\n" + good(1, "a") + "x\t0\t/d\tc\n1\tz\t/d\tc\n" + good(2, "b"), []string{"a", "b"}},
		{"five fields", "1\t0\t/d\tc\td\n" + good(2, "b"), []string{"b"}},
		{"bad escape", "1\t0\t/d\tc\\q\n1\t0\t/d\tc\\\n" + good(2, "b"), []string{"b"}},
		{"empty command", "1\t0\t/d\t\n" + good(2, "b"), []string{"b"}},
		{"empty id", "1\t?\t/d\tc\n" + good(2, "b"), []string{"b"}},
		{"NUL block from a crash", good(1, "a") + "\x00\x00\x00\x00\n" + good(2, "b"), []string{"a", "b"}},
		{"no newline at all", "1\t0\t/d\tc", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			d := decode(tt.data, false)
			for _, r := range d.records() {
				got = append(got, r.Command)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDecodeStatusRecords(t *testing.T) {
	data := "1\t?s.1\t/d\tsleep 9\n" +
		"2\t?t.1\t/d\tother session\n" +
		"3\t0\t/d\tdone\n" +
		"=t.1\t4\n" +
		"=s.1\t130\n" +
		"=nobody\t1\n" +
		"4\t?s.2\t/d\tcrashed\n"
	want := map[string]int{"sleep 9": 130, "other session": 4, "done": 0, "crashed": StatusUnknown}
	d := decode(data, false)
	if d.st.len() != len(want) || d.entries != len(want) {
		t.Fatalf("got %d records, %d entries; want %d", d.st.len(), d.entries, len(want))
	}
	for _, r := range d.records() {
		if r.Status != want[r.Command] {
			t.Errorf("%q: status %d, want %d", r.Command, r.Status, want[r.Command])
		}
	}
	if id := d.records()[3].id; id != "s.2" {
		t.Errorf("the crashed entry's id is %q, want s.2 kept for a late status record", id)
	}
}

func TestDecodeCollapse(t *testing.T) {
	data := "10\t0\t/a\tls\n" +
		"11\t?x.1\t/b\tls\n" +
		"12\t0\t/c\tls\n" +
		"=x.1\t5\n" +
		"13\t1\t/d\tpwd\n" +
		"14\t2\t/e\tls\n"
	d := decode(data, true)
	if d.entries != 5 {
		t.Errorf("entries = %d, want 5 (counted before collapsing)", d.entries)
	}
	type view struct {
		cmd, dir    string
		first, last int64
		status      int
	}
	var got []view
	for _, r := range d.records() {
		got = append(got, view{r.Command, r.Dir, r.first, r.sec, r.Status})
	}
	want := []view{{"ls", "/c", 10, 12, 0}, {"pwd", "/d", 13, 13, 1}, {"ls", "/e", 14, 14, 2}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
