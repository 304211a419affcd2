package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"nosh/ai/remote"
	"nosh/config"
	"nosh/perms/audit"
	"nosh/perms/permscli"
	"nosh/perms/sandbox"
)

// doctorMain is `nosh doctor [--live]`: what nosh would use to reach its
// model, and with --live whether it answers. The AI helper answers it;
// nosh adds how the agent's commands are sandboxed.
func doctorMain(args []string, stdout, stderr io.Writer) int {
	status := remote.Doctor(args, stdout, stderr)
	for _, a := range args {
		if a == "-h" || a == "--help" {
			return status
		}
	}
	if status != 2 { // not a usage error
		_, cfg, _ := config.LoadAll(os.Getenv)
		fmt.Fprintf(stdout, "%-9s %s\n", "sandbox", sandboxState(cfg.AI))
	}
	return status
}

// sandboxState says, in one line, how the agent's commands are confined.
func sandboxState(c config.AI) string {
	abi, err := sandbox.Available()
	if err != nil {
		return "none: " + err.Error() + "; the permission gate alone holds the agent's writes (the seccomp filter and dropped capabilities still apply)"
	}
	net := "network allowed"
	if len(c.SandboxTCPPorts) > 0 {
		net = fmt.Sprintf("TCP only to ports %v", c.SandboxTCPPorts)
		if abi < 4 {
			net = "network allowed (a list of TCP ports needs Landlock ABI 4, Linux 6.7)"
		}
	}
	if !c.SandboxNetwork {
		net = "TCP blocked"
		if abi < 4 {
			net = "network allowed (blocking TCP needs Landlock ABI 4, Linux 6.7)"
		}
	}
	return fmt.Sprintf("Landlock ABI %d: the agent's commands write only in the workspace and a scratch directory; %s", abi, net)
}

// logMain is `nosh log [N]`: the last N (default 30) commands the AI ran or
// asked to run, from the audit log.
func logMain(args []string, stdout, stderr io.Writer) int {
	n := 30
	switch {
	case len(args) == 1 && (args[0] == "-h" || args[0] == "--help"):
		fmt.Fprintln(stdout, "usage: nosh log [N]")
		return 0
	case len(args) == 1:
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			fmt.Fprintf(stderr, "nosh log: %q is not a positive number\nusage: nosh log [N]\n", args[0])
			return 2
		}
		n = v
	case len(args) > 1:
		fmt.Fprintln(stderr, "usage: nosh log [N]")
		return 2
	}
	paths := config.ResolvePaths(os.Getenv)
	entries, err := audit.Log{Path: paths.AuditFile}.Recent(n)
	if err != nil {
		fmt.Fprintf(stderr, "nosh log: %v\n", err)
		return 1
	}
	if len(entries) == 0 {
		fmt.Fprintf(stdout, "no AI commands recorded yet (%s)\n", paths.AuditFile)
		return 0
	}
	audit.Print(stdout, entries)
	return 0
}

// permsMain is `nosh perms …`: the rules in the user's permissions.toml.
func permsMain(args []string, stdout, stderr io.Writer) int {
	paths := config.ResolvePaths(os.Getenv)
	return permscli.Main(args, stdout, stderr, paths.PermissionsFile)
}
