package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nosh/ai/fakellm"
)

// TestExplain: `? explain CMD` shows at once what the permission engine
// finds in each part, then the model's explanation in words, rendered;
// nothing runs. `? explain` followed by words is an ordinary request.
func TestExplain(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text("- `ls -la` lists every file, hidden ones too.\n- `wc -l` counts the lines.\n- `> out.txt` **replaces** out.txt.").Chunked(9),
		fakellm.Text("# tar packs files into one archive."),
		fakellm.Text("- `rm` removes; here everything in your home."),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("? explain ls -la | wc -l > out.txt")
	if _, err := exec.LookPath("whatis"); err == nil {
		s.Expect("`ls -la`: list directory contents — asks, no allow rule")
	} else {
		s.Expect("`ls -la` — asks, no allow rule")
	}
	s.Expect("`wc -l`")
	s.Expect("`> out.txt` — risk: writes to a file")
	s.Expect("If the AI asked to run it, nosh would ask you first.")
	s.Expect("• `ls -la` lists every file, hidden ones too.")
	s.Expect("• `> out.txt` replaces out.txt.")
	s.ExpectPrompt()
	if _, err := os.Stat(filepath.Join(home, "out.txt")); err == nil {
		t.Error("explain ran the command")
	}
	req := string(srv.Requests()[0].Body)
	for _, want := range []string{`Command line:\nls -la | wc -l \u003e out.txt`, `writes to a file`, "part by part"} {
		if !strings.Contains(req, want) {
			t.Errorf("the request lacks %q:\n%s", want, req)
		}
	}

	s.Line("? explain how tar works")
	s.Expect("tar packs files into one archive.")
	s.ExpectPrompt()
	if req := string(srv.Requests()[1].Body); !strings.Contains(req, "You translate a request") {
		t.Errorf("? explain how… should be an ordinary request:\n%s", req)
	}

	// /explain keeps the line as typed (quotes, spacing); a denied part
	// says so, with the home directory as ~.
	s.Line(`/explain rm -rf ~  &&  echo "a  b"`)
	s.ExpectRe(regexp.MustCompile("`rm -rf ~`(: [^—]*)? — denied, recursive rm of ~\n"))
	s.Expect("If the AI asked to run it, nosh would refuse.")
	s.Expect("here everything in your home.")
	s.ExpectPrompt()
	if req := string(srv.Requests()[2].Body); !strings.Contains(req, `echo \"a  b\"`) {
		t.Errorf("/explain changed the line:\n%s", req)
	}
	s.Line("/explain")
	s.Expect("usage: /explain COMMAND-LINE")
	s.ExpectPrompt()
}
