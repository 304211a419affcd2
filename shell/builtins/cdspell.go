package builtins

import (
	"os"
	"path/filepath"
	"strings"
)

// cdSpell corrects a directory name with small typing mistakes, as
// bash's cdspell does: in each component of the path that does not
// exist, one transposed, missing, extra or wrong character. It returns
// the corrected path and whether there was one.
func (c *Call) cdSpell(dir string) (string, bool) {
	if !c.Sh.IsInteractive() || !c.Sh.ShoptOn("cdspell") || dir == "" {
		return "", false
	}
	base := c.R.Dir
	abs := filepath.IsAbs(dir)
	if abs {
		base = "/"
	}
	parts := strings.Split(strings.Trim(dir, "/"), "/")
	cur := base
	for i, p := range parts {
		if p == "" || p == "." || p == ".." {
			cur = filepath.Join(cur, p)
			continue
		}
		if fi, err := os.Stat(filepath.Join(cur, p)); err == nil && fi.IsDir() {
			cur = filepath.Join(cur, p)
			continue
		}
		entries, err := os.ReadDir(cur)
		if err != nil {
			return "", false
		}
		best, bestDist := "", 3
		for _, e := range entries {
			if !e.IsDir() && e.Type()&os.ModeSymlink == 0 {
				continue
			}
			if d := spellDistance(p, e.Name()); d < bestDist {
				best, bestDist = e.Name(), d
			}
		}
		if best == "" {
			return "", false
		}
		parts[i] = best
		cur = filepath.Join(cur, best)
	}
	fixed := strings.Join(parts, "/")
	if abs {
		fixed = "/" + fixed
	}
	return fixed, fixed != strings.Trim(dir, "/") && fixed != dir
}

// spellDistance is bash's measure of how far typed is from name: 0 the
// same, 1 two characters swapped, 2 one character wrong, added or
// missing, 3 anything else.
func spellDistance(typed, name string) int {
	a, b := []rune(typed), []rune(name)
	if string(a) == string(b) {
		return 0
	}
	switch {
	case len(a) == len(b):
		diff := -1
		for i := range a {
			if a[i] != b[i] {
				if diff >= 0 {
					// Two differences: a swap of neighbours, or too many.
					if i == diff+1 && a[diff] == b[i] && a[i] == b[diff] && string(a[i+1:]) == string(b[i+1:]) {
						return 1
					}
					return 3
				}
				diff = i
			}
		}
		return 2
	case len(a) == len(b)+1:
		return oneInserted(b, a)
	case len(b) == len(a)+1:
		return oneInserted(a, b)
	}
	return 3
}

// oneInserted returns 2 when long is short with one character added.
func oneInserted(short, long []rune) int {
	i := 0
	for i < len(short) && short[i] == long[i] {
		i++
	}
	if string(short[i:]) == string(long[i+1:]) {
		return 2
	}
	return 3
}
