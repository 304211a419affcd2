package permscli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/rulefile"
	"nosh/perms/sandbox"
)

const usage = `usage: nosh perms list
       nosh perms allow RULE...
       nosh perms deny RULE...
       nosh perms rm RULE...
       nosh perms check [--allow RULE]... [--deny RULE]... [--translation] [--] COMMAND...

A RULE is one argument holding shell words: nosh perms allow 'git status'.
check prints allow, ask or deny on its first line, then one line per unit
and per risky construct; its exit status is 0 whatever the verdict.
--translation judges COMMAND as a ? translation, which runs in your shell
itself: what it changes there (history, prompt, traps, options) is asked.
`

// Main runs "nosh perms" with args (not including "perms") against the
// rule file at storePath. It returns the exit status: 0 on success, 1 if
// the rule file could not be read or changed, 2 on a usage error.
func Main(args []string, stdout, stderr io.Writer, storePath string) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	f := rulefile.Open(storePath)
	switch cmd, rest := args[0], args[1:]; cmd {
	case "list":
		if len(rest) > 0 {
			return usageErr(stderr, "list takes no arguments")
		}
		return list(f, stdout, stderr)
	case "allow", "deny":
		if len(rest) == 0 {
			return usageErr(stderr, cmd+" needs at least one RULE")
		}
		add := f.AddAllow
		if cmd == "deny" {
			add = f.AddDeny
		}
		if err := add(rest...); err != nil {
			fmt.Fprintf(stderr, "nosh perms %s: %v\n", cmd, err)
			return 1
		}
		for _, r := range rest {
			fmt.Fprintf(stdout, "%s %s\n", cmd, canonical(r))
		}
		return 0
	case "rm":
		if len(rest) == 0 {
			return usageErr(stderr, "rm needs at least one RULE")
		}
		missing, err := f.Remove(rest...)
		if err != nil {
			fmt.Fprintf(stderr, "nosh perms rm: %v\n", err)
			return 1
		}
		for _, m := range missing {
			fmt.Fprintf(stderr, "nosh perms rm: no rule %q\n", m)
		}
		if len(missing) > 0 {
			return 1
		}
		return 0
	case "check":
		return check(f, rest, stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		return usageErr(stderr, fmt.Sprintf("unknown subcommand %q", cmd))
	}
}

func usageErr(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "nosh perms: %s\n%s", msg, usage)
	return 2
}

func canonical(s string) string {
	if r, err := perms.ParseRule(s); err == nil {
		return r.String()
	}
	return s
}

func list(f *rulefile.File, stdout, stderr io.Writer) int {
	allow, deny, err := f.Load()
	fmt.Fprintf(stdout, "# %s\n", f.Path())
	for _, r := range allow {
		fmt.Fprintf(stdout, "allow  %s\n", r)
	}
	for _, r := range deny {
		fmt.Fprintf(stdout, "deny   %s\n", r)
	}
	if err != nil {
		fmt.Fprintf(stderr, "nosh perms: %v\n", err)
		return 1
	}
	return 0
}

func check(f *rulefile.File, args []string, stdout, stderr io.Writer) int {
	var allow, deny []string
	translation := false
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		var list *[]string
		var value string
		switch {
		case a == "--":
			i++
			goto command
		case a == "--translation":
			translation = true
			continue
		case a == "--allow" || a == "--deny":
			if i+1 >= len(args) {
				return usageErr(stderr, a+" needs a RULE")
			}
			i++
			value = args[i]
			list = &allow
			if a == "--deny" {
				list = &deny
			}
		case strings.HasPrefix(a, "--allow="):
			value, list = strings.TrimPrefix(a, "--allow="), &allow
		case strings.HasPrefix(a, "--deny="):
			value, list = strings.TrimPrefix(a, "--deny="), &deny
		case i == 0 && (a == "-h" || a == "--help"):
			fmt.Fprint(stdout, usage)
			return 0
		default:
			goto command
		}
		*list = append(*list, value)
	}
command:
	if i >= len(args) {
		return usageErr(stderr, "check needs a COMMAND")
	}
	p, err := perms.NewPolicy(perms.Options{Store: f, Allow: allow, Deny: deny})
	if err != nil {
		return usageErr(stderr, err.Error())
	}
	d := p.Check(strings.Join(args[i:], " "))
	if translation {
		d = p.CheckInShell(strings.Join(args[i:], " "))
	}
	if d.RulesErr != nil {
		fmt.Fprintf(stderr, "nosh perms: %v\n", d.RulesErr)
		d.RulesErr = nil // reported on stderr, not among the check lines
	}
	fmt.Fprintln(stdout, d.Verdict)
	fmt.Fprint(stdout, d.Explain())
	for _, l := range sandboxLines(p, d) {
		fmt.Fprintln(stdout, l)
	}
	return 0
}

// sandboxLines say how the command would be confined as an agent (??)
// command started here: whether its programs would run sandboxed, where
// they could write, and which of its changes fall outside, to be asked
// about whatever the rules say.
func sandboxLines(p *perms.Policy, d perms.Decision) []string {
	if d.Verdict == perms.Deny {
		return nil
	}
	dir, _ := os.Getwd()
	ws, why := sandbox.Workspace(dir, os.Getenv("HOME"), p.ProtectedPaths())
	where := "only in the run's scratch directory (" + why + ")"
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: "/dev/null", Access: sandbox.Write}}}
	if ws != "" {
		where = "only in " + ws + " (the workspace) and the run's scratch directory"
		box.Rules = append(box.Rules, sandbox.Rule{Path: ws, Access: sandbox.All})
	}
	var lines []string
	if abi, err := sandbox.Available(); err == nil {
		lines = append(lines, fmt.Sprintf("sandbox  as a ?? command here, its programs would run sandboxed (Landlock ABI %d) and could write %s", abi, where))
	} else {
		lines = append(lines, "sandbox  none ("+err.Error()+"): as a ?? command, only the permission gate would hold it to writing "+where)
	}
	for _, f := range gate.Outside(d.Targets, box) {
		lines = append(lines, "outside  "+f.Text+" — "+f.Key+": asked for this command alone, whatever the rules say")
	}
	return lines
}
