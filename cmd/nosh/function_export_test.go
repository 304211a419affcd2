package main

import (
	"strings"
	"testing"
)

// Functions bash exports (BASH_FUNC_NAME%%) are defined in nosh, and
// passed on to nosh's children; a value that is more than one function
// definition is ignored, so nothing after the definition ever runs
// (bash's fix for Shellshock).
func TestExportedFunctionsImported(t *testing.T) {
	t.Parallel()
	env := []string{
		"BASH_FUNC_greet%%=() {  echo \"hello $1\"\n}",
		"BASH_FUNC_bad%%=() { :; }; echo PWNED",
		"BASH_FUNC_other%%=() { echo wrong name; }; other() { echo x; }",
		"BASH_FUNC_nofunc%%=echo PWNED",
	}
	out, errs, st := runNoshEnv(t, env, "-c", `greet you; declare -F; bash -c 'greet child'; type bad >/dev/null 2>&1 || echo "no bad"`)
	want := "hello you\ndeclare -fx greet\nhello child\nno bad\n"
	if out != want || st != 0 {
		t.Errorf("stdout %q, status %d; want %q (stderr %q)", out, st, want, errs)
	}
	if strings.Contains(out+errs, "PWNED") {
		t.Errorf("a value past the function definition ran: %q %q", out, errs)
	}
}

// declare -f shows a function as it was written, not the statements
// nosh's rewrite made of it once it ran.
func TestDeclareFShowsTheSource(t *testing.T) {
	t.Parallel()
	out, errs, _ := runNosh(t, "", "-c", "f() { echo $1 >/dev/null; x=$(ls); }; f; declare -f f; type f")
	if strings.Contains(out, "nosh:") || strings.Contains(out, "\x00") || strings.Count(out, "echo $1 >/dev/null") != 2 || strings.Count(out, "x=$(ls)") != 2 {
		t.Errorf("declare -f / type printed %q (stderr %q)", out, errs)
	}
}
