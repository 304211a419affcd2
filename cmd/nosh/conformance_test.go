package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// The differential conformance test runs every script of the corpus in
// testdata/conformance under bash, under dash (for the POSIX cases) and
// under nosh, and requires nosh to agree with them on standard output
// (exactly), on whether anything was written to standard error, and on the
// exit status.
//
// Each *.txtar file is one category; each file in it is one case. A case's
// leading comment lines may hold directives, and the archive's comment may
// hold directives that apply to all its cases:
//
//	#@ posix              also compare with dash (dash must agree with bash)
//	#@ bash               compare with bash only (undoes an archive's posix)
//	#@ dash-differs: WHY  bash and dash disagree; nosh follows bash
//	#@ xfail: WHY         nosh differs from bash on purpose or for now; the
//	                      case must keep failing, so a fix is noticed
//	#@ via: file|c|stdin  how nosh and the references get the script
//	                      (default file: `SH script.sh`)
//	#@ stdin: TEXT        a line given on standard input (repeatable);
//	                      otherwise standard input is /dev/null
//
// Every case runs in a fresh temporary directory that is also $HOME, with
// a small fixed environment.

var (
	conformanceShell = flag.String("conformance.shell", "", "run the conformance corpus against this shell instead of nosh (e.g. gosh), to compare")
	conformanceRun   = flag.String("conformance.case", "", "only run conformance cases whose name contains this")
	conformanceVerb  = flag.Bool("conformance.v", false, "print every conformance failure in full, and the summary")
	conformanceVia   = flag.String("conformance.via", "", "run every case this way (file, c or stdin) instead of its own")
)

// conformanceCase is one script of the corpus.
type conformanceCase struct {
	name        string // category/case
	script      string
	posix       bool
	dashDiffers string
	xfail       string
	via         string
	stdin       string
}

func loadConformance(t *testing.T) []*conformanceCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance corpus: %v", err)
	}
	var cases []*conformanceCase
	seen := map[string]bool{}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		category := strings.TrimSuffix(filepath.Base(file), ".txtar")
		defaults := &conformanceCase{via: "file"}
		if err := defaults.directives(string(ar.Comment), true); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range ar.Files {
			c := *defaults
			c.name = category + "/" + strings.TrimSuffix(f.Name, ".sh")
			c.script = string(f.Data)
			if err := c.directives(c.script, false); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if *conformanceVia != "" {
				c.via = *conformanceVia
			}
			if seen[c.name] {
				t.Fatalf("duplicate conformance case %s", c.name)
			}
			seen[c.name] = true
			cases = append(cases, &c)
		}
	}
	return cases
}

// directives reads the #@ lines at the start of text (comment lines and
// blank lines may be mixed in), or anywhere in it when all is set.
func (c *conformanceCase) directives(text string, all bool) error {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || (strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "#@")) {
			continue
		}
		d, ok := strings.CutPrefix(line, "#@")
		if !ok {
			if all {
				continue
			}
			break
		}
		key, val, _ := strings.Cut(strings.TrimSpace(d), ":")
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "posix":
			c.posix = true
		case "bash":
			c.posix = false
		case "dash-differs":
			c.dashDiffers = val
		case "xfail":
			c.xfail = val
		case "via":
			if val != "file" && val != "c" && val != "stdin" {
				return fmt.Errorf("bad via %q", val)
			}
			c.via = val
		case "stdin":
			c.stdin += val + "\n"
		default:
			return fmt.Errorf("unknown directive %q", line)
		}
		if (key == "xfail" || key == "dash-differs") && val == "" {
			return fmt.Errorf("%s needs a reason", key)
		}
	}
	return nil
}

// result is what a shell did with a case.
type result struct {
	stdout string
	stderr string
	status int
}

func (r result) same(o result) bool {
	return r.stdout == o.stdout && r.status == o.status && (r.stderr == "") == (o.stderr == "")
}

