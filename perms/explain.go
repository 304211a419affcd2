package perms

import (
	"fmt"
	"strings"

	"nosh/perms/analysis"
)

// Explain renders the breakdown an approval prompt shows, one line each:
// every unit with its verdict and the rule that matched or is missing,
// every risky construct with its reason, and what destructive arguments
// and write targets expand to right now. The verdict itself is not
// included (see Verdict.String).
//
//	allow  du -sh '/*' — allowed by a rule: du
//	ask    rm -rf build — no allow rule
//	risky  1:20 > out.txt — writes to a file
//	expands  rm -rf build → 1 file: build/
//	rules  [S]ession and [A]lways add: rm
func (d Decision) Explain() string {
	var sb strings.Builder
	for _, line := range d.Lines() {
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Lines is Explain as separate lines, without newlines.
func (d Decision) Lines() []string {
	lines := make([]string, 0, len(d.Units)+len(d.Findings)+len(d.Previews)+1)
	if d.RulesErr != nil {
		for _, l := range strings.Split(d.RulesErr.Error(), "\n") {
			lines = append(lines, "rules  "+l)
		}
	}
	for _, u := range d.Units {
		where := ""
		if u.Context != "" {
			where = " [in " + u.Context + "]"
		}
		why := u.Reason
		if u.Rule != "" && u.Rule != "built-in" {
			why += ": " + u.Rule
		}
		lines = append(lines, fmt.Sprintf("%-6s %s%s — %s", u.Verdict, analysis.FirstLine(u.String()), where, why))
	}
	for _, f := range d.Findings {
		label := "risky"
		switch f.Kind {
		case analysis.KindCatastrophic:
			label = "deny"
		case analysis.KindOutside:
			label = "outside"
		}
		lines = append(lines, fmt.Sprintf("%-6s %s %s — %s", label, f.Pos, f.Text, f.Reason))
	}
	for _, p := range d.Previews {
		lines = append(lines, "expands  "+p.String())
	}
	if d.storable() {
		lines = append(lines, "rules  [S]ession and [A]lways add: "+strings.Join(d.SuggestedRules(), ", "))
	}
	return lines
}

// Prompt renders the answers offered as the prompt line shows them:
// "[O]nce [S]ession [A]lways [D]eny".
func (d Decision) Prompt() string {
	var parts []string
	for _, a := range d.Offers() {
		name := a.String()
		parts = append(parts, "["+strings.ToUpper(name[:1])+"]"+name[1:])
	}
	return strings.Join(parts, " ")
}
