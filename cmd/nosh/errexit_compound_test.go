package main

import (
	"strings"
	"testing"
)

// The set -e checks the rewrite appends to compound commands are not
// the user's code: declare -f and type do not show them.
func TestErrexitChecksHiddenFromFunctionListing(t *testing.T) {
	out, errOut, status := runNosh(t, "", "-c", `f() { for i in 1; do false && :; done; }; declare -f f; type f`)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if strings.Contains(out, "\x00") || strings.Contains(out, "exempt") {
		t.Errorf("function listing shows nosh's internal calls:\n%s", out)
	}
	if !strings.Contains(out, "false && :") {
		t.Errorf("function listing lost the body:\n%s", out)
	}
}
