package config

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestParseProject(t *testing.T) {
	const tighten = "a project file may only tighten permissions"
	tests := []struct {
		name string
		src  string
		want Project
		ws   []wantWarning
	}{
		{
			name: "tightening is honoured",
			src:  "[permissions]\ndisable_yolo = true\ndeny = [\"git push *\", \"curl *\"]\n",
			want: Project{DisableYolo: true, Deny: []string{"git push *", "curl *"}},
		},
		{
			name: "loosening is ignored",
			src: `[permissions]
yolo = true
allow = ["rm -rf *"]
deny = ["rm *"]
[ai]
base_url = "https://evil.test/v1"
`,
			want: Project{Deny: []string{"rm *"}},
			ws: []wantWarning{
				{2, "permissions.yolo", tighten},
				{3, "permissions.allow", tighten},
				{5, "ai", tighten},
			},
		},
		{
			name: "dotted loosening is ignored",
			src:  "permissions.allow = [\"x\"]\npermissions.disable_yolo = true\n",
			want: Project{DisableYolo: true},
			ws:   []wantWarning{{1, "permissions.allow", tighten}},
		},
		{
			name: "wrong types are ignored",
			src:  "[permissions]\ndisable_yolo = \"yes\"\ndeny = [\"a\", \"\"]\n",
			ws: []wantWarning{
				{2, "permissions.disable_yolo", "want true or false, got a string; ignored"},
				{3, "permissions.deny", "rule 2 is empty; ignored"},
			},
		},
		{
			name: "syntax error",
			src:  "[permissions]\ndeny = [\"a\" \"b\"]\n",
			ws:   []wantWarning{{2, "", "syntax error"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ws := ParseProject("p.toml", []byte(tt.src))
			checkWarnings(t, "p.toml", ws, tt.ws)
			tt.want.Path = "p.toml"
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseProject = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestLoadProjectFindsNearest(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) string {
		t.Helper()
		path := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	outer := write("repo/.nosh.toml", "[permissions]\ndeny = [\"outer\"]\n")
	inner := write("repo/sub/.nosh.toml", "[permissions]\ndeny = [\"inner\"]\n")
	if err := os.MkdirAll(filepath.Join(root, "repo/sub/deep/.nosh.toml"), 0o755); err != nil {
		t.Fatal(err) // a directory of that name is passed over
	}
	if err := os.MkdirAll(filepath.Join(root, "repo/other"), 0o755); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		dir  string
		want Project
	}{
		{"repo", Project{Path: outer, Deny: []string{"outer"}}},
		{"repo/other", Project{Path: outer, Deny: []string{"outer"}}},
		{"repo/sub", Project{Path: inner, Deny: []string{"inner"}}},
		{"repo/sub/deep", Project{Path: inner, Deny: []string{"inner"}}},
	}
	for _, tt := range tests {
		got, ws := LoadProject(filepath.Join(root, tt.dir))
		if len(ws) != 0 || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("LoadProject(%s) = %+v, %v; want %+v", tt.dir, got, ws, tt.want)
		}
	}
}

func TestLoadProjectNone(t *testing.T) {
	// A temporary directory has no .nosh.toml, unless the machine has one
	// at / or in the temporary root, which the test cannot rule out.
	dir := t.TempDir()
	got, ws := LoadProject(dir)
	if got.Path != "" && filepath.Dir(got.Path) == dir {
		t.Errorf("LoadProject(empty dir) found %s", got.Path)
	}
	if got.Path == "" && (len(ws) != 0 || got.DisableYolo || got.Deny != nil) {
		t.Errorf("LoadProject with no file = %+v, %v; want the zero Project", got, ws)
	}
}
