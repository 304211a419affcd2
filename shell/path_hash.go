package shell

import (
	"nosh/shell/internal/engine"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The command path table (hash) is forgotten whenever PATH is assigned,
// as in bash: the rewrite adds a pathHook to each assignment to PATH.

// pathHook forgets the remembered command paths when an assignment to
// PATH runs, as bash does (even to the same value).
type pathHook struct{}

func (pathHook) hookValue(s *Shell, r *interp.Runner) (string, error) {
	s.mu.Lock()
	clear(s.hashs)
	s.mu.Unlock()
	return "", nil
}

// hookPathAssigns adds a pathHook to the assignments to PATH among as.
func (s *Shell) hookPathAssigns(as []*syntax.Assign) {
	for _, a := range as {
		if a.Name == nil || a.Name.Value != "PATH" || a.Naked || a.Array != nil {
			continue
		}
		if a.Value == nil {
			a.Value = &syntax.Word{}
		}
		if n := len(a.Value.Parts); n > 0 && isHookPart(a.Value.Parts[n-1]) {
			if cs := a.Value.Parts[n-1].(*syntax.CmdSubst); s.isPathHook(cs) {
				continue
			}
		}
		a.Value.Parts = append(a.Value.Parts, s.hookSubst(a.Pos(), pathHook{}))
	}
}

// isPathHook reports whether cs is a pathHook's substitution.
func (s *Shell) isPathHook(cs *syntax.CmdSubst) bool {
	key, _ := engine.HookKey(cs)
	_, ok := s.stashedHook(key).(pathHook)
	return ok
}

// countHit records that name is about to run as a program.
func (s *Shell) countHit(r *interp.Runner, name string) {
	if strings.Contains(name, "/") || (r != nil && r.Funcs[name] != nil) || s.IsBuiltin(name) {
		return
	}
	s.mu.Lock()
	s.hashHits[name]++
	s.mu.Unlock()
}
