package interpunsafe

import (
	"os/exec"
	"strings"
	"testing"
)

// checkedVersion is the mvdan.cc/sh/v3 whose internals this package was
// checked against: //go:linkname does not check signatures, so an upgrade
// must review every linked method before changing it.
const checkedVersion = "v3.14.1"

func TestInterpVersion(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "mvdan.cc/sh/v3").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	if v := strings.TrimSpace(string(out)); v != checkedVersion {
		t.Fatalf("mvdan.cc/sh/v3 is %s; interpunsafe was checked against %s", v, checkedVersion)
	}
}
