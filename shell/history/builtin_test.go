package history

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBuiltin(t *testing.T) {
	cmds := []string{"ls", "git status", "echo a\necho b", "git push"}
	tests := []struct {
		args      []string
		status    int
		stdout    string
		stderrHas string
		edits     bool     // the command changes the entries
		wantLeft  []string // the entries left if it does
	}{
		{args: nil, stdout: "    1  ls\n    2  git status\n    3  echo a\necho b\n    4  git push\n"},
		{args: []string{"2"}, stdout: "    3  echo a\necho b\n    4  git push\n"},
		{args: []string{"0"}, stdout: ""},
		{args: []string{"99"}, stdout: "    1  ls\n    2  git status\n    3  echo a\necho b\n    4  git push\n"},
		{args: []string{"search", "git"}, stdout: "    2  git status\n    4  git push\n"},
		{args: []string{"search", "git", "push"}, stdout: "    4  git push\n"},
		{args: []string{"-t", "1"}, stdout: "    4  2023-11-14 22:13:23  git push\n"},
		{args: []string{"--", "1"}, stdout: "    4  git push\n"},
		{args: []string{"-d", "2"}, edits: true, wantLeft: []string{"ls", "echo a\necho b", "git push"}},
		{args: []string{"-d", "-1"}, edits: true, wantLeft: []string{"ls", "git status", "echo a\necho b"}},
		{args: []string{"-d", "5"}, status: 1, stderrHas: "out of range"},
		{args: []string{"-d", "0"}, status: 1, stderrHas: "out of range"},
		{args: []string{"-d", "-5"}, status: 1, stderrHas: "out of range"},
		{args: []string{"-c"}, edits: true, wantLeft: nil},
		{args: []string{"-h"}, stdout: usage},
		{args: []string{"-d"}, status: 2, stderrHas: "usage:"},
		{args: []string{"-d", "x"}, status: 2, stderrHas: "x: not an entry number"},
		{args: []string{"-c", "1"}, status: 2, stderrHas: "usage:"},
		{args: []string{"-x"}, status: 2, stderrHas: "-x: invalid option"},
		{args: []string{"-5"}, status: 2, stderrHas: "-5: invalid option"},
		{args: []string{"abc"}, status: 2, stderrHas: "abc: not a count"},
		{args: []string{"1", "2"}, status: 2, stderrHas: "too many arguments"},
		{args: []string{"search"}, status: 2, stderrHas: "search: not a count"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			path := tempPath(t)
			h := open(t, Options{Path: path})
			for i, c := range cmds {
				// Local time, so the -t case prints the same everywhere.
				tm := time.Date(2023, 11, 14, 22, 13, 20+i, 0, time.Local)
				add(t, h, Entry{Time: tm, Command: c})
			}
			var stdout, stderr strings.Builder
			status := h.Builtin(tt.args, &stdout, &stderr)
			if status != tt.status {
				t.Errorf("status %d, want %d (stderr %q)", status, tt.status, stderr.String())
			}
			if stdout.String() != tt.stdout {
				t.Errorf("stdout %q, want %q", stdout.String(), tt.stdout)
			}
			if !strings.Contains(stderr.String(), tt.stderrHas) || (tt.stderrHas == "" && stderr.Len() > 0) {
				t.Errorf("stderr %q, want it to contain %q", stderr.String(), tt.stderrHas)
			}
			left := cmds
			if tt.edits {
				left = tt.wantLeft
			}
			if got := commands(h); !slices.Equal(got, left) {
				t.Errorf("entries left %q, want %q", got, left)
			}
		})
	}
}

func TestBuiltinDeletePersists(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	for _, c := range []string{"a", "export TOKEN=hunter2", "b"} {
		add(t, h, Entry{Command: c})
	}
	var out strings.Builder
	if st := h.Builtin([]string{"-d", "2"}, &out, &out); st != 0 {
		t.Fatalf("history -d 2: status %d, %s", st, out.String())
	}
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("file holds %q", got)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestBuiltinWriteError(t *testing.T) {
	h := open(t, Options{Path: tempPath(t)})
	add(t, h, Entry{Command: "ls"})
	var stderr strings.Builder
	if st := h.Builtin(nil, failingWriter{}, &stderr); st != 1 || !strings.Contains(stderr.String(), "broken pipe") {
		t.Errorf("status %d, stderr %q; want 1 and the error", st, stderr.String())
	}
}
