package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"nosh/ai/helper"
	"nosh/ai/remote"
	"nosh/perms/sandbox"
	"nosh/shell"
)

// TestMain lets the test binary act as nosh itself when NOSH_TEST_AS_NOSH
// is set, so tests run the real program (and nosh's children that re-run
// nosh, such as scripts without #!, find it) without a separate build,
// and under the race detector. For the transcripts of TestScripts,
// testscript runs it as nosh and nosh-ai by those names.
// It is also the AI helper: a link to it named nosh-ai beside it is what
// nosh starts for ? and ??, as it starts the real nosh-ai beside itself.
func TestMain(m *testing.M) {
	// The test binary is the launcher of the agent's sandboxed commands
	// (/proc/self/exe), as nosh is.
	sandbox.Launch(os.Args)
	// And the launcher that sets the signals a subshell's program starts
	// with ignored.
	shell.Launch(os.Args)
	if filepath.Base(os.Args[0]) == remote.HelperName {
		os.Exit(helper.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	if os.Getenv("NOSH_TEST_AS_NOSH") == "1" {
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	if filepath.Base(os.Args[0]) == "nosh" {
		// testscript runs this binary as nosh (below), with its own
		// nosh-ai beside it: linking one there would race with the
		// other scripts running nosh at the same time.
		testscript.Main(nil, noshCommands)
	}
	link, err := linkHelper()
	if err != nil {
		fmt.Fprintln(os.Stderr, "TestMain:", err)
		os.Exit(1)
	}
	testscript.Main(removing{m, link}, noshCommands)
}

// noshCommands are the programs TestScripts runs as this test binary.
var noshCommands = map[string]func(){
	"nosh": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	// testscript puts a copy of the test binary by this name beside
	// the nosh one, where nosh looks for its AI helper.
	"nosh-ai": func() { os.Exit(helper.Main(os.Args[1:], os.Stdout, os.Stderr)) },
}

// removing runs the tests, then removes the helper's link.
type removing struct {
	m    *testing.M
	link string
}

func (r removing) Run() int {
	defer os.Remove(r.link)
	return r.m.Run()
}

// linkHelper puts the test binary beside itself as nosh-ai.
func linkHelper() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	link := filepath.Join(filepath.Dir(exe), remote.HelperName)
	os.Remove(link)
	if err := os.Link(exe, link); err != nil {
		return "", fmt.Errorf("linking the test binary as %s: %w", remote.HelperName, err)
	}
	return link, nil
}

// noshCommand returns a command that runs this test binary as nosh.
func noshCommand(t testing.TB, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Args[0] = "nosh"
	cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1")
	return cmd
}

// runNosh runs nosh with args and stdin, returning stdout, stderr, status.
func runNosh(t testing.TB, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := noshCommand(t, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), status
}

func TestInvocation(t *testing.T) {
	dir := t.TempDir()
	script := dir + "/s.sh"
	os.WriteFile(script, []byte("echo \"$0|$1|$#\"\nexit 5\n"), 0o644)
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		status int
	}{
		{"-c", "", []string{"-c", "echo hi"}, "hi\n", 0},
		{"-c name args", "", []string{"-c", `echo "$0 $1 $2 $#"`, "me", "a", "b"}, "me a b 2\n", 0},
		{"-c status", "", []string{"-c", "exit 42"}, "", 42},
		{"not found", "", []string{"-c", "no-such-cmd-xyz"}, "", 127},
		{"not executable", "", []string{"-c", "/etc/passwd"}, "", 126},
		{"syntax error", "", []string{"-c", "echo a; if"}, "", 2}, // sh parses the whole line first
		{"file", "", []string{script, "x"}, script + "|x|1\n", 5},
		{"stdin", "echo \"$1\"\nexit 3\n", []string{"-s", "arg"}, "arg\n", 3},
		{"stdin default", "echo piped\n", nil, "piped\n", 0},
		{"killed", "", []string{"-c", `sh -c 'kill -9 $$'`}, "", 137},
		{"set -e", "", []string{"-e", "-c", "false; echo no"}, "", 1},
		{"+e", "", []string{"-e", "+e", "-c", "false; echo yes"}, "yes\n", 0},
		{"-o pipefail", "", []string{"-o", "pipefail", "-c", "false | true"}, "", 1},
		{"exit trap", "", []string{"-c", `trap 'echo bye $?' EXIT; false`}, "bye 1\n", 1},
		{"dollar dash", "", []string{"-e", "-c", `echo $-`}, "ehBc\n", 0},
		{"lineno", "", []string{"-c", "\n\necho $LINENO"}, "3\n", 0},
		{"version", "", []string{"--version"}, "nosh " + version + "\n", 0},
		{"bad option", "", []string{"-Q"}, "", 2},
		{"missing script", "", []string{dir + "/nope.sh"}, "", 127},
		{"shlvl", "", []string{"-c", "echo $SHLVL"}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runNosh(t, tt.stdin, tt.args...)
			if tt.name == "shlvl" {
				if strings.TrimSpace(out) == "" {
					t.Errorf("SHLVL empty")
				}
				return
			}
			if out != tt.out || status != tt.status {
				t.Errorf("nosh %q: got (%q, %d), want (%q, %d); stderr %q", tt.args, out, status, tt.out, tt.status, errOut)
			}
		})
	}
}

// TestScripts runs the CLI transcripts in testdata/script: invocation,
// exit statuses, subcommands, configuration problems.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			home := e.WorkDir + "/home"
			e.Setenv("HOME", home)
			e.Setenv("XDG_CONFIG_HOME", home+"/.config")
			e.Setenv("XDG_STATE_HOME", home+"/.local/state")
			// Nothing answers here, so AI commands fail fast and clearly.
			e.Setenv("NOSH_AI_PROVIDER", "ollama")
			e.Setenv("NOSH_AI_BASE_URL", "http://127.0.0.1:9")
			return nil
		},
	})
}
