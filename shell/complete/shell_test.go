package complete

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestCdPath(t *testing.T) {
	c, env := testCompleter(t)
	projects := t.TempDir()
	for _, d := range []string{"alpha", "beta", "src"} {
		if err := os.Mkdir(filepath.Join(projects, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env.vars["CDPATH"] = ":" + projects
	r := complete(c, `cd `)
	var got []string
	for _, cand := range r.Candidates {
		got = append(got, cand.Value+"("+cand.Tag+")")
	}
	want := "My\\ Documents/(directories) src/(directories) alpha/(cdpath) beta/(cdpath)"
	if strings.Join(got, " ") != want {
		t.Errorf("cd with CDPATH: %s\nwant %s", strings.Join(got, " "), want)
	}
	if got := values(complete(c, `cd ./`)); got != `./My\ Documents/ | ./src/` {
		t.Errorf("cd ./: %s", got)
	}
}

func TestKillProcesses(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	c, _ := testCompleter(t)
	pid := strconv.Itoa(os.Getpid())
	for _, cand := range complete(c, `kill `+pid).Candidates {
		if cand.Value == pid {
			if !strings.Contains(cand.Description, filepath.Base(os.Args[0])) {
				t.Errorf("description %q does not name the test binary", cand.Description)
			}
			return
		}
	}
	t.Errorf("own pid %s not offered", pid)
}

func TestSlashAndUsers(t *testing.T) {
	c, _ := testCompleter(t)
	r := complete(c, `/`)
	if len(r.Candidates) < 9 || r.Candidates[0].Tag != "slash commands" || r.Candidates[0].Description == "" {
		t.Errorf("slash commands: %+v", r.Candidates)
	}
	r = complete(c, `echo ~r`)
	if len(r.Candidates) != 2 || r.Candidates[1].Display != "~root" || r.Candidates[1].Description != "Super User" {
		t.Errorf("users: %+v", r.Candidates)
	}
}
