package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nosh/ai/fakellm"
	"nosh/perms/sandbox"
)

// TestAgentWritesOutsideFamilies: programs that write as a side effect,
// in spellings the analysis may or may not see (git config --global,
// sed -i through find -exec or xargs, env -S, perl -i, python, awk's
// system(), vim -es, a pager or LESSOPEN, tar -x -C ~, tar
// --to-command, zip -TT…), run under YOLO so that only the engine's
// refusal of changes outside and the kernel stand in the way: nothing
// outside the workspace changes, whichever of the two refuses.
func TestAgentWritesOutsideFamilies(t *testing.T) {
	if _, err := sandbox.Available(); err != nil {
		t.Skip(err)
	}
	home := t.TempDir()
	writeConfig(t, home, "[permissions]\nyolo = true\n[ai]\ncommand_timeout = 20\nmax_iterations = 40\n")
	ws := filepath.Join(home, "proj")
	os.MkdirAll(ws, 0o755)
	os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("notes\n"), 0o644)
	victim := filepath.Join(home, "victim.txt")
	os.WriteFile(victim, []byte("keep\n"), 0o644)
	// Each writes "pwned" into ~/victim.txt, or makes a file in ~.
	sh := `sh -c "echo pwned > $HOME/victim.txt"`
	cmds := []string{
		`git config --global user.name pwned`,
		`find . -maxdepth 0 -exec sed -i s/keep/pwned/ "$HOME/victim.txt" \;`,
		`printf '%s\n' "$HOME/victim.txt" | xargs sed -i s/keep/pwned/`,
		`env -S 'sed -i s/keep/pwned/' "$HOME/victim.txt"`,
		`perl -pi -e s/keep/pwned/ ~/victim.txt`,
		`python3 -c 'import os; open(os.path.expanduser("~/victim.txt"), "w").write("pwned")'`,
		`awk 'BEGIN { system("echo pwned > " ENVIRON["HOME"] "/victim.txt") }'`,
		`vim -es -c '%s/keep/pwned/' -c wq ~/victim.txt`,
		`LESSOPEN='|` + sh + ` %s' less -F notes.txt`,
		`man -P '` + sh + `' ls`,
		`git -c core.pager='` + sh + `' -p config -l`,
		`tar -cf a.tar notes.txt && tar -xf a.tar -C ~`,
		`tar -cf b.tar notes.txt && tar -xf b.tar --to-command='` + sh + `'`,
		`zip -q z.zip notes.txt -T -TT '` + sh + `'`,
		`sh -c 'cd && echo pwned > victim.txt'`,
		`ln -s ~/victim.txt l; echo pwned > l`,
		`dd if=notes.txt of="$(printf %s "$HOME")/victim.txt"`,
		`python3 -c 'import shutil, os; shutil.copy("notes.txt", os.path.expanduser("~/.bashrc"))'`,
		`x=$HOME; cp notes.txt "$x/.profile"`,
	}
	var calls []fakellm.Call
	for i, c := range cmds {
		calls = append(calls, runCall("w"+string(rune('a'+i)), c))
	}
	srv := fakellm.New(t, fakellm.ToolCalls(calls...), fakellm.Text("done"))
	s := startPty(t, aiEnv(srv, home))
	s.Expect("YOLO")
	s.ExpectPrompt()
	s.Line("cd " + ws)
	s.ExpectPrompt()
	s.Line("?? change my files")
	s.Expect("done")
	s.ExpectPrompt()
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("~/victim.txt was changed: %q", b)
	}
	for _, name := range []string{".gitconfig", "notes.txt", ".bashrc", ".profile"} {
		if _, err := os.Lstat(filepath.Join(home, name)); err == nil {
			t.Errorf("~/%s was made", name)
		}
	}
	reqs := srv.Requests()
	if len(reqs) < 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	res := toolResultsOf(t, reqs[1])
	for i, c := range cmds {
		out := res["w"+string(rune('a'+i))]
		if len(out) > 200 {
			out = out[:200] + "…"
		}
		t.Logf("%s\n    → %s", c, strings.ReplaceAll(out, "\n", " | "))
	}
}
