package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestNoPackageState: the package's state lives in the Programs Track makes, or the context, one per
// shell, never in a package variable that every shell of the process
// would share (see shell/internal/engine's TestNoPackageState).
func TestNoPackageState(t *testing.T) {
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
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, spec := range gd.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						t.Errorf("%s: package variable %s: keep state in the values the package returns", fset.Position(id.Pos()), id.Name)
					}
				}
			}
		}
	}
}
