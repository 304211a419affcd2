package assistant

import "testing"

func TestAgentBuiltins(t *testing.T) {
	agent := aiGuard{agent: true}
	for _, tt := range []struct {
		name string
		args []string
		ok   bool
	}{
		{"echo", []string{"hi"}, true},
		{"set", []string{"-e", "-o", "pipefail"}, true},
		{"set", []string{"--", "a", "b"}, true},
		{"set", []string{"-x"}, false},
		{"set", []string{"-o", "vi"}, false},
		{"set", []string{"-"}, false},
		{"shopt", []string{"-s", "extglob"}, true},
		{"shopt", []string{"-s", "autocd"}, false},
		{"shopt", []string{"-so", "errexit"}, true},
		{"shopt", []string{"-q", "autocd"}, true},
		{"umask", []string{"-S"}, true},
		{"umask", []string{"077"}, false},
		{"history", []string{"5"}, true},
		{"history", []string{"-c"}, false},
		{"fc", []string{"-l", "-5"}, true},
		{"fc", []string{"-s"}, false},
		{"wait", []string{"%1"}, false},
		{"wait", []string{"123"}, true},
		{"fg", nil, false},
		{"nosuchbuiltin", nil, false},
	} {
		ok, why := agent.Builtin(tt.name, tt.args)
		if ok != tt.ok {
			t.Errorf("agent %s %q: allowed %v, want %v (%s)", tt.name, tt.args, ok, tt.ok, why)
		}
		if !ok && why == "" {
			t.Errorf("agent %s %q refused without a reason", tt.name, tt.args)
		}
	}
	if ok, _ := (aiGuard{}).Builtin("fg", nil); !ok {
		t.Error("a ? command (not the agent's) refused fg: only agent commands are limited")
	}
}
