package markdown

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// feed renders in by pieces of chunk bytes, as a stream arrives.
func feed(in string, opt Options, chunk int) string {
	var b strings.Builder
	r := New(&b, opt)
	for len(in) > 0 {
		n := min(chunk, len(in))
		r.Write([]byte(in[:n]))
		in = in[n:]
	}
	r.Close()
	return b.String()
}

// visible shows escape sequences in a golden file as ␛.
func visible(s string) string { return strings.ReplaceAll(s, "\x1b", "␛") }

// TestGolden renders model-style answers (testdata/*.md: a report with
// headings after text, a table and lists; nested lists with code in
// items; code blocks of several languages; French, Japanese and emoji)
// as plain text at 40 and 120 columns and in colour at 80, and checks
// that any way of cutting the stream gives the same output.
func TestGolden(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.md")
	if len(inputs) < 4 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	cases := []struct {
		suffix string
		opt    Options
	}{
		{"40.golden", Options{Width: 40}},
		{"120.golden", Options{Width: 120}},
		{"color80.golden", Options{Width: 80, Color: true}},
	}
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			name := strings.TrimSuffix(in, ".md") + "." + c.suffix
			got := Render(string(src), c.opt)
			for _, chunk := range []int{1, 3, 7, 64} {
				if s := feed(string(src), c.opt, chunk); s != got {
					t.Errorf("%s: fed by %d bytes, the output differs:\n%s", name, chunk, s)
				}
			}
			if *update {
				os.WriteFile(name, []byte(visible(got)), 0o644)
				continue
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if visible(got) != string(want) {
				t.Errorf("%s differs; got:\n%s", name, visible(got))
			}
		}
	}
}

// codeLine matches the lines the goldens' code blocks hold, which are
// never wrapped and may be wider than the terminal.
var codeLine = regexp.MustCompile(`^ *(docker|sudo|make|func|\s+f,|\s+if|\s+return|\s+}|}|\$|init|[-+]\s)`)

// TestLinesFitTheWidth checks every line of prose at both widths,
// counting wide characters as two columns.
func TestLinesFitTheWidth(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.md")
	for _, in := range inputs {
		src, _ := os.ReadFile(in)
		for _, w := range []int{24, 40, 120} {
			for _, l := range strings.Split(Render(string(src), Options{Width: w}), "\n") {
				if Width(l) > w && !codeLine.MatchString(l) {
					t.Errorf("%s at %d: %d columns: %q", in, w, Width(l), l)
				}
			}
		}
	}
}

// TestStreamsBlockByBlock checks that each block is written as soon as
// it is complete, and nothing before.
func TestStreamsBlockByBlock(t *testing.T) {
	var b strings.Builder
	r := New(&b, Options{Width: 80})
	steps := []struct{ in, shown string }{
		{"# Disk", ""},
		{" usage\n", "Disk usage\n"},
		{"First para", ""},
		{"graph goes on\n", ""},
		{"\n", "First paragraph goes on\n"},
		{"- one\n- tw", "\n• one\n"},
		{"o\n\n```sh\nls -l\n", "• two\n\n  ls -l\n"},
		{"```\n| a | b |\n", ""},
		{"|---|---|\n| 1 | 2 |\n", ""},
		{"\nend", "a  b\n─  ─\n1  2\n"},
	}
	shown := 0
	for _, s := range steps {
		r.Write([]byte(s.in))
		if got := b.String()[shown:]; got != s.shown {
			t.Errorf("after %q: shown %q, want %q", s.in, got, s.shown)
		}
		shown = b.Len()
	}
	r.Close()
	if got := b.String()[shown:]; got != "\nend\n" {
		t.Errorf("Close wrote %q", got)
	}
}

