package assistant

import (
	"fmt"

	"mvdan.cc/sh/v3/expand"

	"nosh/config"
	"nosh/perms"
	"nosh/perms/rulefile"
)

// newPolicy builds the permission policy: the persisted rules, the config
// file's extra rules and a project's deny rules.
func (a *Assistant) newPolicy() *perms.Policy {
	deny := append([]string(nil), a.cfg.Permissions.Deny...)
	proj, warns := config.LoadProject(a.host.Dir())
	for _, w := range warns {
		fmt.Fprintf(a.stderr, "nosh: warning: %s\n", w.Error())
	}
	deny = append(deny, proj.Deny...)
	var store perms.RuleStore
	if a.paths.PermissionsFile != "" {
		store = rulefile.Open(a.paths.PermissionsFile)
	}
	p, err := perms.NewPolicy(perms.Options{
		Dialect: a.dialect,
		Store:   store,
		Allow:   a.cfg.Permissions.Allow,
		Deny:    deny,
		Env: func() (expand.Environ, string) {
			return a.host.Vars(), a.host.Dir()
		},
		Protected: a.protectedPaths(),
	})
	if err != nil {
		fmt.Fprintf(a.stderr, "nosh: warning: permission rules: %v\n", err)
	}
	return p
}

// Dangerous reports whether a statement is on the permission engine's
// built-in catastrophic list, for the highlighter's danger colour. It
// analyses without rules or expansion previews: cheap enough per keystroke.
func (a *Assistant) Dangerous(stmt string) bool {
	an := perms.Analyze(stmt, a.dialect, a.host.Vars(), a.host.Dir())
	for _, u := range an.Units {
		if u.Catastrophe != "" {
			return true
		}
	}
	for _, f := range an.Findings {
		if f.Kind == perms.KindCatastrophic {
			return true
		}
	}
	return false
}
