package complete

import (
	"context"
	"path/filepath"
	"strings"
)

// completeCd completes directories, and for a relative name also the
// directories under each $CDPATH entry.
func completeCd(_ context.Context, a *Args) ([]Candidate, bool) {
	cur := a.Current
	if strings.HasPrefix(cur, "-") {
		return nil, true
	}
	out := a.Dirs()
	if strings.HasPrefix(cur, "/") || cur == "." || cur == ".." ||
		strings.HasPrefix(cur, "./") || strings.HasPrefix(cur, "../") {
		return out, true
	}
	seen := make(map[string]bool, len(out))
	for _, c := range out {
		seen[c.Value] = true
	}
	dirPart, base := "", cur
	if i := strings.LastIndexByte(cur, '/'); i >= 0 {
		dirPart, base = cur[:i+1], cur[i+1:]
	}
	for _, p := range filepath.SplitList(a.Env.Get("CDPATH")) {
		if p == "" || p == "." {
			continue // the shell's directory, already listed
		}
		for _, c := range a.c.dirEntries(filepath.Join(a.c.resolve(p), dirPart), dirPart, base, fileDirs, "cdpath") {
			if !seen[c.Value] {
				seen[c.Value] = true
				c.Description = filepath.Join(p, c.Value)
				out = append(out, c)
			}
		}
	}
	return out, true
}
