package shell_test

import (
	"regexp"
	"testing"
)

// TestCoprocWarningAndJobs checks what TestBashParity cannot compare
// byte for byte, since it holds a process ID: bash's warning when a
// coprocess starts while another runs, and the coprocess in `jobs`.
func TestCoprocWarningAndJobs(t *testing.T) {
	dir := t.TempDir()
	// `coproc cat 2>/dev/null`: the parser reads cat as the coprocess's
	// name there; bash runs cat.
	line := `coproc cat 2>/dev/null; coproc N { cat 2>/dev/null; }; echo $?; jobs; exec {COPROC[1]}>&- {N[1]}>&-; wait`
	out, stderr, status := runNoshC(t, line, dir, []string{"HOME=" + dir, "PATH=/usr/bin:/bin"})
	wantErr := regexp.MustCompile(`^nosh: warning: execute_coproc: coproc \[[0-9]+:COPROC\] still exists\n$`)
	if !wantErr.MatchString(stderr) || status != 0 {
		t.Errorf("stderr %q status %d, want the warning and status 0", stderr, status)
	}
	wantOut := "0\n[1]-  Running                 coproc COPROC cat 2>/dev/null &\n[2]+  Running                 coproc N { cat 2>/dev/null; } &\n"
	if out != wantOut {
		t.Errorf("stdout\n%q\nwant\n%q", out, wantOut)
	}
}
