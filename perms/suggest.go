package perms

import (
	"strings"

	"nosh/perms/analysis"
	"nosh/perms/programs"
)

// subcommandToolsTable lists the programs whose first operand names
// what they do, so that a rule should name it too: "git log", not "git".
func subcommandToolsTable() map[string]bool {
	return map[string]bool{
		"git": true, "hg": true, "svn": true, "gh": true, "glab": true, "git-lfs": true,
		"npm": true, "npx": true, "yarn": true, "pnpm": true, "bun": true, "deno": true, "node": true,
		"go": true, "cargo": true, "rustup": true, "dotnet": true, "mvn": true, "gradle": true, "./gradlew": true,
		"pip": true, "pip3": true, "pipx": true, "uv": true, "poetry": true, "pipenv": true, "pdm": true, "hatch": true, "conda": true,
		"python": true, "ruby": true, "perl": true, "php": true, "lua": true,
		"gem": true, "bundle": true, "rake": true, "composer": true, "mix": true, "stack": true, "cabal": true,
		"docker": true, "podman": true, "docker-compose": true, "kubectl": true, "helm": true, "minikube": true,
		"kind": true, "k3d": true, "oc": true, "nomad": true, "vault": true, "consul": true, "terraform": true,
		"tofu": true, "packer": true, "vagrant": true, "ansible-galaxy": true,
		"aws": true, "gcloud": true, "az": true, "doctl": true, "flyctl": true, "fly": true, "heroku": true,
		"vercel": true, "netlify": true, "wrangler": true, "firebase": true, "supabase": true,
		"brew": true, "apt": true, "apt-get": true, "dnf": true, "yum": true, "zypper": true, "pacman": true,
		"snap": true, "flatpak": true, "nix": true, "port": true, "apk": true,
		"systemctl": true, "journalctl": false, "launchctl": true, "service": true, "ip": true, "nmcli": true,
		"make": true, "just": true, "task": true, "cmake": true, "ninja": true, "bazel": true,
		"tmux": true, "screen": true, "zfs": true, "zpool": true, "virsh": true, "lxc": true,
		"openssl": true, "gpg": false, "kubeadm": true, "ctr": true, "crictl": true, "nerdctl": true,
	}
}

// nestedSubcommandsTable lists the subcommands that take a further
// subcommand: "npm run build", "docker compose up", "gh pr list".
func nestedSubcommandsTable() map[string]map[string]bool {
	return map[string]map[string]bool{
		"npm":       {"run": true, "run-script": true, "exec": true, "cache": true, "config": true},
		"yarn":      {"run": true, "exec": true, "dlx": true, "workspace": true, "cache": true, "config": true},
		"pnpm":      {"run": true, "exec": true, "dlx": true, "store": true},
		"bun":       {"run": true, "x": true},
		"docker":    {"compose": true, "container": true, "image": true, "volume": true, "network": true, "system": true, "buildx": true, "context": true},
		"podman":    {"compose": true, "container": true, "image": true, "volume": true, "network": true, "system": true},
		"kubectl":   {"config": true, "rollout": true, "auth": true, "krew": true},
		"git":       {"stash": true, "remote": true, "submodule": true, "worktree": true, "notes": true, "bisect": true, "lfs": true, "config": true, "branch": false},
		"go":        {"mod": true, "tool": true, "work": true},
		"cargo":     {"run": false},
		"gh":        {"pr": true, "issue": true, "repo": true, "run": true, "workflow": true, "release": true, "api": false, "gist": true, "auth": true},
		"glab":      {"mr": true, "issue": true, "repo": true, "ci": true},
		"aws":       nil,
		"gcloud":    nil,
		"az":        nil,
		"helm":      {"repo": true, "plugin": true},
		"uv":        {"run": true, "pip": true, "tool": true, "python": true},
		"poetry":    {"run": true},
		"pipenv":    {"run": true},
		"conda":     {"run": true, "env": true},
		"systemctl": {"--user": true},
		"terraform": {"state": true, "workspace": true},
	}
}

// alwaysNestedTable lists tools whose every subcommand takes another.
func alwaysNestedTable() map[string]bool {
	return map[string]bool{"aws": true, "gcloud": true, "az": true}
}

// maxRuleWords bounds suggested rules, so that a long command line does
// not become a rule.
const maxRuleWords = 5

// SuggestRules returns the allow rule that [Session] and [Always] store
// for a unit: the command name, plus the subcommand for tools that have
// them (git log, npm run test, docker ps, kubectl get, go test, cargo
// build). It returns nil when no rule could cover the unit: a harmless
// unit needs none; a computed command name, or a program run by path,
// cannot have one.
func SuggestRules(u analysis.Unit) []string {
	if u.Harmless != "" || u.Catastrophe != "" || len(u.Words) == 0 {
		return nil
	}
	first := u.Words[0]
	if !first.IsStatic() || first.Value == "" || strings.IndexByte(first.Value, '/') >= 0 {
		return nil
	}
	name := first.Value
	key := name
	if !ruleTables().subcommandTools[key] {
		key = programs.TrimVersion(name)
	}
	if !ruleTables().subcommandTools[key] {
		return []string{analysis.QuoteWord(name)}
	}
	args := u.Words[1:]
	words := []string{name}
	if key == "git" {
		// Global options and their arguments, then the subcommand.
		sub := programs.GitSubcommand(args)
		if sub < 0 {
			if vs, ok := analysis.StaticPrefix(args); ok && len(vs) < maxRuleWords {
				words = append(words, vs...)
				return []string{joinRule(words)}
			}
			return nil
		}
		vs, _ := analysis.StaticPrefix(args[:sub])
		words = append(words, vs...)
		args = args[sub:]
	}
	depth := 1
	sawOption := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		if len(words) >= maxRuleWords || !w.IsStatic() {
			if depth == 1 {
				return nil // the subcommand is computed, or too far in
			}
			break
		}
		words = append(words, w.Value)
		if isOption(w.Value) {
			sawOption = true
			if key == "python" && w.Value == "-m" && i+1 < len(args) && args[i+1].IsStatic() {
				words = append(words, args[i+1].Value)
				break
			}
			continue
		}
		if sawOption && depth == 1 && key != "git" {
			// An option before the subcommand may have taken this
			// word as its argument: no rule is safe to suggest.
			return nil
		}
		nested := ruleTables().nestedSubcommands[key]
		if depth == 1 && (ruleTables().alwaysNested[key] || nested[w.Value]) {
			depth++
			continue
		}
		break
	}
	return []string{joinRule(words)}
}

func joinRule(words []string) string {
	var sb strings.Builder
	for i, w := range words {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(analysis.QuoteWord(w))
	}
	return sb.String()
}
