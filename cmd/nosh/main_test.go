package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"nosh/ai/helper"
	"nosh/perms/sandbox"
	"nosh/shell"
)

func TestMain(m *testing.M) {
	sandbox.Launch(os.Args) // nosh re-executed as the launcher of an agent command
	testscript.Main(m, map[string]func(){
		"nosh": func() { os.Exit(shell.Main(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
		// testscript puts a copy of the test binary by this name beside
		// the nosh one, where nosh looks for its AI helper.
		"nosh-ai": func() { os.Exit(helper.Main(os.Args[1:], os.Stdout, os.Stderr)) },
	})
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
