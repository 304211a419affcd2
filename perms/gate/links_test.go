package gate

import (
	"os"
	"path/filepath"
	"testing"

	"nosh/perms"
)

// TestFamilyWritesThroughLinks: a target that leads through a symbolic
// link (one a cloned repository holds, or an agent made in its workspace)
// is judged as the file it leads to: cp x notes.txt with notes.txt a link
// to ~/.bashrc is a write of ~/.bashrc, rm -rf od/* with od a link to ~ a
// delete of everything in it. Without a sandbox (a ? translation), the gate
// alone holds them. Removing the link itself, or writing through a link
// that stays in the workspace, runs.
func TestFamilyWritesThroughLinks(t *testing.T) {
	rules := []string{"cp", "tee", "rm", "dd", "sort", "touch", "ln"}
	for _, c := range []struct {
		src     string
		runs    bool
		changed string // the file that must keep its content when refused
	}{
		{"cp x notes.txt", false, ".bashrc"},
		{"cp -f x notes.txt", false, ".bashrc"},
		{"cp x deep/notes", false, ".bashrc"},
		{"tee notes.txt < x", false, ".bashrc"},
		{"tee -a notes.txt < x", false, ".bashrc"},
		{"dd if=x of=notes.txt", false, ".bashrc"},
		{"cp x od/.bashrc", false, ".bashrc"},
		{"rm -rf od/*", false, "precious"},
		{"rm -rf od/", false, "precious"},
		// Neighbours that run.
		{"rm notes.txt", true, ".bashrc"},
		{"cp x inside", true, ".bashrc"},
		{"cp x y", true, ".bashrc"},
	} {
		t.Run(c.src, func(t *testing.T) {
			h := newHarness(t, rules, nil, 0)
			h.touch(".bashrc")
			h.touch("precious")
			proj := filepath.Join(h.dir, "proj")
			os.MkdirAll(filepath.Join(proj, "sub"), 0o755)
			os.WriteFile(filepath.Join(proj, "x"), []byte("pwned\n"), 0o644)
			os.Symlink("../.bashrc", filepath.Join(proj, "notes.txt"))
			os.Symlink(filepath.Join(proj, "notes.txt"), filepath.Join(proj, "deep"))
			os.Remove(filepath.Join(proj, "deep"))
			os.Mkdir(filepath.Join(proj, "deep"), 0o755)
			os.Symlink("../notes.txt", filepath.Join(proj, "deep", "notes"))
			os.Symlink(h.dir, filepath.Join(proj, "od"))
			os.WriteFile(filepath.Join(proj, "sub", "target"), nil, 0o644)
			os.Symlink("sub/target", filepath.Join(proj, "inside"))
			err := h.approveOnce("cd proj; " + c.src)
			b, _ := os.ReadFile(filepath.Join(h.dir, c.changed))
			kept := len(b) == 0 && h.exists(c.changed)
			if c.runs {
				if status(err) != 0 {
					t.Errorf("refused: status %d, stderr %q", status(err), h.stderr.String())
				}
				if !kept {
					t.Errorf("%s changed", c.changed)
				}
				return
			}
			if !kept || status(err) == 0 {
				t.Errorf("ran through the link: status %d, %s kept: %v, stderr %q", status(err), c.changed, kept, h.stderr.String())
			}
		})
	}
}

// TestFamilyRemoveEverythingInAtRunTime: a recursive rm whose expanded
// operands are every entry of the home directory is the catastrophe
// rm -rf ~/* is, however it was spelled: a cd inside eval of a computed
// string the user approved, or a link. One entry of it is not.
func TestFamilyRemoveEverythingInAtRunTime(t *testing.T) {
	for _, c := range []struct {
		src  string
		runs bool
	}{
		{`c=$(cat cmdfile); eval "$c"`, false},
		{`cd proj; rm -rf od/*`, false},
		{`cd proj; rm -rf od/precious od/other od/proj od/cmdfile`, false},
		{`rm -rf other`, true},
		{`cd proj; rm -rf od/other`, true},
	} {
		t.Run(c.src, func(t *testing.T) {
			h := newHarness(t, []string{"rm", "cat"}, nil, perms.Once)
			h.touch("precious")
			h.touch("other")
			proj := filepath.Join(h.dir, "proj")
			os.MkdirAll(proj, 0o755)
			os.Symlink(h.dir, filepath.Join(proj, "od"))
			os.WriteFile(filepath.Join(h.dir, "cmdfile"), []byte("cd ~; rm -rf *"), 0o644)
			err := h.approveOnce(c.src)
			if c.runs {
				if status(err) != 0 || !h.exists("precious") {
					t.Errorf("status %d, precious kept: %v, stderr %q", status(err), h.exists("precious"), h.stderr.String())
				}
				return
			}
			if !h.exists("precious") || status(err) == 0 {
				t.Errorf("the home directory was emptied: status %d, stderr %q", status(err), h.stderr.String())
			}
		})
	}
}
