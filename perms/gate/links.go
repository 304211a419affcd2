package gate

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"

	"nosh/perms"
	"nosh/perms/analysis"
	"nosh/perms/sandbox"
)

// A command's targets are judged by their spelling, but a program opens
// what the path really names: with notes.txt a link to ~/.bashrc (a
// cloned repository's, or one an agent made in its workspace),
// `cp x notes.txt` writes ~/.bashrc, which `cp x ~/.bashrc` would have
// been asked about. Outside the sandbox (a ? translation) nothing else
// holds it. So each target that leads through a symbolic link is judged
// again as the path it leads to, in the same command, and whatever that
// finds is added: the verdict is the stricter of the two.

// throughLinks returns d with what the command's targets, resolved
// through symbolic links, add to it.
func (g *Gate) throughLinks(args []string, env expand.Environ, dir string, d perms.Decision) perms.Decision {
	real := append([]string(nil), args...)
	var links []string
	for _, t := range d.Targets {
		if t.Path == "" || t.Redirect || t.Op == perms.ViaDaemon {
			continue
		}
		r, ok := realTarget(t)
		if !ok || r == t.Path {
			continue
		}
		for i := 1; i < len(real); i++ {
			// The operand itself, or an option's attached value
			// (of=notes.txt, --output=notes.txt).
			if v := real[i]; v == t.Text || analysis.QuoteWord(v) == t.Text {
				real[i] = r
			} else if strings.HasSuffix(v, "="+t.Text) {
				real[i] = strings.TrimSuffix(v, t.Text) + r
			} else {
				continue
			}
			links = append(links, t.Text+" → "+r)
		}
	}
	d = g.everythingIn(env, dir, d)
	if len(links) == 0 {
		return d
	}
	via := " (through a symbolic link: " + strings.Join(links, ", ") + ")"
	rd := g.policy.CheckArgv(real, env, dir)
	seen := map[string]bool{}
	for _, f := range d.Findings {
		seen[f.Reason] = true
	}
	var add []perms.Finding
	for _, u := range rd.Units {
		if u.Verdict == perms.Deny && u.Rule == "built-in" {
			add = append(add, perms.Finding{Kind: perms.KindCatastrophic, Text: strings.Join(args, " "), Reason: u.Reason + via})
		}
	}
	for _, f := range rd.Findings {
		if !seen[f.Reason] {
			f.Reason += via
			add = append(add, f)
		}
	}
	if len(add) == 0 {
		return d
	}
	return d.WithFindings(add...)
}

// realTarget returns the path a target really names. An entry removed
// is the link itself, not what it leads to (rm link), unless the word
// goes through it (rm -r dir/, rm dir/*): only its directory is
// resolved then.
func realTarget(t perms.Target) (string, bool) {
	p := t.Path
	if t.Op == perms.RemoveEntry && !strings.HasSuffix(t.Text, "/") {
		dir, err := sandbox.Resolve(filepath.Dir(p))
		if err != nil {
			return "", false
		}
		return filepath.Join(dir, filepath.Base(p)), true
	}
	r, err := sandbox.Resolve(p)
	return r, err == nil
}

// everythingIn returns d with a catastrophe added when its recursive
// removes name every entry of a directory whose own removal is one
// (home, /, a system directory): rm -rf * there after a cd the check could
// not follow (inside eval), or rm -rf od/* with od a link to the home
// directory, reaches the gate as a list of entries, each harmless alone.
// Hidden entries need not be named (* does not match them), and a
// directory counts once two of its entries are.
func (g *Gate) everythingIn(env expand.Environ, cwd string, d perms.Decision) perms.Decision {
	named := map[string]map[string]bool{}
	for _, t := range d.Targets {
		if t.Op != perms.RemoveEntry || !t.Recursive || t.Path == "" {
			continue
		}
		parent, err := sandbox.Resolve(filepath.Dir(t.Path))
		if err != nil {
			continue
		}
		if named[parent] == nil {
			named[parent] = map[string]bool{}
		}
		named[parent][filepath.Base(t.Path)] = true
	}
	var add []perms.Finding
	for parent, names := range named {
		if len(names) < 2 {
			continue
		}
		entries, err := os.ReadDir(parent)
		if err != nil {
			continue
		}
		all := true
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") && !names[e.Name()] {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		rd := g.policy.CheckArgv([]string{"rm", "-r", "--", parent}, env, cwd)
		for _, u := range rd.Units {
			if u.Verdict == perms.Deny && u.Rule == "built-in" {
				add = append(add, perms.Finding{Kind: perms.KindCatastrophic, Text: d.Command,
					Reason: "removes every entry of " + parent + ", as rm -r " + parent + " would: " + u.Reason})
			}
		}
	}
	if len(add) == 0 {
		return d
	}
	return d.WithFindings(add...)
}
