package complete

import (
	"strings"
	"testing"
)

const sampleHelp = `Usage: ls [OPTION]... [FILE]...
List information about the FILEs (the current directory by default).

Mandatory arguments to long options are mandatory for short options too.
  -a, --all                  do not ignore entries starting with .
  -B, --ignore-backups       do not list implied entries ending with ~
      --block-size=SIZE      with -l, scale sizes by SIZE when printing them;
                               e.g., '--block-size=M'; see SIZE format below
      --color[=WHEN]         color the output WHEN; more info below
  -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
  -T PATTERN                 tab size
      --help     display this help and exit
    -n, --dry-run         dry run
    --[no-]verify         bypass pre-commit and commit-msg hooks
    -q
                          be quiet
    --long-only
`

func TestParseHelp(t *testing.T) {
	var got []string
	for _, c := range ParseHelp(sampleHelp) {
		s := c.Value
		if c.NoSpace {
			s += "(nospace)"
		}
		got = append(got, s+": "+c.Description)
	}
	want := []string{
		"-a: do not ignore entries starting with .",
		"--all: do not ignore entries starting with .",
		"-B: do not list implied entries ending with ~",
		"--ignore-backups: do not list implied entries ending with ~",
		"--block-size=(nospace): with -l, scale sizes by SIZE when printing them;",
		"--color=(nospace): color the output WHEN; more info below",
		"-I: do not list implied entries matching shell PATTERN",
		"--ignore=(nospace): do not list implied entries matching shell PATTERN",
		"-T: tab size",
		"--help: display this help and exit",
		"-n: dry run",
		"--dry-run: dry run",
		"--verify: bypass pre-commit and commit-msg hooks",
		"--no-verify: bypass pre-commit and commit-msg hooks",
		"-q: be quiet",
		"--long-only: ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ParseHelp:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseCarapace(t *testing.T) {
	tests := []struct {
		name, json, want, usage string
	}{
		{
			name: "nospace string",
			json: `{"version":"v1.13.0","messages":[],"nospace":"/","usage":"","values":[` +
				`{"value":"main","display":"main","description":"Merge branch","style":"blue","tag":"local branches"},` +
				`{"value":"src/","display":"src/","tag":"files"}]}`,
			want: "main[local branches]␣ src/[files]",
		},
		{
			name: "nospace bool",
			json: `{"version":"v1.7.3","messages":["no remote"],"noprefix":false,"nospace":true,"usage":"git push","values":[{"value":"origin","display":"origin"}]}`,
			want: "origin[]", usage: "git push\nno remote",
		},
		{
			name: "nospace false",
			json: `{"nospace":false,"values":[{"value":"x","display":"x"},{"value":"","display":"empty"}]}`,
			want: "x[]␣",
		},
	}
	for _, tt := range tests {
		items, usage, err := parseCarapace([]byte(tt.json))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, c := range items {
			s := c.Value + "[" + c.Tag + "]"
			if !c.NoSpace {
				s += "␣"
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tt.want || usage != tt.usage {
			t.Errorf("%s: got %q usage %q, want %q usage %q", tt.name, got, usage, tt.want, tt.usage)
		}
	}
	if _, _, err := parseCarapace([]byte("not json")); err == nil {
		t.Error("no error for bad JSON")
	}
}
