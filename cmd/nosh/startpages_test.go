package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"testing"
	"time"
)

// TestStartPagesDroppedAtIdle: the interactive shell's executable stays
// in whole mappings while lines are typed and run (a mapping per page
// made every fault and mmap of the first lines slower), and the pages
// start-up alone used leave its resident set at the first idle prompt
// after a line, the mappings joined again afterwards (shell/repl's
// startpages.go). Read from /proc/PID/smaps, waiting for the drop with
// a generous deadline.
func TestStartPagesDroppedAtIdle(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	pid := s.cmd.Process.Pid
	whole, _ := exeMappings(t, pid)
	// A check counts only if it was made within a second of the line
	// typed: the idle prompt's drop cuts the mappings for a moment, and
	// a loaded machine may stall this test that long.
	for checked, tries := 0, 0; checked < 3; tries++ {
		if tries == 50 {
			t.Skip("the machine is too loaded: no prompt within a second of its line")
		}
		typed := time.Now()
		s.Line("true")
		s.ExpectPrompt()
		n, _ := exeMappings(t, pid)
		if time.Since(typed) >= time.Second {
			continue
		}
		if n != whole {
			t.Fatalf("the executable is in %d mappings while lines are typed, %d at the first prompt", n, whole)
		}
		checked++
	}
	_, before := exeMappings(t, pid)
	// The drop comes at the first idle trim after a line: a second with
	// no key typed.
	deadline := time.Now().Add(ptyTimeout)
	for {
		n, rss := exeMappings(t, pid)
		if n == whole && rss < before*9/10 {
			t.Logf("the executable's resident pages: %d KiB, %d KiB after the drop", before, rss)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v at the prompt, the executable is in %d mappings (%d before) with %d KiB resident (%d before)",
				ptyTimeout, n, whole, rss, before)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The shell still works, and the pages it needs come back.
	s.Line("echo still here")
	s.Expect("still here")
	s.ExpectPrompt()
}

// exeMappings reads /proc/PID/smaps for the process's read-only mappings
// of its executable: how many there are, and their resident KiB.
func exeMappings(t *testing.T, pid int) (n int, rssKiB int) {
	t.Helper()
	exe, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
	if err != nil {
		t.Skip(err)
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		switch {
		case len(f) >= 5 && bytes.IndexByte(f[0], '-') > 0 && !bytes.HasSuffix(f[0], []byte(":")):
			perms := f[1]
			in = len(f) >= 6 && string(f[len(f)-1]) == exe && len(perms) > 1 && perms[1] != 'w'
			if in {
				n++
			}
		case in && len(f) >= 2 && string(f[0]) == "Rss:":
			kb, _ := strconv.Atoi(string(f[1]))
			rssKiB += kb
		}
	}
	return n, rssKiB
}