func (r result) String() string {
	return fmt.Sprintf("status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
}

// shellCmd is how to start one shell: argv before the script operand, and
// extra environment.
type shellCmd struct {
	name string
	argv []string
	env  []string
}

// run runs c under sh in a fresh directory.
func (c *conformanceCase) run(t *testing.T, sh shellCmd) result {
	// A fixed name, so that scripts printing $PWD's last part agree.
	dir := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "script.sh")
	if err := os.WriteFile(script, []byte(c.script), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string(nil), sh.argv[1:]...)
	var stdin *strings.Reader
	switch c.via {
	case "file":
		args = append(args, "script.sh")
	case "c":
		args = append(args, "-c", c.script, "script.sh")
	case "stdin":
		stdin = strings.NewReader(c.script)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sh.argv[0], args...)
	cmd.Dir = dir
	cmd.Env = append([]string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + dir,
		"TMPDIR=" + dir,
		"LC_ALL=C.UTF-8",
		"LANG=C.UTF-8",
		"PWD=" + dir,
		"XDG_CONFIG_HOME=" + dir + "/.config",
		"XDG_STATE_HOME=" + dir + "/.state",
		// The same for every shell: what lets the test binary act as
		// nosh, and no second of sleep at exit when it is built with -race.
		"NOSH_TEST_AS_NOSH=1",
		"GORACE=atexit_sleep_ms=0",
	}, sh.env...)
	switch {
	case stdin != nil:
		cmd.Stdin = stdin
	case c.stdin != "":
		cmd.Stdin = strings.NewReader(c.stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	status := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		status = ee.ExitCode()
		if status < 0 {
			status = 128 + 99 // killed by a signal: never equal to a real status
		}
	case err != nil:
		t.Fatalf("%s: %v", sh.name, err)
	}
	if ctx.Err() != nil {
		errb.WriteString("\n(timed out)")
	}
	return result{out.String(), errb.String(), status}
}

// conformanceTally counts results across the parallel subtests.
type conformanceTally struct {
	mu                 sync.Mutex
	total, bashPass    int
	posixTotal, dashOK int
	xfail              []string
	failed             []string
}

func TestConformance(t *testing.T) {
	bash, errBash := exec.LookPath("bash")
	dash, errDash := exec.LookPath("dash")
	if errBash != nil || errDash != nil {
		t.Skip("bash and dash are needed for the conformance test (make deps installs them)")
	}
	nosh := shellCmd{name: "nosh"}
	if *conformanceShell != "" {
		nosh.name = *conformanceShell
		nosh.argv = []string{*conformanceShell}
	} else {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		nosh.argv = []string{exe}
	}
	refBash := shellCmd{name: "bash", argv: []string{bash, "--norc", "--noprofile"}}
	refDash := shellCmd{name: "dash", argv: []string{dash}}

	cases := loadConformance(t)
	tally := &conformanceTally{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			if *conformanceRun != "" && !strings.Contains(c.name, *conformanceRun) {
				continue
			}
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				c.check(t, tally, nosh, refBash, refDash)
			})
		}
	})
	sort.Strings(tally.failed)
	summary := fmt.Sprintf("%s matches bash in %d of %d cases, dash in %d of %d POSIX cases; %d expected failures",
		nosh.name, tally.bashPass, tally.total, tally.dashOK, tally.posixTotal, len(tally.xfail))
	if *conformanceVerb || *conformanceShell != "" {
		fmt.Println(summary)
		for _, f := range tally.failed {
			fmt.Println("  differs:", f)
		}
	} else {
		t.Log(summary)
	}
}

// check runs one case under every shell it is compared with.
func (c *conformanceCase) check(t *testing.T, tally *conformanceTally, nosh, bash, dash shellCmd) {
	want := c.run(t, bash)
	got := c.run(t, nosh)
	okBash := got.same(want)
	compareDash := c.posix && c.dashDiffers == ""
	okDash := true
	if compareDash {
		d := c.run(t, dash)
		if !d.same(want) {
			t.Errorf("corpus error: bash and dash disagree; mark the case dash-differs or bash\nbash: %v\ndash: %v", want, d)
		}
		okDash = got.same(d)
	}

	tally.mu.Lock()
	tally.total++
	if okBash {
		tally.bashPass++
	}
	if compareDash {
		tally.posixTotal++
		if okDash {
			tally.dashOK++
		}
	}
	if c.xfail != "" {
		tally.xfail = append(tally.xfail, c.name)
	}
	if !okBash && (c.xfail == "" || *conformanceShell != "") {
		tally.failed = append(tally.failed, c.name)
	}
	tally.mu.Unlock()

	if *conformanceShell != "" {
		// Measuring another shell: report, do not fail.
		if !okBash && *conformanceVerb {
			t.Logf("differs from bash:\nscript:\n%s\nbash: %v\n%s: %v", c.script, want, nosh.name, got)
		}
		return
	}
	switch {
	case c.xfail != "" && okBash:
		t.Errorf("expected to differ from bash (%s), but now matches: remove the xfail", c.xfail)
	case c.xfail == "" && !okBash:
		t.Errorf("differs from bash:\nscript:\n%s\nbash: %v\nnosh: %v", c.script, want, got)
	}
}