// TestFlushSeparatesReplies is the agent's case: the text a model sent
// before a tool call, without a newline, must not run into the next
// reply, even when that starts with a heading.
func TestFlushSeparatesReplies(t *testing.T) {
	var b strings.Builder
	r := New(&b, Options{Width: 80})
	r.Write([]byte("Checking three things."))
	r.Flush()
	if b.String() != "Checking three things.\n" {
		t.Fatalf("after Flush: %q", b.String())
	}
	r.Write([]byte("# Disk usage report\n\n```sh\ndu -sh /var"))
	r.Flush()
	r.Write([]byte("Done"))
	r.Close()
	want := "Checking three things.\nDisk usage report\n\n  du -sh /var\nDone\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}

func TestInline(t *testing.T) {
	for _, c := range []struct {
		in, plain, color string
	}{
		{"**b** *i* `c`", "b i `c`", "␛[1mb␛[0m ␛[3mi␛[0m ␛[36mc␛[0m"},
		{"snake_case_name 2*3*4 a * b", "snake_case_name 2*3*4 a * b", "snake_case_name 2*3*4 a * b"},
		{"***both*** and __bold__ _it_", "both and bold it", "␛[1;3mboth␛[0m and ␛[1mbold␛[0m ␛[3mit␛[0m"},
		{"*a **b** c*", "a b c", "␛[3ma␛[0m ␛[1;3mb␛[0m ␛[3mc␛[0m"},
		{"~~old~~ new", "old new", "␛[9mold␛[0m new"},
		{"``a ` b`` \\*not\\*", "``a ` b`` *not*", "␛[36ma ` b␛[0m *not*"},
		{"see [docs](https://x.io/a_(b)) now", "see docs (https://x.io/a_(b)) now", "see ␛[4;34mdocs␛[0m ␛[2m(https://x.io/a_(b))␛[0m now"},
		{"<https://x.io> and ![logo](l.png)", "https://x.io and logo (l.png)", "␛[4;34mhttps://x.io␛[0m and ␛[4;34mlogo␛[0m ␛[2m(l.png)␛[0m"},
		{"**unclosed and `open", "**unclosed and `open", "**unclosed and `open"},
		{"a<br>b", "a\nb", "a\nb"},
	} {
		if got := Render(c.in, Options{}); got != c.plain+"\n" {
			t.Errorf("plain %q:\n got %q\nwant %q", c.in, got, c.plain+"\n")
		}
		if got := visible(Render(c.in, Options{Color: true})); got != c.color+"\n" {
			t.Errorf("color %q:\n got %q\nwant %q", c.in, got, c.color+"\n")
		}
	}
}

func TestHyperlinks(t *testing.T) {
	got := Render("see [the docs](https://x.io/d) for **[more](https://x.io/m)**", Options{Color: true, Hyperlinks: true})
	want := "see \x1b]8;;https://x.io/d\x1b\\\x1b[4;34mthe docs\x1b[0m\x1b]8;;\x1b\\ for \x1b]8;;https://x.io/m\x1b\\\x1b[1;4;34mmore\x1b[0m\x1b]8;;\x1b\\\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// Wrapped, each line is a link of its own and the URL is not shown.
	got = Render("[a link whose text is long](https://x.io)", Options{Width: 20, Color: true, Hyperlinks: true})
	if strings.Count(got, "\x1b]8;;https://x.io\x1b\\") != 2 || strings.Contains(got, "(https") {
		t.Errorf("wrapped link: %q", got)
	}
}

func TestBlocks(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"heading after text", "Checking.\n# Report\ntext", "Checking.\n\nReport\ntext\n"},
		{"setext", "Title\n=====\nSub\n---\nx", "Title\n\nSub\nx\n"},
		{"closing hashes", "## Size ##", "Size\n"},
		{"rule", "a\n\n---\n\nb", "a\n\n" + strings.Repeat("─", 40) + "\n\nb\n"},
		{"numbered keeps numbers", "3. c\n4) d", "3. c\n4) d\n"},
		{"lazy continuation", "- one\nstill one\n- two", "• one\n  still one\n• two\n"},
		{"loose list", "- a\n\n- b", "• a\n\n• b\n"},
		{"paragraph in item", "1. a\n\n   more a\n2. b", "1. a\n\n   more a\n2. b\n"},
		{"list ends", "- a\n\nafter", "• a\n\nafter\n"},
		{"nested", "- a\n  - b\n    - c\n  - d\n- e", "• a\n  ◦ b\n    ▪ c\n  ◦ d\n• e\n"},
		{"empty item", "-\n- x", "•\n• x\n"},
		{"not a list", "-v is verbose\n**bold** line", "-v is verbose\nbold line\n"},
		{"quote", "> a **b**\n> - c\nd", "│ a b\n│ • c\nd\n"},
		{"tilde fence", "~~~\n``` not closing\n~~~\nx", "  ``` not closing\nx\n"},
		{"unclosed fence", "```\ncode", "  code\n"},
		{"indented fence in item", "- run:\n  ```\n  ls\n  ```", "• run:\n    ls\n"},
		{"table after text", "Sizes:\n| a | b |\n|:-:|--:|\n| 1 | 22 |", "Sizes:\na   b\n─  ──\n1  22\n"},
		{"not a table", "a | b\nc | d", "a | b\nc | d\n"},
		{"escaped pipe and code", "| x | y |\n|---|---|\n| a\\|b | `c|d` |", "x    y\n───  ─────\na|b  `c|d`\n"},
		{"ragged rows", "| x | y |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |", "x  y\n─  ─  ─\n1\n1  2  3\n"},
		{"crlf", "a\r\n\r\nb\r\n", "a\n\nb\n"},
	} {
		if got := Render(c.in, Options{Width: 80}); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestTableTooWideBecomesAList(t *testing.T) {
	in := "| Command | What it does |\n|---|---|\n| `du -sh *` | size of each entry here, summarised |\n| `df -h` | |\n"
	want := "• Command: `du -sh *`\n  What it does: size of each entry\n  here, summarised\n• Command: `df -h`\n"
	if got := Render(in, Options{Width: 36}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Render(in, Options{Width: 60}); !strings.HasPrefix(got, "Command     What it does") {
		t.Errorf("at 60 columns it should fit:\n%s", got)
	}
}

// TestColorNeverLeaks checks that every styled line ends with its
// styles reset, so a cut stream cannot colour the prompt.
func TestColorNeverLeaks(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.md")
	for _, in := range inputs {
		src, _ := os.ReadFile(in)
		out := Render(string(src), Options{Width: 40, Color: true, Hyperlinks: true})
		for _, l := range strings.Split(out, "\n") {
			if i := strings.LastIndex(l, "\x1b["); i >= 0 && !strings.HasPrefix(l[i:], "\x1b[0m") {
				t.Errorf("%s: line leaves a style on: %q", in, l)
			}
			if strings.Count(l, "\x1b]8;;")%2 != 0 {
				t.Errorf("%s: line leaves a link open: %q", in, l)
			}
		}
	}
}

func TestHighlightHook(t *testing.T) {
	hl := func(lang, line string) (string, bool) {
		if lang != "sh" {
			return "", false
		}
		return "<" + line + ">", true
	}
	in := "```sh\nls -l\n```\n```console\n$ echo hi\nhi\n```\n```python\nprint(1)\n```"
	got := visible(Render(in, Options{Color: true, Highlight: hl}))
	want := "  <ls -l>\n  ␛[2m$ ␛[0m<echo hi>\n  hi\n  ␛[36mprint(1)␛[0m\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestForTerminal(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		name        string
		getenv      func(string) string
		tty         bool
		color, link bool
	}{
		{"xterm", env("TERM", "xterm-256color"), true, true, false},
		{"not a terminal", env("TERM", "xterm-256color"), false, false, false},
		{"NO_COLOR", env("TERM", "xterm-kitty", "NO_COLOR", "1"), true, false, false},
		{"dumb", env("TERM", "dumb"), true, false, false},
		{"no TERM", env(), true, false, false},
		{"kitty", env("TERM", "xterm-kitty"), true, true, true},
		{"vte", env("TERM", "xterm-256color", "VTE_VERSION", "7200"), true, true, true},
		{"old vte", env("TERM", "xterm-256color", "VTE_VERSION", "4800"), true, true, false},
		{"iterm in tmux", env("TERM", "tmux-256color", "TERM_PROGRAM", "iTerm.app", "TMUX", "/tmp/x"), true, true, false},
		{"wezterm", env("TERM", "xterm-256color", "TERM_PROGRAM", "WezTerm"), true, true, true},
	} {
		o := ForTerminal(c.getenv, 80, c.tty)
		if o.Color != c.color || o.Hyperlinks != c.link {
			t.Errorf("%s: color %v links %v, want %v %v", c.name, o.Color, o.Hyperlinks, c.color, c.link)
		}
	}
}

func FuzzRender(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/*.md")
	for _, in := range inputs {
		b, _ := os.ReadFile(in)
		f.Add(string(b), 40)
	}
	f.Add("*a **b** c* ``x`` [l](u) <https://a> | a |\n|-|", 20)
	f.Fuzz(func(t *testing.T, s string, w int) {
		w = 20 + abs(w)%200
		whole := Render(s, Options{Width: w, Color: true})
		if got := feed(s, Options{Width: w, Color: true}, 5); got != whole {
			t.Fatalf("streamed output differs")
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestHanging(t *testing.T) {
	tests := []struct {
		text                 string
		width, first, indent int
		want                 string
	}{
		{"short", 40, 15, 15, "short"},
		{"forget the AI's rolling context: start a new conversation (as /new)", 40, 15, 15,
			"forget the AI's rolling\n               context: start a new\n               conversation (as /new)"},
		{"naïve façade déjà vu", 28, 15, 4, "naïve façade\n    déjà vu"},
		{"日本語のテキスト", 25, 15, 15, "日本語のテ\n               キスト"},
	}
	for _, tt := range tests {
		got := Hanging(tt.text, tt.width, tt.first, tt.indent)
		if got != tt.want {
			t.Errorf("Hanging(%q, %d, %d, %d) =\n%s\nwant\n%s", tt.text, tt.width, tt.first, tt.indent, got, tt.want)
		}
		for i, l := range strings.Split(got, "\n") {
			w := Width(l)
			if i == 0 {
				w += tt.first
			}
			if w > tt.width {
				t.Errorf("Hanging(%q): line %d is %d columns, over %d", tt.text, i, w, tt.width)
			}
		}
	}
}
