package complete

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// completeKill completes signals after '-' (and after -s/-n), jobs after
// '%', and otherwise process IDs with their command lines.
func completeKill(_ context.Context, a *Args) ([]Candidate, bool) {
	cur := a.Current
	prev := a.Words[len(a.Words)-1]
	switch {
	case strings.HasPrefix(cur, "%"):
		return jobs(a.Env), true
	case prev == "-s" || prev == "-n":
		return signals(""), true
	case strings.HasPrefix(cur, "-"):
		return append(signals("-"), Candidate{Value: "-l", Description: "list signal names", Tag: "options"},
			Candidate{Value: "-s", Description: "signal to send, by name", Tag: "options"}), true
	}
	return processes(), true
}

// signals lists the signal names, prefixed (kill -TERM).
func signals(prefix string) []Candidate {
	var out []Candidate
	for i := 1; i < 32; i++ {
		name := unix.SignalName(syscall.Signal(i))
		if name == "" {
			continue
		}
		out = append(out, Candidate{
			Value:       prefix + strings.TrimPrefix(name, "SIG"),
			Description: syscall.Signal(i).String() + " (" + strconv.Itoa(i) + ")",
			Tag:         "signals",
		})
	}
	return out
}

// processes lists the processes the user may signal, from /proc.
func processes() []Candidate {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	uid := os.Getuid()
	var out []Candidate
	for _, e := range entries {
		pid := e.Name()
		if _, err := strconv.Atoi(pid); err != nil {
			continue
		}
		dir := filepath.Join("/proc", pid)
		if uid != 0 {
			fi, err := os.Stat(dir)
			if err != nil {
				continue
			}
			if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != uid {
				continue
			}
		}
		out = append(out, Candidate{Value: pid, Description: procCommand(dir), Tag: "processes"})
	}
	return out
}

// procCommand is a process's command line (its name if that is empty).
func procCommand(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "cmdline"))
	cmd := strings.TrimSpace(strings.ReplaceAll(string(data), "\x00", " "))
	if err != nil || cmd == "" {
		data, _ = os.ReadFile(filepath.Join(dir, "comm"))
		cmd = "[" + strings.TrimSpace(string(data)) + "]"
	}
	return shorten(cmd, 60)
}
