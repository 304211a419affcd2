package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"nosh/config"
	"nosh/shell"
	"nosh/shell/assistant"
	"nosh/shell/history"
)

// BenchmarkBetweenLines is what nosh itself does for an Enter at the
// prompt, beside the line editor: the editor's questions about the line
// (is it complete, the suggestion for it), storing it in a history of
// 10 000 entries, running it, and getting the next prompt ready and drawn
// as the editor asks for it. bench/ptybench measures the whole round
// trip under a terminal, the editor included.
func BenchmarkBetweenLines(b *testing.B) {
	for _, line := range []string{"true", "x=1; echo $x >/dev/null"} {
		b.Run(line, func(b *testing.B) {
			se := benchSession(b)
			ctx := context.Background()
			sigint := make(chan os.Signal, 1)
			b.ReportAllocs()
			for b.Loop() {
				se.sh.complete(line)
				l, _ := se.acceptedLine(ctx, line)
				se.recordLine(l)
				_, status := se.runLine(ctx, l, sigint)
				se.recordStatus(status)
				se.beforePrompt(ctx)
				se.preparePrompts()
				for range 3 { // as often as the editor asks for it
					se.primaryPrompt()
				}
			}
		})
	}
}

// benchSession is an interactive session as far as it goes without a
// terminal: default configuration, the editor, and a history of 10 000
// entries.
func benchSession(b testing.TB) *session {
	dir := b.TempDir()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { null.Close() })
	core, err := shell.New(shell.Config{Name: "nosh", Stdin: null, Stdout: null, Stderr: null, Dir: dir,
		Env: []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}})
	if err != nil {
		b.Fatal(err)
	}
	core.SetArg0("nosh")
	core.Interactive = true
	s := Attach(core)
	se := &session{sh: s, getenv: os.Getenv, ctx: context.Background(), cfg: config.Default()}
	se.assistant = assistant.New(assistant.Config{
		Settings: se.cfg, Dialect: s.Dialect, Stdin: null, Stdout: null, Stderr: null,
	}, sessionHost{se})
	se.slash = se.slashCommands()
	path := filepath.Join(dir, "history")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now().Unix()
	for i := range 10_000 {
		fmt.Fprintf(f, "%d\t0\t/home/u\techo history entry number %d with some words\n", now-int64(10_000-i), i)
	}
	f.Close()
	se.hist, err = history.Open(history.Options{Path: path, Size: 10_000, Dedupe: true})
	if err != nil {
		b.Fatal(err)
	}
	s.history = se.hist
	se.newEditor()
	return se
}

// BenchmarkKeystroke is what nosh itself does for a key typed at the
// prompt, beside the line editor: the suggestion, the highlighting and
// the prompt (asked as often as the editor asks), for each prefix of a
// line as it is typed.
func BenchmarkKeystroke(b *testing.B) {
	se := benchSession(b)
	line := []rune("git commit -m 'a message' --amend")
	se.preparePrompts()
	hl := se.rl.SyntaxHighlighter
	b.ReportAllocs()
	for b.Loop() {
		for n := 1; n <= len(line); n++ {
			typed := line[:n]
			se.rl.Line().Set(typed...)
			se.suggest.provide(typed, n)
			if hl != nil {
				hl(typed)
			}
			for range 3 {
				se.primaryPrompt()
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(line)), "ns/key")
}
