package perms

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// memStore is a RuleStore in memory.
type memStore struct {
	allow, deny []string
	err         error
}

func (m *memStore) Load() ([]string, []string, error) { return m.allow, m.deny, m.err }

func (m *memStore) AddAllow(rules ...string) error {
	m.allow = append(m.allow, rules...)
	return nil
}

func newTestPolicy(t *testing.T, store RuleStore, allow ...string) *Policy {
	t.Helper()
	o := Options{Allow: allow, Env: testEnv}
	if store != nil {
		o.Store = store
	}
	p, err := NewPolicy(o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOffers(t *testing.T) {
	p := newTestPolicy(t, &memStore{}, "ls")
	tests := []struct {
		cmd  string
		want []Answer
	}{
		{"ls", nil},
		{"ls; git log", []Answer{Once, Session, Always, Refuse}},
		{"ls > out", []Answer{Once, Refuse}},
		{"sudo ls", []Answer{Once, Refuse}},
		{"$cmd", []Answer{Once, Refuse}},
		{"./build.sh", []Answer{Once, Refuse}},
		{"rm -rf /", []Answer{Refuse}},
	}
	for _, tt := range tests {
		if got := p.Check(tt.cmd).Offers(); !slices.Equal(got, tt.want) {
			t.Errorf("%q: offers %v, want %v", tt.cmd, got, tt.want)
		}
	}
	noStore := newTestPolicy(t, nil, "ls")
	if got := noStore.Check("git log").Offers(); slices.Contains(got, Always) {
		t.Errorf("Always offered without a store: %v", got)
	}
	if got := p.Check("ls; git log").Prompt(); got != "[O]nce [S]ession [A]lways [D]eny" {
		t.Errorf("prompt = %q", got)
	}
}

func TestRecord(t *testing.T) {
	store := &memStore{}
	p := newTestPolicy(t, store, "ls")

	d := p.Check("git log | grep x")
	if d.Verdict != Ask {
		t.Fatalf("verdict %v", d.Verdict)
	}
	if got := d.SuggestedRules(); !slices.Equal(got, []string{"git log", "grep"}) {
		t.Fatalf("suggested %q", got)
	}
	if err := p.Record(d, Once); err != nil {
		t.Fatal(err)
	}
	if p.Check("git log | grep x").Verdict != Ask || len(store.allow) != 0 {
		t.Fatal("Once stored something")
	}
	if err := p.Record(d, Session); err != nil {
		t.Fatal(err)
	}
	if got := p.Check("git log -3 | grep y").Verdict; got != Allow {
		t.Errorf("after Session: %v", got)
	}
	if len(store.allow) != 0 {
		t.Errorf("Session persisted %q", store.allow)
	}

	d = p.Check("go test ./...")
	if err := p.Record(d, Always); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(store.allow, []string{"go test"}) {
		t.Errorf("Always stored %q", store.allow)
	}
	fresh := newTestPolicy(t, store)
	if got := fresh.Check("go test -run X").Verdict; got != Allow {
		t.Errorf("persisted rule not used by a new policy: %v", got)
	}

	risky := p.Check("ls > out")
	if err := p.Record(risky, Session); !errors.Is(err, ErrNotOffered) {
		t.Errorf("Session on a risky command: %v", err)
	}
	if err := p.Record(p.Check("rm -rf /"), Once); !errors.Is(err, ErrNotOffered) {
		t.Errorf("Once on a catastrophic command: %v", err)
	}
}

func TestRulesErrFailsClosed(t *testing.T) {
	store := &memStore{deny: []string{"git push"}, err: errors.New("permissions.toml:3: broken")}
	p := newTestPolicy(t, store)
	d := p.Check("git push")
	if d.Verdict != Deny || d.RulesErr == nil {
		t.Errorf("verdict %v, RulesErr %v", d.Verdict, d.RulesErr)
	}
	if !strings.Contains(d.Explain(), "permissions.toml:3") {
		t.Errorf("explanation does not mention the broken file:\n%s", d.Explain())
	}
}

func TestExplain(t *testing.T) {
	p := newTestPolicy(t, nil, "du")
	d := p.Check("du -sh x | rm -rf build > out.txt")
	got := d.Explain()
	for _, want := range []string{
		"allow  du -sh x — allowed by a rule: du",
		"ask    rm -rf build — no allow rule",
		"risky  1:25 > out.txt — writes to a file",
		"expands  rm -rf build → 1 file: build",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explanation lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "[S]ession") {
		t.Errorf("rules to add shown for a risky command:\n%s", got)
	}
	if got := p.Check("du x; git log").Explain(); !strings.Contains(got, "rules  [S]ession and [A]lways add: git log") {
		t.Errorf("rules to add not shown:\n%s", got)
	}
	deny := p.Check("sudo rm -rf ~")
	if !strings.Contains(deny.Explain(), "deny   rm -rf ~ [in sudo] — recursive rm of /home/user") {
		t.Errorf("deny explanation:\n%s", deny.Explain())
	}
	if !deny.Catastrophic() {
		t.Error("not catastrophic")
	}
}

func TestCheckWrite(t *testing.T) {
	p := newTestPolicy(t, nil)
	for path, want := range map[string]Verdict{"/dev/null": Allow, "out.txt": Ask, "/dev/sda": Deny} {
		if got := p.CheckWrite(path).Verdict; got != want {
			t.Errorf("CheckWrite(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestAnswerKeys(t *testing.T) {
	for a, k := range map[Answer]rune{Once: 'o', Session: 's', Always: 'a', Refuse: 'd'} {
		if a.Key() != k {
			t.Errorf("%v.Key() = %c", a, a.Key())
		}
	}
}
