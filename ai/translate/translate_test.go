package translate

import (
	"strings"
	"testing"

	"nosh/ai"
	"nosh/ai/redact"
	"nosh/config/dialect"
)

func parse(src string) (int, error) {
	f, err := dialect.Bash.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return 0, err
	}
	return len(f.Stmts), nil
}

func known(name string) bool {
	switch name {
	case "find", "ls", "du", "rm", "grep", "echo", "git":
		return true
	}
	return false
}

func TestClean(t *testing.T) {
	c := Cleaner{Parse: parse, Known: known}
	tests := []struct {
		name, reply, cmd, text string
	}{
		{"plain", "find . -size +100M", "find . -size +100M", ""},
		{"fence", "```bash\nfind . -size +100M\n```", "find . -size +100M", ""},
		{"fence and think", "<think>The user wants big files.\nUse find.</think>\n```sh\n$ du -sh * | sort -h\n```\nThis lists sizes.", "du -sh * | sort -h", ""},
		{"explanation after blank line", "ls -la\n\nThis lists all files, including hidden ones.", "ls -la", ""},
		{"dollar prompt", "$ git status", "git status", ""},
		{"backticks", "`ls`", "ls", ""},
		{"comment reply", "# I can't do that with a command.\n# Try asking differently.", "", "I can't do that with a command.\nTry asking differently."},
		{"refusal prose", "I'm sorry, but I can't help with that.", "", "I'm sorry, but I can't help with that."},
		{"answer prose", "The largest file is probably in your downloads folder.", "", "The largest file is probably in your downloads folder."},
		{"does not parse", "for x in; do", "", "for x in; do"},
		{"empty", "   ", "", "(the model gave an empty reply)"},
		{"unterminated think", "ls\n<think>hmm", "ls", ""},
		{"multi-line fence", "```\nfor f in *.log; do\n  wc -l \"$f\"\ndone\n```", "for f in *.log; do\n  wc -l \"$f\"\ndone", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Clean(tt.reply)
			if got.Command != tt.cmd || got.Text != tt.text {
				t.Errorf("Clean(%q) = %+v, want command %q text %q", tt.reply, got, tt.cmd, tt.text)
			}
		})
	}
}

func TestBuildCarriesContext(t *testing.T) {
	c := NewContext(2)
	c.Add(Exchange{Request: "find large files", Command: "find . -size +100M"})
	c.Typed("ls build", 2)
	r := redact.New([]string{"MY_TOKEN=supersecretvalue"})
	req := Build("now delete them supersecretvalue", c, Env{OS: "linux", Arch: "amd64", Dir: "/home/u", Shell: "nosh"}, r)
	if len(req.Messages) != 1 || req.Messages[0].Role != ai.RoleUser {
		t.Fatalf("messages = %+v", req.Messages)
	}
	msg := req.Messages[0].Content
	for _, want := range []string{
		"Previous conversation:\nUser: find large files\nCommand: find . -size +100M\n",
		"$ ls build   (exit status 2)",
		"Current request: now delete them " + redact.Placeholder,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "supersecretvalue") {
		t.Errorf("secret leaked: %s", msg)
	}
	if !strings.Contains(req.System, "current directory: /home/u") {
		t.Errorf("system prompt lacks the environment: %s", req.System)
	}
	// Recent commands are sent once, then forgotten.
	c.Add(Exchange{Request: "now delete them", Command: "find . -size +100M -delete"})
	if rc := c.RecentCommands(); len(rc) != 0 {
		t.Errorf("recent commands kept after a request: %v", rc)
	}
}

func TestContextSize(t *testing.T) {
	c := NewContext(3)
	for i := 0; i < 5; i++ {
		c.Add(Exchange{Request: string(rune('a' + i))})
	}
	ex := c.Exchanges()
	if len(ex) != 3 || ex[0].Request != "c" || ex[2].Request != "e" {
		t.Errorf("exchanges = %+v", ex)
	}
	c.Clear()
	if len(c.Exchanges()) != 0 {
		t.Error("Clear kept exchanges")
	}
}

func TestSystemPromptIsCompact(t *testing.T) {
	req := Build("x", nil, Env{OS: "linux", Arch: "amd64", Dir: "/home/someone/projects/app", Shell: ShellDescription}, nil)
	// The fixed part must stay under 400 tokens; EstimateTokens counts
	// about four bytes a token.
	if n := EstimateTokens(req.System); n >= 400 {
		t.Errorf("system prompt is %d tokens (estimated), want < 400", n)
	}
}

// TestTenExchangePromptIsCompact reports the size of a translation request
// carrying ten exchanges of context, as README quotes it.
func TestTenExchangePromptIsCompact(t *testing.T) {
	c := NewContext(10)
	for i := 0; i < 10; i++ {
		c.Add(Exchange{Request: "find the log files changed today in this project", Command: "find . -name '*.log' -mtime -1", Status: 0})
	}
	env := Env{OS: "linux", Arch: "amd64", Dir: "/home/someone/projects/app", Shell: ShellDescription,
		System: System{"Debian GNU/Linux 12 (bookworm)", "GNU coreutils", []string{"apt"}}}
	req := Build("now delete them", c, env, nil)
	fixed := EstimateTokens(req.System)
	total := fixed + EstimateTokens(req.Messages[0].Content)
	t.Logf("fixed part %d tokens, with ten exchanges %d tokens", fixed, total)
	if fixed >= 400 || total >= 1000 {
		t.Errorf("prompt too large: fixed %d, total %d tokens", fixed, total)
	}
}
