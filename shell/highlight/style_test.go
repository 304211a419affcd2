package highlight

import (
	"strings"
	"testing"
)

func TestParseColor(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"1;32", "1;32", ""},
		{"", "", ""},
		{"green", "32", ""},
		{"bold red", "1;31", ""},
		{"Bold, Underline+Blue", "1;4;34", ""},
		{"bright-black", "90", ""},
		{"brightwhite", "97", ""},
		{"gray", "90", ""},
		{"bg-blue white", "44;37", ""},
		{"on-bright-red", "101", ""},
		{"#ff8800", "38;2;255;136;0", ""},
		{"bg-#0f0", "48;2;0;255;0", ""},
		{"none", "", ""},
		{"reverse dim", "7;2", ""},
		{"chartreuse", "", "unknown colour"},
		{"#12345", "", "bad colour"},
	}
	for _, tt := range tests {
		got, err := ParseColor(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseColor(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseColor(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestNewStyles(t *testing.T) {
	s, err := NewStyles(map[string]string{
		"command": "bold blue",
		"Comment": "2",
		"bogus":   "red",
		"string":  "mauve",
	}, false)
	if err == nil || !strings.Contains(err.Error(), `unknown class "bogus"`) || !strings.Contains(err.Error(), "editor.colors.string") {
		t.Errorf("error = %v, want one naming bogus and string", err)
	}
	for c, want := range map[Class]string{
		Command: "1;34",
		Comment: "2",
		String:  defaultSGR()[String], // the bad value keeps the default
		Error:   defaultSGR()[Error],
		Plain:   "",
	} {
		if got := s.SGR(c); got != want {
			t.Errorf("%v = %q, want %q", c, got, want)
		}
	}
	if off, _ := NewStyles(nil, true); off.Enabled() {
		t.Error("NO_COLOR styles colour something")
	}
}

func TestNoColor(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if NoColor(getenv) {
		t.Error("NoColor with NO_COLOR unset")
	}
	env["NO_COLOR"] = ""
	if NoColor(getenv) {
		t.Error("NoColor with NO_COLOR empty")
	}
	env["NO_COLOR"] = "1"
	if !NoColor(getenv) {
		t.Error("not NoColor with NO_COLOR=1")
	}
}

func TestPaint(t *testing.T) {
	s := DefaultStyles().Set(Suggestion, "2")
	if got, want := s.Paint(Suggestion, "ab\ncd"), "\x1b[2mab\x1b[0m\n\x1b[2mcd\x1b[0m"; got != want {
		t.Errorf("Paint = %q, want %q", got, want)
	}
	if got := (Styles{}).Paint(Suggestion, "x"); got != "x" {
		t.Errorf("uncoloured Paint = %q", got)
	}
}

func TestClassNames(t *testing.T) {
	for c := Plain; c < numClasses; c++ {
		got, ok := ClassByName(c.String())
		if !ok || got != c {
			t.Errorf("ClassByName(%q) = %v, %v", c.String(), got, ok)
		}
	}
	if _, ok := ClassByName("nope"); ok {
		t.Error("ClassByName(nope) found a class")
	}
}
