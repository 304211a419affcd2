package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPackageState: the internal packages that keep per-shell state
// keep it in the values they hand the shell (the Engine, dynvars' Env,
// guard's Programs, deadcwd's Hold), one per shell, never in a package
// variable that every shell of the process would share. The package
// variables allowed are values set once and only read: errors, tables,
// the /dev/null files that stand for closed descriptors. A new one fails
// here: keep it in the package's per-shell value, or add it below with
// the reason it is never written.
func TestNoPackageState(t *testing.T) {
	readOnly := map[string]map[string]string{
		".": {
			"ErrBrokenPipe":     "an error value",
			"ErrKeepStatus":     "an error value",
			"errKeepStatus":     "an error value",
			"errExpansion":      "an error value",
			"pipeStaleValue":    "a constant variable value",
			"closedOutput":      "opened once, for every shell alike",
			"closedInput":       "opened once, for every shell alike",
			"closedForPrograms": "opened once, for every shell alike",
			"closedOutputFile":  "closedOutput's file, stored once when it is opened",
			"closedInputFile":   "closedInput's file, stored once when it is opened",
			"builtinNames":      "the builtins' names, never written",
		},
		"../dynvars": {},
		"../guard":   {},
		"../deadcwd": {},
	}
	for dir, allowed := range readOnly {
		for _, v := range packageVars(t, dir) {
			if _, ok := allowed[v.name]; !ok {
				t.Errorf("%s: package variable %s: keep state in the package's per-shell value", v.pos, v.name)
			}
		}
	}
}

type packageVar struct {
	pos  token.Position
	name string
}

// packageVars lists the package-level variables of the non-test files
// in dir.
func packageVars(t *testing.T, dir string) []packageVar {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var vars []packageVar
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if id.Name != "_" {
						vars = append(vars, packageVar{fset.Position(id.Pos()), id.Name})
					}
				}
			}
		}
	}
	return vars
}
