// Package audit keeps the record of every command the AI ran or asked to
// run: an append-only JSON-lines file that several shells can write at
// once, and a reader for `nosh log`.
package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Entry is one audited command.
type Entry struct {
	Time time.Time `json:"time"`
	Dir  string    `json:"cwd"`
	// Source is "?" (translation) or "??" (agent).
	Source  string `json:"source"`
	Command string `json:"command"`
	// Original is the command the model proposed, when the user changed
	// it in the line editor ([E]dit) before running it as Command.
	Original string `json:"original,omitempty"`
	// Verdict is the permission engine's: allow, ask or deny.
	Verdict string `json:"verdict"`
	// Decider says who decided: rule, once, session, always, yolo, deny,
	// catastrophic, edit (handed to the editor), refused, gate.
	Decider string `json:"decided_by"`
	// Status and DurationMS are set once the command ran.
	Status     *int  `json:"status,omitempty"`
	DurationMS int64 `json:"duration_ms,omitempty"`
}

// Log is an audit file.
type Log struct{ Path string }

// Append adds e as one line. One write(2) on an O_APPEND file under an
// exclusive lock: lines from several shells never interleave.
func (l Log) Append(e Entry) error {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	b = append(b, '\n')
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	f, err := os.OpenFile(l.Path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("audit: locking %s: %w", l.Path, err)
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if _, err := f.Write(b); err != nil {
		return fmt.Errorf("audit: writing %s: %w", l.Path, err)
	}
	return nil
}

// Recent returns the last n entries (all when n <= 0), oldest first.
// Damaged lines are skipped.
func (l Log) Recent(n int) ([]Entry, error) {
	f, err := os.Open(l.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Command != "" {
			out = append(out, e)
		}
	}
	if n > 0 && len(out) > n {
		out = out[len(out)-n:]
	}
	return out, sc.Err()
}

// Print writes entries readably, a line each, then the model's proposal
// when the user edited it and the directory:
//
//	2026-11-22 14:05:09  ?   ran     (edit)           0    1.2s  du -sh /var/log
//	                                the model proposed: du -sh /var/*
//	                                in /home/ana
func Print(w io.Writer, entries []Entry) {
	for _, e := range entries {
		status := "-"
		what := "asked"
		if e.Status != nil {
			status = fmt.Sprint(*e.Status)
			what = "ran"
		}
		if e.Verdict == "deny" || e.Decider == "refused" {
			what = "refused"
		}
		dur := ""
		if e.DurationMS > 0 {
			dur = (time.Duration(e.DurationMS) * time.Millisecond).Round(time.Millisecond).String()
		}
		fmt.Fprintf(w, "%s  %-2s  %-7s %-14s %3s %7s  %s\n", e.Time.Local().Format("2006-01-02 15:04:05"),
			e.Source, what, "("+e.Decider+")", status, dur, oneLine(e.Command))
		if e.Original != "" && e.Original != e.Command {
			fmt.Fprintf(w, "%31s the model proposed: %s\n", "", oneLine(e.Original))
		}
		if e.Dir != "" {
			fmt.Fprintf(w, "%31s in %s\n", "", e.Dir)
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
