package translate

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeMachine is a Probe over files and programs given by the test.
func fakeMachine(goos string, files map[string]string, progs map[string]string, version string) Probe {
	return Probe{
		GOOS: goos,
		ReadFile: func(name string) ([]byte, error) {
			if s, ok := files[name]; ok {
				return []byte(s), nil
			}
			return nil, os.ErrNotExist
		},
		LookPath: func(name string) (string, error) {
			if p, ok := progs[name]; ok {
				return p, nil
			}
			return "", errors.New("not found")
		},
		Version: func(string) string { return version },
	}
}

func TestDetectSystem(t *testing.T) {
	debian := `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
ID=debian
`
	fedora := "NAME=\"Fedora Linux\"\nVERSION=\"40 (Workstation Edition)\"\nID=fedora\n"
	plist := `<dict><key>ProductName</key><string>macOS</string><key>ProductVersion</key><string>14.5</string></dict>`
	for _, c := range []struct {
		name  string
		probe Probe
		want  System
	}{
		{"debian", fakeMachine("linux", map[string]string{"/etc/os-release": debian},
			map[string]string{"ls": "/bin/ls", "apt-get": "/usr/bin/apt-get"}, "ls (GNU coreutils) 9.1"),
			System{"Debian GNU/Linux 12 (bookworm)", "GNU coreutils", []string{"apt"}}},
		{"fedora, os-release in /usr/lib, dnf and yum", fakeMachine("linux", map[string]string{"/usr/lib/os-release": fedora},
			map[string]string{"ls": "/bin/ls", "dnf": "/usr/bin/dnf", "yum": "/usr/bin/yum", "nix-env": "/nix/bin/nix-env"}, "ls (GNU coreutils) 9.4"),
			System{"Fedora Linux 40 (Workstation Edition)", "GNU coreutils", []string{"dnf", "nix"}}},
		{"macos", fakeMachine("darwin", map[string]string{"/System/Library/CoreServices/SystemVersion.plist": plist},
			map[string]string{"ls": "/bin/ls", "brew": "/opt/homebrew/bin/brew"}, ""),
			System{"macOS 14.5", "BSD", []string{"brew"}}},
		{"macos with GNU coreutils first on PATH", fakeMachine("darwin", nil,
			map[string]string{"ls": "/opt/homebrew/opt/coreutils/libexec/gnubin/ls"}, "ls (GNU coreutils) 9.5"),
			System{"", "GNU coreutils", nil}},
		{"nothing known", fakeMachine("linux", nil, nil, ""), System{}},
	} {
		if got := DetectSystem(c.probe); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", c.name, got, c.want)
		}
	}
}

// TestDetectBusyBox: an Alpine-style ls is a link to busybox, which is
// found without running it.
func TestDetectBusyBox(t *testing.T) {
	dir := t.TempDir()
	bb := filepath.Join(dir, "busybox")
	os.WriteFile(bb, []byte("#!/bin/sh\n"), 0o755)
	os.Symlink(bb, filepath.Join(dir, "ls"))
	p := LocalProbe("linux", dir)
	p.ReadFile = func(string) ([]byte, error) { return []byte("PRETTY_NAME=\"Alpine Linux v3.20\"\n"), nil }
	p.Version = func(string) string { t.Error("ran ls --version"); return "" }
	if got := DetectSystem(p); got.Userland != "BusyBox" || got.Distro != "Alpine Linux v3.20" {
		t.Errorf("got %#v", got)
	}
}

// TestDetectThisMachine runs the real probe: on the Debian machines
// this project is built on it finds the distribution, GNU's tools and
// apt; elsewhere it must at least not fail.
func TestDetectThisMachine(t *testing.T) {
	s := DetectSystem(LocalProbe("linux", os.Getenv("PATH")))
	t.Logf("this machine: %s", s)
	if b, err := os.ReadFile("/etc/os-release"); err == nil && strings.Contains(string(b), "ID=debian") {
		if !strings.HasPrefix(s.Distro, "Debian") || s.Userland != "GNU coreutils" || len(s.PackageManagers) == 0 || s.PackageManagers[0] != "apt" {
			t.Errorf("on Debian: %#v", s)
		}
	}
}

func TestParseOSRelease(t *testing.T) {
	v := parseOSRelease([]byte("# comment\nA=plain\nB=\"with \\\"quotes\\\" and \\$x\"\nC='single'\nbroken line\n"))
	if v["A"] != "plain" || v["B"] != `with "quotes" and $x` || v["C"] != "single" || len(v) != 3 {
		t.Errorf("got %q", v)
	}
}

func TestEnvDescription(t *testing.T) {
	env := Env{OS: "linux", Arch: "amd64", Dir: "/w", Shell: "sh",
		System: System{"Debian GNU/Linux 12 (bookworm)", "GNU coreutils", []string{"apt", "nix"}}}
	want := "Environment: linux/amd64 (Debian GNU/Linux 12 (bookworm), GNU coreutils, package managers apt, nix); shell: sh; current directory: /w"
	if got := EnvDescription(env); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	env.System = System{}
	if got := EnvDescription(env); got != "Environment: linux/amd64; shell: sh; current directory: /w" {
		t.Errorf("without system: %q", got)
	}
}
