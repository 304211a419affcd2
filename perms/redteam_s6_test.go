package perms

import (
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// familyCase is one spelling of an attack family, or a benign neighbour
// that must stay allowed.
type familyCase struct {
	want    Verdict
	allow   []string
	command string
}

// checkFamily runs each case through Policy.Check starting in dir with
// $HOME home, as an ordinary (? translation) command.
func checkFamily(t *testing.T, dir, home string, cases []familyCase) {
	t.Helper()
	for _, c := range cases {
		p, err := NewPolicy(Options{Allow: c.allow, Env: func() (expand.Environ, string) { return testEnvAt(dir, home) }})
		if err != nil {
			t.Fatal(err)
		}
		if d := p.Check(c.command); d.Verdict != c.want {
			t.Errorf("%q in %s (HOME=%s) with allow=%q: got %s, want %s\n%s", c.command, dir, home, c.allow, d.Verdict, c.want, indent(d.Explain()))
		}
	}
}

// TestFamilyCopyIntoAncestorOfHome: a recursive copy or an extraction
// into a directory that holds the home directory can replace its startup
// files as surely as one into the home directory itself (cp -r u ../..
// writes ../../u/.bashrc), wherever the home directory lives.
func TestFamilyCopyIntoAncestorOfHome(t *testing.T) {
	rules := []string{"cp", "tar", "unzip", "rsync"}
	checkFamily(t, "/srv/users/u/proj", "/srv/users/u", []familyCase{
		{Ask, rules, "cp -r u ../.."},
		{Ask, rules, "cp -a u ../../"},
		{Ask, rules, "cp -R u /srv/users"},
		{Ask, rules, "cp -rT users /srv"},
		{Ask, rules, "tar -xf x.tar -C ../.."},
		{Ask, rules, "tar -C ../.. -xf x.tar"},
		{Ask, rules, "tar -xf x.tar --directory=/srv"},
		{Ask, rules, "cd ../..; tar -xf x.tar"},
		{Ask, rules, "unzip -o x.zip -d /srv/users"},
		{Ask, rules, "rsync -a u/ ../../u/"},
		{Ask, rules, "cp -r u ~/.."},
		// Neighbours that stay allowed.
		{Allow, rules, "cp -r src build"},
		{Allow, rules, "tar -xf x.tar -C sub"},
		{Allow, rules, "tar -xf x.tar -C ../other"},
		{Allow, rules, "cp -r src /tmp/x"},
	})
}

// TestFamilyPythonRunnerModules: modules that run another program
// (pdb, cProfile, profile, trace, IPython, idlelib) take code or a module
// of their own on the command line; the module they run is judged as if
// run by -m itself, their code options are code, and their unknown
// options ask. sqlite3 with SQL and the asyncio console fed a file run
// what they are given.
func TestFamilyPythonRunnerModules(t *testing.T) {
	py := []string{"python3"}
	checkFamily(t, defaultCorpusDir, defaultCorpusHome, []familyCase{
		{Ask, py, `python3 -m pdb -c 'import os; os.system("id")' -c c x.py`},
		{Ask, py, `python3 -mpdb --command='!id' x.py`},
		{Ask, py, `python3 -m pdb -cimport\ os x.py`},
		{Ask, py, `python3 -m IPython -c 'import os'`},
		{Ask, py, `python3 -m idlelib -c 'import os'`},
		{Ask, py, `python3 -m cProfile -m timeit 'import os'`},
		{Ask, py, `python3 -m profile -mtimeit 1`},
		{Ask, py, `python3 -m trace --trace --module timeit 1`},
		{Ask, py, `python3 -m pdb -m cProfile -m timeit 1`},
		{Ask, py, `python3 -m cProfile -m http.server`},
		{Ask, py, `python3 -m trace --count -C /tmp x.py`},
		{Ask, py, `python3 -m pdb "$x" x.py`},
		{Ask, py, `python3 -m sqlite3 x.db "VACUUM INTO '/tmp/x'"`},
		{Ask, py, `python3 -m asyncio < x`},
		// Neighbours that stay allowed.
		{Allow, py, `python3 -m pdb x.py`},
		{Allow, py, `python3 -m cProfile -s cumtime x.py`},
		{Allow, py, `python3 -m trace -t x.py`},
		{Allow, py, `python3 -m pdb -m mypkg`},
		{Allow, py, `python3 -m sqlite3 x.db`},
		{Allow, py, `python3 -m unittest`},
		{Allow, py, `python3 -m json.tool x.json`},
		// A profile written is a file written, as by tee: the agent is
		// asked about it outside its workspace (the agent corpus).
		{Allow, py, `python3 -m cProfile -o /tmp/x x.py`},
	})
}

// TestFamilyXargsInputAsArguments: the words xargs reads become the
// command's arguments, so they are judged as a computed argument of that
// command by its own handler: a command for env or command (never the
// shell's builtin: xargs runs programs), a program for sed or awk after
// --, an option for programs that read options from operands.
func TestFamilyXargsInputAsArguments(t *testing.T) {
	rules := []string{"xargs", "env", "sed", "awk", "cat", "grep", "ls", "wc", "git log", "sort", "find"}
	checkFamily(t, defaultCorpusDir, defaultCorpusHome, []familyCase{
		{Ask, rules, `echo id | xargs env --`},
		{Ask, rules, `echo id | xargs env -i --`},
		{Ask, rules, `echo id | xargs command`},
		{Ask, rules, `echo id | xargs exec`},
		{Ask, rules, `echo id | xargs builtin`},
		{Ask, rules, `echo "'1e id' x" | xargs sed --`},
		{Ask, rules, `echo "'1e id' x" | xargs -0 sed --`},
		{Ask, rules, `echo 'BEGIN{system("id")}' | xargs awk --`},
		{Ask, rules, `echo 'BEGIN{system("id")}' | xargs -d '\n' awk --`},
		{Ask, rules, `printf -- '--compress-program=id\n' | xargs sort`},
		// Neighbours that stay allowed.
		{Allow, rules, `find . -print0 | xargs -0 grep -n Deprecated`},
		{Allow, rules, `find . | xargs cat`},
		{Allow, rules, `find . | xargs ls -la`},
		{Allow, rules, `find . | xargs wc -l`},
		{Allow, rules, `find . | xargs git log --`},
		{Allow, rules, `find . | xargs sed -n 1p --`},
		{Allow, rules, `find . | xargs sort --`},
		{Allow, rules, `echo x | xargs`},
	})
}
