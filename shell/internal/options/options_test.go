package options

import (
	"reflect"
	"strings"
	"testing"
)

func isInterp(name string) bool { return name == "errexit" || name == "pipefail" }

func TestParseSet(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want SetArgs
		err  string
	}{
		{[]string{"-e"}, SetArgs{Pass: []string{"-e"}}, ""},
		{[]string{"-x", "+v"}, SetArgs{Own: []Change{{"xtrace", true}, {"verbose", false}}}, ""},
		{[]string{"-eux"}, SetArgs{Own: []Change{{"xtrace", true}}, Pass: []string{"-e", "-u"}}, ""},
		{[]string{"-o", "pipefail", "+o", "vi"}, SetArgs{Own: []Change{{"vi", false}}, Pass: []string{"-o", "pipefail"}}, ""},
		{[]string{"-o"}, SetArgs{ListOn: true}, ""},
		{[]string{"+o"}, SetArgs{ListOff: true}, ""},
		{[]string{"a", "b"}, SetArgs{Pass: []string{"--", "a", "b"}}, ""},
		{[]string{"--", "-x"}, SetArgs{Pass: []string{"--", "-x"}}, ""},
		{[]string{"-", "a"}, SetArgs{Pass: []string{"-", "a"}, Dash: true}, ""},
		{[]string{"-e", "+x", "--"}, SetArgs{Own: []Change{{"xtrace", false}}, Pass: []string{"-e", "--"}}, ""},
		// nosh's own options read before an error stand; interp's do not.
		{[]string{"-x", "-Z"}, SetArgs{Own: []Change{{"xtrace", true}}}, "-Z: invalid option\n" + SetUsage},
		{[]string{"-o", "nosuch"}, SetArgs{}, "nosuch: invalid option name"},
		// Accepted for bash's sake, with no effect.
		{[]string{"-o", "functrace"}, SetArgs{Own: []Change{{"functrace", true}}}, ""},
	} {
		got, err := ParseSet(tt.args, isInterp)
		if msg := errText(err); msg != tt.err {
			t.Errorf("ParseSet(%q) error %q, want %q", tt.args, msg, tt.err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseSet(%q) = %+v, want %+v", tt.args, got, tt.want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestDash(t *testing.T) {
	f := Flags{Interactive: true, Hashall: true, Braceexpand: true, Histexpand: true, Monitor: true}
	if got, want := Dash(map[string]bool{"errexit": true}, f), "ehimBH"; got != want {
		t.Errorf("Dash = %q, want %q (bash's order)", got, want)
	}
	f = Flags{Hashall: true, Braceexpand: true, DashC: true}
	if got, want := Dash(map[string]bool{"nounset": true}, f), "huBc"; got != want {
		t.Errorf("Dash = %q, want %q", got, want)
	}
}

// store is an options.Store over maps.
type store struct {
	shopt, set map[string]bool
}

func (s *store) Shopt(name string) bool             { return s.shopt[name] }
func (s *store) SetShopt(name string, on bool)      { s.shopt[name] = on }
func (s *store) SetOptions() map[string]bool        { return s.set }
func (s *store) SetOption(name string, on bool) int { s.set[name] = on; return 0 }

func TestShoptRun(t *testing.T) {
	st := &store{shopt: ShoptDefaults(false), set: map[string]bool{"errexit": false, "vi": true}}
	var errs strings.Builder
	run := func(a ShoptArgs) (string, int) {
		errs.Reset()
		return a.Run(st, &errs, "nosh")
	}
	if out, status := run(ShoptArgs{Set: true, Names: []string{"autocd", "login_shell"}}); out != "" || status != 0 {
		t.Errorf("shopt -s autocd login_shell = %q, %d", out, status)
	}
	if !st.shopt["autocd"] || st.shopt["login_shell"] {
		t.Errorf("autocd %v (want on), login_shell %v (read-only: want off)", st.shopt["autocd"], st.shopt["login_shell"])
	}
	if out, status := run(ShoptArgs{Print: true, Names: []string{"autocd", "xpg_echo"}}); out != "shopt -s autocd\nshopt -u xpg_echo\n" || status != 1 {
		t.Errorf("shopt -p autocd xpg_echo = %q, %d", out, status)
	}
	if _, status := run(ShoptArgs{Names: []string{"nosuch"}}); status != 1 || errs.String() != "nosh: shopt: nosuch: invalid shell option name\n" {
		t.Errorf("shopt nosuch: status %d, stderr %q", status, errs.String())
	}
	run(ShoptArgs{Set: true, Names: []string{"extdebug"}})
	if !strings.Contains(errs.String(), "not supported by nosh") {
		t.Errorf("shopt -s extdebug: no notice, stderr %q", errs.String())
	}
	run(ShoptArgs{Set: true, Names: []string{"nocasematch"}})
	if errs.String() != "" {
		t.Errorf("shopt -s nocasematch: stderr %q, want nothing (nosh has it)", errs.String())
	}
	if _, status := run(ShoptArgs{Set: true, Unset: true}); status != 1 {
		t.Errorf("shopt -s -u: status %d, want 1", status)
	}
	if out, _ := run(ShoptArgs{SetO: true, Print: true}); out != "set +o errexit\nset -o vi\n" {
		t.Errorf("shopt -po = %q", out)
	}
	run(ShoptArgs{SetO: true, Set: true, Names: []string{"errexit"}})
	if !st.set["errexit"] {
		t.Error("shopt -so errexit did not set errexit")
	}
	if out, _ := run(ShoptArgs{}); !strings.HasPrefix(out, "autocd         \ton\n") {
		t.Errorf("shopt lists %q first, want autocd (bash's order)", strings.SplitN(out, "\n", 2)[0])
	}
}

func TestListSet(t *testing.T) {
	values := map[string]bool{"vi": true, "errexit": false}
	if got, want := ListSet(values, true), "errexit        \toff\nvi             \ton\n"; got != want {
		t.Errorf("set -o = %q, want %q", got, want)
	}
	if got, want := ListSet(values, false), "set +o errexit\nset -o vi\n"; got != want {
		t.Errorf("set +o = %q, want %q", got, want)
	}
}

// TestShoptTableSorted: LookupShopt searches the table by name.
func TestShoptTableSorted(t *testing.T) {
	for i := 1; i < len(shoptTable); i++ {
		if shoptTable[i-1].Name >= shoptTable[i].Name {
			t.Errorf("shoptTable: %q before %q", shoptTable[i-1].Name, shoptTable[i].Name)
		}
	}
	for _, o := range shoptTable {
		if got, ok := LookupShopt(o.Name); !ok || got != o {
			t.Errorf("LookupShopt(%q) = %+v, %v", o.Name, got, ok)
		}
	}
	if _, ok := LookupShopt("no_such_option"); ok {
		t.Error("LookupShopt found no_such_option")
	}
	if !ShoptDefault("login_shell", true) || ShoptDefault("login_shell", false) || !ShoptDefault("checkwinsize", false) {
		t.Error("ShoptDefault")
	}
}
