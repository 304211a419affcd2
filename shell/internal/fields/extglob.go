package fields

import (
	"strings"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/patterns"
)

// globPattern is the field as a pattern for patterns.Glob: its quoted
// parts escaped, and backslashes, which the field's own expansion has
// already dealt with, literal.
func globPattern(parts []fieldPart) string {
	var b strings.Builder
	for _, p := range parts {
		if p.quoted {
			b.WriteString(patterns.Quote(p.val))
		} else {
			b.WriteString(strings.ReplaceAll(p.val, `\`, `\\`))
		}
	}
	return b.String()
}

// extGlob is pathname expansion of a pattern with extended operators
// (shopt extglob), which interp's globbing leaves as they are unless the
// field also has *, ? or [ and then matches !( ) only between fixed
// text: nosh matches each name itself, as bash does.
func (e *fieldExpander) extGlob(parts []fieldPart, pat string) ([]string, error) {
	cfg := e.cfg
	matches := patterns.Glob(pat, patterns.GlobOptions{
		Dir:      interpunsafe.LookupVar(e.r, "PWD").String(),
		DotGlob:  cfg.DotGlob,
		NoCase:   cfg.NoCaseGlob,
		GlobStar: cfg.GlobStar,
		ReadDir:  cfg.ReadDir2,
	})
	if len(matches) > 0 {
		return matches, nil
	}
	if e.sh.ShoptOn("failglob") {
		return nil, e.sh.Abort("no match: " + joinParts(parts))
	}
	if cfg.NullGlob {
		return nil, nil
	}
	return []string{joinParts(parts)}, nil
}
