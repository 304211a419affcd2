package translate

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// System is what a model needs to know about the machine beyond its
// kernel and architecture to write a command that works there: which
// distribution (so apt, dnf or pacman), which core tools (GNU options
// such as `sed -i` or `du --max-depth` against BSD ones), and which
// package managers are installed.
type System struct {
	// Distro is the distribution and its version, as os-release puts it
	// ("Debian GNU/Linux 12 (bookworm)"), or macOS's name and version.
	Distro string
	// Userland names the core tools: "GNU coreutils", "BusyBox",
	// "toybox", "uutils coreutils" or "BSD".
	Userland string
	// PackageManagers lists the package managers found, the system's
	// own first ("apt", "dnf", "brew"...).
	PackageManagers []string
}

// String is the system on one line for a prompt, its unknown parts left
// out: "Debian GNU/Linux 12 (bookworm), GNU coreutils, package manager apt".
func (s System) String() string {
	var parts []string
	if s.Distro != "" {
		parts = append(parts, s.Distro)
	}
	if s.Userland != "" {
		parts = append(parts, s.Userland)
	}
	switch len(s.PackageManagers) {
	case 0:
	case 1:
		parts = append(parts, "package manager "+s.PackageManagers[0])
	default:
		parts = append(parts, "package managers "+strings.Join(s.PackageManagers, ", "))
	}
	return strings.Join(parts, ", ")
}

// Probe is how [DetectSystem] looks at the machine.
type Probe struct {
	// GOOS is the operating system, as runtime.GOOS names it.
	GOOS string
	// ReadFile reads a file (os.ReadFile).
	ReadFile func(name string) ([]byte, error)
	// LookPath finds a program as the shell would, on its PATH.
	LookPath func(name string) (string, error)
	// Version returns the first line a program prints for --version, or
	// "" when it fails.
	Version func(path string) string
}

// LocalProbe looks at this machine, finding programs on path (the
// shell's $PATH).
func LocalProbe(goos, path string) Probe {
	return Probe{
		GOOS:     goos,
		ReadFile: os.ReadFile,
		LookPath: func(name string) (string, error) { return lookPath(path, name) },
		Version:  versionLine,
	}
}

// packageManagers are recognised by the program that drives them, the
// system's own first: the first of these found is the one to suggest.
var packageManagers = []struct{ prog, name string }{
	{"apt-get", "apt"}, {"dnf", "dnf"}, {"yum", "yum"}, {"zypper", "zypper"}, {"pacman", "pacman"},
	{"apk", "apk"}, {"xbps-install", "xbps"}, {"emerge", "portage"}, {"eopkg", "eopkg"},
	{"swupd", "swupd"}, {"pkg", "pkg"}, {"pkg_add", "pkg_add"}, {"brew", "brew"}, {"port", "port"},
	{"nix-env", "nix"},
}

// DetectSystem finds the distribution, the core tools and the package
// managers. It runs `ls --version` at most once, within a second: call it
// when a request is made, never at start-up.
func DetectSystem(p Probe) System {
	var s System
	s.Distro = distro(p)
	s.Userland = userland(p)
	for _, pm := range packageManagers {
		if _, err := p.LookPath(pm.prog); err != nil {
			continue
		}
		if pm.name == "yum" && len(s.PackageManagers) > 0 && s.PackageManagers[0] == "dnf" {
			continue // yum is dnf's old name on the same system
		}
		s.PackageManagers = append(s.PackageManagers, pm.name)
		if len(s.PackageManagers) == 3 {
			break
		}
	}
	return s
}

// distro reads os-release (or macOS's SystemVersion.plist).
func distro(p Probe) string {
	for _, name := range []string{"/etc/os-release", "/usr/lib/os-release"} {
		b, err := p.ReadFile(name)
		if err != nil {
			continue
		}
		v := parseOSRelease(b)
		if v["PRETTY_NAME"] != "" {
			return v["PRETTY_NAME"]
		}
		if n := v["NAME"]; n != "" {
			return strings.TrimSpace(n + " " + firstNonEmpty(v["VERSION"], v["VERSION_ID"]))
		}
	}
	if p.GOOS == "darwin" {
		b, err := p.ReadFile("/System/Library/CoreServices/SystemVersion.plist")
		if err == nil {
			name, ver := plistString(b, "ProductName"), plistString(b, "ProductVersion")
			return strings.TrimSpace(firstNonEmpty(name, "macOS") + " " + ver)
		}
	}
	return ""
}

// parseOSRelease parses os-release's KEY=value lines, values optionally
// quoted with " or ' and backslash-escaped.
func parseOSRelease(b []byte) map[string]string {
	v := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		if n := len(val); n >= 2 && (val[0] == '"' || val[0] == '\'') && val[n-1] == val[0] {
			val = val[1 : n-1]
			if line[len(key)+1] == '"' {
				r := strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\$`, `$`, "\\`", "`")
				val = r.Replace(val)
			}
		}
		v[key] = val
	}
	return v
}

// plistString finds <key>key</key><string>value</string> in a plist.
func plistString(b []byte, key string) string {
	s := string(b)
	i := strings.Index(s, "<key>"+key+"</key>")
	if i < 0 {
		return ""
	}
	s = s[i:]
	start := strings.Index(s, "<string>")
	end := strings.Index(s, "</string>")
	if start < 0 || end < start {
		return ""
	}
	return strings.TrimSpace(s[start+len("<string>") : end])
}

// userland tells GNU's core tools from the others by what `ls` is.
func userland(p Probe) string {
	bsd := p.GOOS == "darwin" || strings.HasSuffix(p.GOOS, "bsd") || p.GOOS == "dragonfly"
	ls, err := p.LookPath("ls")
	if err != nil {
		if bsd {
			return "BSD"
		}
		return ""
	}
	if real, err := filepath.EvalSymlinks(ls); err == nil {
		switch filepath.Base(real) {
		case "busybox":
			return "BusyBox"
		case "toybox":
			return "toybox"
		}
	}
	v := p.Version(ls)
	switch {
	case strings.Contains(v, "GNU coreutils"):
		return "GNU coreutils"
	case strings.Contains(v, "uutils"):
		return "uutils coreutils"
	case strings.Contains(v, "BusyBox"):
		return "BusyBox"
	case strings.Contains(v, "toybox"):
		return "toybox"
	case bsd:
		return "BSD"
	}
	return ""
}

// versionLine runs path --version for at most a second.
func versionLine(path string) string {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		return ""
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line)
}

// lookPath finds an executable name in the directories of path.
func lookPath(path, name string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
