package redact

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	r := New([]string{
		"HOME=/home/u", "MY_API_KEY=abcdef123456", "GITHUB_TOKEN=tok_value_999",
		"SSH_AUTH_SOCK=/tmp/agent.sock", "DB_PASSWORD=hunter22", "SHORT_TOKEN=abc",
	})
	tests := []struct{ in, want string }{
		{"echo abcdef123456", "echo " + Placeholder},
		{"x tok_value_999 y hunter22", "x " + Placeholder + " y " + Placeholder},
		{"sock /tmp/agent.sock", "sock /tmp/agent.sock"},
		{"abc stays", "abc stays"},
		{"key sk-proj-ABCDEFGHIJKLMNOPQRSTUV", "key " + Placeholder},
		{"sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA done", Placeholder + " done"},
		{"ghp_0123456789abcdefghijABCDEFGHIJ", Placeholder},
		{"id AKIAIOSFODNN7EXAMPLE", "id " + Placeholder},
		{"xoxb-1234567890-abcdefghij", Placeholder},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt " + Placeholder},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIE\nabc\n-----END RSA PRIVATE KEY-----\nafter", Placeholder + "\nafter"},
		{"Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "Authorization: " + Placeholder},
		{"password=supersecret1", "password=" + Placeholder},
		{"git clone https://user:pa55word@example.com/r.git", "git clone https://" + Placeholder + "@example.com/r.git"},
		{"nothing secret here: ls -la /tmp", "nothing secret here: ls -la /tmp"},
	}
	for _, tt := range tests {
		if got := r.String(tt.in); got != tt.want {
			t.Errorf("String(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestIsSecretName(t *testing.T) {
	for name, want := range map[string]bool{
		"OPENAI_API_KEY": true, "AWS_SECRET_ACCESS_KEY": true, "GH_TOKEN": true, "PGPASSWORD": true,
		"HOME": false, "PATH": false, "SSH_AUTH_SOCK": false, "TERM": false, "npm_config_authtoken": true,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestAddValueLongestFirst(t *testing.T) {
	r := New(nil)
	r.AddValue("secret")
	r.AddValue("secret-and-more")
	if got := r.String("a secret-and-more b"); got != "a "+Placeholder+" b" {
		t.Errorf("got %q", got)
	}
	var nilR *Redactor
	if got := nilR.String("sk-aaaaaaaaaaaaaaaaaaaaaaaa"); !strings.Contains(got, Placeholder) {
		t.Errorf("nil redactor should still hide token shapes: %q", got)
	}
}

func BenchmarkString(b *testing.B) {
	r := New([]string{"MY_API_KEY=abcdef123456", "GITHUB_TOKEN=tok_value_999"})
	text := strings.Repeat("find . -name '*.go' | xargs grep -n TODO 2>/dev/null\n", 40)
	for b.Loop() {
		r.String(text)
	}
}
