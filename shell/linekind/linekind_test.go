package linekind

import "testing"

func TestClassify(t *testing.T) {
	slash := func(w string) bool { return w == "/help" }
	tests := []struct {
		line string
		want Line
	}{
		{"? find files", Line{Translate, "?", 0, "find files"}},
		{"?? fix it", Line{Agent, "??", 0, "fix it"}},
		{"  ? x", Line{Translate, "?", 2, "x"}},
		{"?", Line{Translate, "?", 0, ""}},
		{"??", Line{Agent, "??", 0, ""}},
		{"?\nmore", Line{Translate, "?", 0, "more"}},
		{"?x", Line{Translate, "?", 0, "x"}},
		{"???", Line{Agent, "??", 0, "?"}},
		{"?(a|b)", Line{Kind: Command}},
		{"ls ?", Line{Kind: Command}},
		{"", Line{Kind: Command}},
		{"/help me", Line{Slash, "/help", 0, ""}},
		{" /help", Line{Slash, "/help", 1, ""}},
		{"/bin/ls", Line{Kind: Command}},
		{"/helpx", Line{Kind: Command}},
	}
	for _, tt := range tests {
		if got := Classify(tt.line, slash); got != tt.want {
			t.Errorf("Classify(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
	if got := Classify("/help", nil); got.Kind != Command {
		t.Errorf("without slash commands, /help is %v", got.Kind)
	}
}
