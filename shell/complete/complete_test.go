package complete

import (
	"strings"
	"testing"
)

// complete runs the completer on line; a '‸' in line marks the cursor
// (the end when absent).
func complete(c *Completer, line string) Result {
	cursor := strings.Index(line, "‸")
	if cursor < 0 {
		return c.Complete(line, len(line))
	}
	return c.Complete(strings.Replace(line, "‸", "", 1), cursor)
}

func TestComplete(t *testing.T) {
	tests := []struct{ line, want string }{
		// Files, quoted for where the cursor is.
		{`ls my`, `my\ file.txt␣`},
		{`ls "my`, `"my file.txt"␣`},
		{`ls 'my`, `'my file.txt'␣`},
		{`ls $'my`, `$'my file.txt'␣`},
		{`ls my\ f`, `my\ file.txt␣`},
		{`ls my\`, `my\ file.txt␣`},
		{`ls "my f`, `"my file.txt"␣`},
		{`ls it`, `it\'s.txt␣`},
		{`ls 'it`, `'it'\''s.txt'␣`},
		{`ls "it`, `"it's.txt"␣`},
		{`ls quo`, `quote\"d.txt␣`},
		{`ls "quo`, `"quote\"d.txt"␣`},
		{`ls \$do`, `\$dollar␣`},
		{`ls '$do`, `'$dollar'␣`},
		{`ls "\$do`, `"\$dollar"␣`},
		{`ls My`, `My\ Documents/`},
		{`ls "My`, `"My Documents/`},
		{`ls "My Documents/`, `"My Documents/report.txt"␣`},
		{`ls src/`, `src/main.go␣ | src/util.go␣`},
		{`ls s`, `src/`},
		{`ls .hid`, `.hidden␣`},
		{`ls n`, `notes.md␣`},
		{`ls ~/d`, `~/docs/`},
		{`ls ~robin/d`, `~robin/docs/`},
		{`ls $HOME/do`, `$HOME/docs/`},
		{`ls "${HOME}/do`, `"${HOME}/docs/`},
		{`ls $MY_DIR/ma`, `$MY_DIR/main.go␣`},
		{`ls my‸ x`, `my\ file.txt␣`},
		{`ls $(echo x)/`, ``},
		{`ls > no`, `notes.md␣`},
		{`x=no`, `notes.md␣`},
		{`ls; cat no`, `notes.md␣`},
		{`for f in no`, `notes.md␣`},
		{`[[ -f no`, `notes.md␣`},
		{`ls # no`, ``},
		{`cat <<no`, ``},
		{`ls 2>&`, ``},
		// Variables, users, jobs.
		{`echo $HO`, `$HOME | $HOSTNAME`},
		{`echo ${HO`, `${HOME} | ${HOSTNAME}`},
		{`echo "$HOM`, `"$HOME`},
		{`echo a$MY_`, `a$MY_DIR`},
		{`echo ~ro`, `~robin/ | ~root/`},
		{`export HOS`, `HOSTNAME␣`},
		{`unset HOS`, `HOSTNAME␣`},
		{`fg %`, `%1␣ | %2␣`},
		{`kill %`, `%1␣ | %2␣`},
		{`ls %`, ``},
		// Command names.
		{`ec`, `echo␣`},
		{`my`, `myfunc␣`},
		{`l`, `ll␣`},
		{`to`, `tool␣ | toolbox␣`},
		{`da`, ``},
		{`ls | gr`, `grep␣`},
		{`echo $(to`, `tool␣ | toolbox␣`},
		{"echo `to", "tool␣ | toolbox␣"},
		{`echo "$(to`, `tool␣ | toolbox␣`},
		{`if to`, `tool␣ | toolbox␣`},
		{`sudo -u x to`, `tool␣ | toolbox␣`},
		{`A=1 to`, `tool␣ | toolbox␣`},
		{`./r`, `./run.sh␣`},
		{`./s`, `./src/`},
		{`/he`, `/help␣`},
		{`ls /he`, ``},
		// Specs that need no external program.
		{`cd s`, `src/`},
		{`cd My`, `My\ Documents/`},
		{`make `, `all␣ | build␣ | test␣`},
		{`make -C . b`, `build␣`},
		{`make -f `, `Makefile␣ | \$dollar␣ | it\'s.txt␣ | my\ file.txt␣ | notes.md␣ | quote\"d.txt␣ | run.sh␣ | My\ Documents/ | src/`},
		{`ssh `, `10.0.0.1␣ | alpha␣ | beta␣ | delta.example␣ | epsilon␣ | gamma␣`},
		{`ssh me@al`, `me@alpha␣`},
		{`ssh -i no`, `notes.md␣`},
		{`scp no`, `notes.md␣`},
		{`scp al`, `alpha:`},
		{`scp alpha:`, ``},
		{`kill -TER`, `-TERM␣`},
		{`kill -s TER`, `TERM␣`},
		// Requests.
		{`? look at @my`, `@my\ file.txt␣`},
		{`?? why don't @"my`, `@"my file.txt"␣`},
		{`? explain @my\ f`, `@my\ file.txt␣`},
		{`? explain my`, ``},
		// `?foo` is a request too (linekind), as the REPL runs it: prose,
		// not a glob in command position.
		{`?explain @my`, `@my\ file.txt␣`},
		{`?explain my`, ``},
	}
	c, _ := testCompleter(t)
	for _, tt := range tests {
		if got := values(complete(c, tt.line)); got != tt.want {
			t.Errorf("%q:\n got  %s\n want %s", tt.line, got, tt.want)
		}
	}
}

func TestCompleteResult(t *testing.T) {
	c, _ := testCompleter(t)
	r := complete(c, `ls "My‸ x`)
	if r.Prefix != `"My` || r.Start != 3 {
		t.Errorf("Prefix %q Start %d, want \"My and 3", r.Prefix, r.Start)
	}
	for _, cand := range r.Candidates {
		if !strings.HasPrefix(cand.Value, r.Prefix) {
			t.Errorf("candidate %q does not start with %q", cand.Value, r.Prefix)
		}
	}
	if d := r.Candidates[0]; d.Display != "My Documents/" || d.Tag != "directories" {
		t.Errorf("directory candidate %+v", d)
	}
	r = complete(c, "echo x\nls no")
	if r.Start != 10 || values(r) != `notes.md␣` {
		t.Errorf("second line: Start %d, %s", r.Start, values(r))
	}
	r = complete(c, `ll`)
	if len(r.Candidates) != 1 || r.Candidates[0].Description != "ls -l" || r.Candidates[0].Tag != "aliases" {
		t.Errorf("alias candidate: %+v", r.Candidates)
	}
}

func TestCompleteAllCommands(t *testing.T) {
	c, _ := testCompleter(t)
	got := map[string]string{}
	for _, cand := range complete(c, ``).Candidates {
		got[cand.Value] = cand.Tag
	}
	for name, tag := range map[string]string{"ll": "aliases", "myfunc": "functions", "echo": "builtins", "tool": "commands", "grep": "commands"} {
		if got[name] != tag {
			t.Errorf("%s: tag %q, want %q", name, got[name], tag)
		}
	}
	if _, ok := got["data"]; ok {
		t.Error("a non-executable file on PATH is offered")
	}
}
