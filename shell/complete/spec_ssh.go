package complete

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// sshValueOpts are the ssh/scp/sftp options that take a value.
const sshValueOpts = "BbcDEeFIiJLlmOoPpQRSWw"

// completeSSH completes host names (keeping a typed user@).
func completeSSH(_ context.Context, a *Args) ([]Candidate, bool) {
	if strings.HasPrefix(a.Current, "-") || takesSSHValue(a.Words) {
		return nil, false
	}
	user := ""
	if i := strings.LastIndexByte(a.Current, '@'); i >= 0 {
		user = a.Current[:i+1]
	}
	var out []Candidate
	for _, h := range sshHosts(a.Env.Get("HOME")) {
		out = append(out, Candidate{Value: user + h, Display: h, Tag: "hosts"})
	}
	return out, true
}

// completeScp completes hosts (as "host:") and local files; a remote
// path after "host:" is not completed.
func completeScp(_ context.Context, a *Args) ([]Candidate, bool) {
	cur := a.Current
	if strings.HasPrefix(cur, "-") || takesSSHValue(a.Words) {
		return nil, false
	}
	if i := strings.IndexByte(cur, ':'); i >= 0 && !strings.Contains(cur[:i], "/") {
		return nil, true
	}
	out := a.Files()
	if strings.Contains(cur, "/") {
		return out, true
	}
	user := ""
	if i := strings.LastIndexByte(cur, '@'); i >= 0 {
		user = cur[:i+1]
	}
	for _, h := range sshHosts(a.Env.Get("HOME")) {
		out = append(out, Candidate{Value: user + h + ":", Display: h + ":", Tag: "hosts", NoSpace: true})
	}
	return out, true
}

func takesSSHValue(words []string) bool {
	prev := words[len(words)-1]
	return len(prev) == 2 && prev[0] == '-' && strings.IndexByte(sshValueOpts, prev[1]) >= 0
}

// sshHosts returns the host names from ~/.ssh/config (Host lines without
// patterns) and the non-hashed entries of ~/.ssh/known_hosts.
func sshHosts(home string) []string {
	if home == "" {
		return nil
	}
	seen := make(map[string]bool)
	var hosts []string
	add := func(h string) {
		if h != "" && !seen[h] && !strings.ContainsAny(h, "*?!") {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	for _, h := range sshConfigHosts(filepath.Join(home, ".ssh", "config")) {
		add(h)
	}
	for _, h := range knownHosts(filepath.Join(home, ".ssh", "known_hosts")) {
		add(h)
	}
	sort.Strings(hosts)
	return hosts
}

// sshConfigHosts reads the names of "Host" blocks of an ssh config file.
func sshConfigHosts(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, rest, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if k, v, eq := strings.Cut(key, "="); eq {
			key, rest, ok = k, v+" "+rest, true
		}
		if !ok || !strings.EqualFold(key, "host") {
			continue
		}
		out = append(out, strings.Fields(strings.TrimLeft(rest, "= \t"))...)
	}
	return out
}

// knownHosts reads the host names of a known_hosts file, skipping hashed
// entries; "[host]:port" gives host.
func knownHosts(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) > 0 && strings.HasPrefix(fields[0], "@") {
			fields = fields[1:] // @cert-authority, @revoked
		}
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") || strings.HasPrefix(fields[0], "|") {
			continue
		}
		for _, h := range strings.Split(fields[0], ",") {
			if strings.HasPrefix(h, "[") {
				if end := strings.IndexByte(h, ']'); end > 0 {
					h = h[1:end]
				}
			}
			out = append(out, h)
		}
	}
	return out
}
