package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// wantWarning matches a Warning: same line and key, msg a substring.
type wantWarning struct {
	line int
	key  string
	msg  string
}

func checkWarnings(t *testing.T, file string, got []Warning, want []wantWarning) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d warnings, want %d:\n%s", len(got), len(want), warningLines(got))
	}
	for i, w := range want {
		g := got[i]
		if g.File != file || g.Line != w.line || g.Key != w.key || !strings.Contains(g.Msg, w.msg) {
			t.Errorf("warning %d = %q, want file %q line %d key %q msg containing %q",
				i, g.Error(), file, w.line, w.key, w.msg)
		}
	}
}

func warningLines(ws []Warning) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString("\t" + w.Error() + "\n")
	}
	return b.String()
}

func TestLoadMissingFile(t *testing.T) {
	for _, path := range []string{"", filepath.Join(t.TempDir(), "nope", "config.toml")} {
		c, ws := Load(path)
		if len(ws) != 0 || !reflect.DeepEqual(c, Default()) {
			t.Errorf("Load(%q) = %+v, %v; want the defaults and no warning", path, c, ws)
		}
	}
}

func TestLoadUnreadable(t *testing.T) {
	dir := t.TempDir() // a directory cannot be read as a file
	c, ws := Load(dir)
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("Load(dir) config = %+v, want the defaults", c)
	}
	checkWarnings(t, dir, ws, []wantWarning{{0, "", "cannot read"}})
}

func TestLoadReadsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("[ai]\nmodel = \"m\"\ncontext_size = -1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, ws := Load(path)
	if c.AI.Model != "m" || c.AI.ContextSize != 10 {
		t.Errorf("Load: model %q context_size %d, want \"m\" and the default 10", c.AI.Model, c.AI.ContextSize)
	}
	checkWarnings(t, path, ws, []wantWarning{{3, "ai.context_size", "must not be negative, got -1; using the default 10"}})
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// edit turns Default() into the expected config.
		edit func(*Config)
		want []wantWarning
	}{
		{
			name: "empty",
			src:  "",
		},
		{
			name: "keys set, others keep defaults",
			src: `[ai]
provider = "anthropic"
model = "claude"
agent = false
context_size = 0
[prompt]
duration_threshold = 5
[permissions]
deny = ["rm *"]
[editor]
mode = "vi"
colors = { command = "1;32", string = "yellow" }
`,
			edit: func(c *Config) {
				c.AI.Provider = "anthropic"
				c.AI.Model = "claude"
				c.AI.Agent = false
				c.AI.ContextSize = 0
				c.Prompt.DurationThreshold = 5
				c.Permissions.Deny = []string{"rm *"}
				c.Editor.Mode = "vi"
				c.Editor.Colors = map[string]string{"command": "1;32", "string": "yellow"}
			},
		},
		{
			name: "dotted keys and sub-tables",
			src:  "ai.model = \"x\"\n[editor.colors]\ncomment = \"2\"\n",
			edit: func(c *Config) {
				c.AI.Model = "x"
				c.Editor.Colors = map[string]string{"comment": "2"}
			},
		},
		{
			name: "comments do not move line numbers",
			src:  "# top\n  # indented\n[ai] # trailing\n\t# tab\r\nmodel = 1\n",
			want: []wantWarning{{5, "ai.model", "want a string"}},
		},
		{
			name: "# inside a multi-line string is content",
			src:  "[prompt]\nright = \"\"\"\n# not a comment\n\"\"\"\ncommand = '''\n#x'''\ngit = 0\n",
			edit: func(c *Config) {
				c.Prompt.Right = "# not a comment\n"
				c.Prompt.Command = "#x"
			},
			want: []wantWarning{{7, "prompt.git", "want true or false"}},
		},
		{
			name: "syntax error keeps every default",
			src:  "[ai]\nmodel = \"x\"\ncontext_size = = 3\n",
			want: []wantWarning{{3, "", "syntax error"}},
		},
		{
			name: "unterminated string",
			src:  "[ai]\nmodel = \"x\n[prompt]\n",
			want: []wantWarning{{2, "", "syntax error"}},
		},
		{
			name: "unknown keys",
			src: `provider = "openai"
[ai]
model = "m"
modle = "typo"
mode = "vi"
sub.deep = 1
[colours]
x = 1
[[extra]]
y = 2
`,
			edit: func(c *Config) { c.AI.Model = "m" },
			want: []wantWarning{
				{1, "provider", "unknown key; ignored (did you mean provider under [ai]?)"},
				{4, "ai.modle", "unknown key; ignored"},
				{5, "ai.mode", "did you mean mode under [editor]?"},
				{6, "ai.sub", "unknown key"},
				{7, "colours", "unknown key"},
				{9, "extra", "unknown key"},
			},
		},
		{
			name: "wrong types cost only their key",
			src: `[ai]
model = "kept"
context_size = "ten"
timeout = 10.5
agent = "yes"
context_tokens = 4096
[permissions]
deny = "rm"
allow = [1, "x"]
[prompt]
duration_threshold = "2"
git = false
[history]
file = 3
size = 20
`,
			edit: func(c *Config) {
				c.AI.Model = "kept"
				c.AI.ContextTokens = 4096
				c.Prompt.Git = false
				c.History.Size = 20
			},
			want: []wantWarning{
				{3, "ai.context_size", "want an integer, got a string; using the default 10"},
				{4, "ai.timeout", "want an integer, got a float; using the default 60"},
				{5, "ai.agent", "want true or false, got a string; using the default true"},
				{8, "permissions.deny", "want an array of strings, got a string; using the default []"},
				{9, "permissions.allow", "want an array of strings, got an array holding other values; using the default []"},
				{11, "prompt.duration_threshold", "want a number, got a string; using the default 2.0"},
				{14, "history.file", `want a string, got an integer; using the default ""`},
			},
		},
		{
			name: "section that is not a table",
			src:  "ai = 3\n[prompt]\ngit = false\n",
			edit: func(c *Config) { c.Prompt.Git = false },
			want: []wantWarning{{1, "ai", "want a table, got an integer; using the defaults for [ai]"}},
		},
		{
			name: "array of tables for a section",
			src:  "[[editor]]\nmode = \"vi\"\n",
			want: []wantWarning{{1, "editor", "want a table, got an array of tables"}},
		},
		{
			name: "invalid values",
			src: `[ai]
provider = "skynet"
translate_action = "run"
base_url = "localhost:11434"
api_key_env = "MY-KEY"
max_iterations = 0
token_budget = -5
keep_conversations = 0
[permissions]
allow = ["ls", " "]
[prompt]
user_host = "sometimes"
duration_threshold = -1
git_timeout_ms = 0
[history]
size = -1
[editor]
mode = "vim"
`,
			edit: func(c *Config) {
				c.AI.KeepConversations = 0
				c.Prompt.GitTimeoutMS = 0
			},
			want: []wantWarning{
				{2, "ai.provider", `unknown provider "skynet" (want openai, anthropic, ollama, mistral, openrouter, groq, lmstudio, llamacpp or vllm); using the default "ollama"`},
				{3, "ai.translate_action", `unknown action "run" (want ask or edit)`},
				{4, "ai.base_url", "not an http:// or https:// URL"},
				{5, "ai.api_key_env", "not an environment variable name"},
				{6, "ai.max_iterations", "must be positive, got 0; using the default 10"},
				{7, "ai.token_budget", "must be positive, got -5"},
				{10, "permissions.allow", "rule 2 is empty"},
				{12, "prompt.user_host", `unknown value "sometimes" (want ssh, always or never)`},
				{13, "prompt.duration_threshold", "must not be negative"},
				{16, "history.size", "must not be negative"},
				{18, "editor.mode", `unknown mode "vim" (want emacs or vi); using the default "emacs"`},
			},
		},
		{
			name: "bad colour entries are dropped one by one",
			src: `[editor.colors]
command = "32"
keyword = "31"
string = 4
comment = ""
`,
			edit: func(c *Config) { c.Editor.Colors = map[string]string{"command": "32"} },
			want: []wantWarning{
				{3, "editor.colors.keyword", "unknown highlight class (want command, builtin,"},
				{4, "editor.colors.string", "want a string, got an integer; ignored"},
				{5, "editor.colors.comment", "empty colour; ignored"},
			},
		},
		{
			name: "colors not a table",
			src:  "[editor]\ncolors = \"red\"\n",
			want: []wantWarning{{2, "editor.colors", "want a table, got a string; using the default {}"}},
		},
		{
			name: "quoted keys",
			src:  "[ai]\n\"model\" = \"q\"\n\"odd.key\" = 1\n",
			edit: func(c *Config) { c.AI.Model = "q" },
			want: []wantWarning{{3, `ai."odd.key"`, "unknown key"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := Default()
			if tt.edit != nil {
				tt.edit(&want)
			}
			got, ws := Parse("c.toml", []byte(tt.src))
			checkWarnings(t, "c.toml", ws, tt.want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("config =\n%s\nwant\n%s", got.Dump(), want.Dump())
			}
		})
	}
}

func BenchmarkLoad(b *testing.B) {
	path := filepath.Join("..", "examples", "config.toml")
	b.ReportAllocs()
	for b.Loop() {
		if _, ws := Load(path); len(ws) != 0 {
			b.Fatal(ws)
		}
	}
}

func BenchmarkLoadFull(b *testing.B) {
	data := []byte(uncommentExample(b, readExample(b)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ws := Parse("config.toml", data); len(ws) != 0 {
			b.Fatal(ws)
		}
	}
}
