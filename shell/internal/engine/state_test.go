package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestNoPackageState: the rewrite's state lives on the Engine, one per
// shell, never in a package variable that every shell of the process
// would share. The package variables allowed are values set once and
// only read: errors, tables, the /dev/null files that stand for closed
// descriptors. A new one fails here: make it an Engine field, or add it
// below with the reason it is never written.
func TestNoPackageState(t *testing.T) {
	readOnly := map[string]string{
		"ErrBrokenPipe":     "an error value",
		"ErrKeepStatus":     "an error value",
		"errKeepStatus":     "an error value",
		"errExpansion":      "an error value",
		"pipeStaleValue":    "a constant variable value",
		"closedOutput":      "opened once, for every shell alike",
		"closedInput":       "opened once, for every shell alike",
		"closedForPrograms": "opened once, for every shell alike",
		"builtinTable":      "the builtins' table, never written",
		"SpecialBuiltins":   "POSIX's list, never written",
		"specialBuiltins":   "POSIX's list, never written",
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
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
					if _, ok := readOnly[id.Name]; !ok && id.Name != "_" {
						t.Errorf("%s: package variable %s: keep state on the Engine", fset.Position(id.Pos()), id.Name)
					}
				}
			}
		}
	}
}
