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
