package perms

import "nosh/perms/analysis"

// Verdict is the outcome of checking a command.
type Verdict uint8

const (
	// Allow: every unit is allowed by a rule or harmless, and nothing
	// risky is present.
	Allow Verdict = iota
	// Ask: some unit has no allow rule, or something risky is present.
	Ask
	// Deny: some unit matches a deny rule or the built-in catastrophic list.
	Deny
)

// String is the verdict as nosh perms check prints it: allow, ask, deny.
func (v Verdict) String() string {
	switch v {
	case Allow:
		return "allow"
	case Ask:
		return "ask"
	case Deny:
		return "deny"
	}
	return "invalid"
}

// Answer is the user's reply to an approval prompt.
type Answer uint8

const (
	// Once runs exactly this command this time and stores nothing.
	Once Answer = iota + 1
	// Session stores an allow rule for each unit that asked, until the
	// shell exits.
	Session
	// Always stores an allow rule for each unit that asked in the rule file.
	Always
	// Refuse does not run the command ([D]eny on the prompt).
	Refuse
)

// String is the answer as the prompt names it: once, session, always, deny.
func (a Answer) String() string {
	switch a {
	case Once:
		return "once"
	case Session:
		return "session"
	case Always:
		return "always"
	case Refuse:
		return "deny"
	}
	return "invalid"
}

// Key is the key that gives the answer on the prompt: o, s, a or d.
func (a Answer) Key() rune {
	switch a {
	case Once:
		return 'o'
	case Session:
		return 's'
	case Always:
		return 'a'
	case Refuse:
		return 'd'
	}
	return 0
}

// UnitVerdict is one unit with its verdict.
type UnitVerdict struct {
	analysis.Unit
	Verdict Verdict
	// Rule is the rule that decided (an allow or deny rule), or
	// "built-in" for the catastrophic list; empty otherwise.
	Rule string
	// Reason explains the verdict: which rule is missing, why the unit
	// is harmless or catastrophic.
	Reason string
}

// Preview is what the arguments of a destructive command or the target
// of a write redirection expand to right now.
type Preview struct {
	// Text is the command or redirection as written.
	Text string
	// Paths is what it expands to.
	Paths []string
	// Note says what could not be expanded, if anything.
	Note string
}

// Decision is the result of checking a command: the verdict and
// everything a prompt needs to show.
type Decision struct {
	Command  string
	Verdict  Verdict
	Units    []UnitVerdict
	Findings []analysis.Finding
	// Targets are the paths the command names as ones it changes (see
	// Target); the agent compares them with what its sandbox may write.
	Targets  []analysis.Target
	Previews []Preview
	// RulesErr is why the rules could not all be read, if they could not;
	// the decision was made without the rules that could not be read
	// (fail closed: a damaged rule file allows nothing).
	RulesErr error

	persist bool // the policy can store Always rules
}

// Catastrophic reports whether the command is on the built-in
// catastrophic list, which no mode or rule may allow.
func (d Decision) Catastrophic() bool {
	for _, u := range d.Units {
		if u.Catastrophe != "" {
			return true
		}
	}
	for _, f := range d.Findings {
		if f.Kind == analysis.KindCatastrophic {
			return true
		}
	}
	return false
}

// Offers lists the answers the prompt may offer, in prompt order: none
// when the verdict is allow, only Refuse when it is deny; Once and
// Refuse always when it is ask, plus Session and Always when nothing
// risky is present and every unit that asked can be covered by a rule
// (Always only when the policy has a rule store).
func (d Decision) Offers() []Answer {
	switch d.Verdict {
	case Allow:
		return nil
	case Deny:
		return []Answer{Refuse}
	}
	out := []Answer{Once}
	if d.storable() {
		out = append(out, Session)
		if d.persist {
			out = append(out, Always)
		}
	}
	return append(out, Refuse)
}

// storable reports whether Session and Always may be offered.
func (d Decision) storable() bool {
	if len(d.Findings) > 0 || d.Catastrophic() || d.Verdict != Ask {
		return false
	}
	for _, u := range d.Units {
		if u.Verdict == Ask && len(SuggestRules(u.Unit)) == 0 {
			return false
		}
	}
	return true
}

// Offered reports whether a is among d.Offers().
func (d Decision) Offered(a Answer) bool {
	for _, o := range d.Offers() {
		if o == a {
			return true
		}
	}
	return false
}

// SuggestedRules lists the allow rules that [Session] and [Always] would
// store: one for each unit that asked.
func (d Decision) SuggestedRules() []string {
	var out []string
	seen := make(map[string]bool)
	for _, u := range d.Units {
		if u.Verdict != Ask {
			continue
		}
		for _, r := range SuggestRules(u.Unit) {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// WithFindings returns d with more risky constructs, its verdict raised
// accordingly. The run-time gate uses it to report variables changed
// behind its back.
func (d Decision) WithFindings(fs ...analysis.Finding) Decision {
	d.Findings = append(append([]analysis.Finding(nil), d.Findings...), fs...)
	d.Verdict = verdictOf(d.Units, d.Findings)
	return d
}

func verdictOf(units []UnitVerdict, findings []analysis.Finding) Verdict {
	v := Allow
	for _, u := range units {
		v = max(v, u.Verdict)
	}
	for _, f := range findings {
		if f.Kind == analysis.KindCatastrophic {
			return Deny
		}
		v = max(v, Ask)
	}
	return v
}
