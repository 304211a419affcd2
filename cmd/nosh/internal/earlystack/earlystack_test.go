package earlystack

import (
	"go/build"
	"testing"
)

// The package must import nothing: an import would hold its initialiser
// back until that package and its own imports are initialised, deeper in
// the order, after initialisers that grow the stack under many frames.
// TestStackGrownFirst (cmd/nosh) checks the order itself.
func TestImportsNothing(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Imports) != 0 {
		t.Errorf("earlystack imports %q; it must import nothing", pkg.Imports)
	}
}
