package history

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

const usage = `usage: history [-t] [N]           list the entries (the last N), numbered
       history [-t] search TEXT   list the entries containing TEXT
       history -d N[-M]           delete entry N, or N to M (N < 0 counts from the end)
       history -c                 forget this session's entries (the file keeps them)
       history -r [FILE]          add the history file's entries (or FILE's, bash's format too)
       history -n                 add the entries other sessions saved since this one last read
       history -w [FILE]          write this session's entries over the history file (or to FILE)
       history -a                 nothing to do: every line is saved when it is entered
       history -s ARG...          add ARGs as one entry
       history -p ARG...          print each ARG with its history references expanded
`

// Builtin runs the history builtin with args (without the command name)
// and returns its exit status: 0, 1 if an entry cannot be deleted or
// output fails, 2 on a usage error.
//
// Entries are numbered from 1, oldest first, and printed as bash does
// ("%5d  command", a multi-line command as it is); -t adds the time. -d
// takes those numbers. -c only empties this session's view (↑, Ctrl+R and
// suggestions): the file keeps every entry, to be deleted one by one with
// -d, or by removing the file.
func (h *History) Builtin(args []string, stdout, stderr io.Writer) int {
	showTime := false
flags:
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		switch a := args[0]; a {
		case "--":
			args = args[1:]
			break flags
		case "-t":
			showTime = true
		case "-c":
			if len(args) != 1 || showTime {
				return usageError(stderr, "-c takes no arguments")
			}
			h.Clear()
			return 0
		case "-d":
			if len(args) != 2 || showTime {
				return usageError(stderr, "-d takes one entry number")
			}
			return h.deleteCommand(args[1], stderr)
		case "-a", "-n", "-r", "-w":
			if len(args) > 2 || showTime {
				return usageError(stderr, a+" takes at most one file name")
			}
			return h.fileCommand(a[1], args[1:], stderr)
		case "-s":
			if len(args) < 2 {
				return 0
			}
			if err := h.AddLine(strings.Join(args[1:], " ")); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			return 0
		case "-h", "--help":
			io.WriteString(stdout, usage)
			return 0
		default:
			return usageError(stderr, a+": invalid option")
		}
		args = args[1:]
	}

	entries := h.ReadlineSource().Dump().([]Entry)
	from := 0
	var match func(string) bool
	switch {
	case len(args) == 0:
	case args[0] == "search" && len(args) > 1:
		text := strings.Join(args[1:], " ")
		match = func(c string) bool { return strings.Contains(c, text) }
	case len(args) == 1:
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 {
			return usageError(stderr, args[0]+": not a count")
		}
		from = max(len(entries)-n, 0)
	default:
		return usageError(stderr, "too many arguments")
	}

	w := bufio.NewWriter(stdout)
	for i := from; i < len(entries); i++ {
		e := entries[i]
		if match != nil && !match(e.Command) {
			continue
		}
		if showTime {
			fmt.Fprintf(w, "%5d  %s  %s\n", i+1, e.Time.Format("2006-01-02 15:04:05"), e.Command)
		} else {
			fmt.Fprintf(w, "%5d  %s\n", i+1, e.Command)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "history: write error: %v\n", err)
		return 1
	}
	return 0
}

// fileCommand implements history -a, -n, -r and -w, with an optional
// file name.
func (h *History) fileCommand(op byte, file []string, stderr io.Writer) int {
	var err error
	switch {
	case op == 'a':
		// Lines are appended to the file as they are entered.
	case op == 'n':
		err = h.ReadNew()
	case op == 'r' && len(file) == 1:
		err = h.ReadFrom(file[0])
	case op == 'r':
		err = h.Reload()
	case op == 'w' && len(file) == 1:
		err = h.WriteTo(file[0])
	case op == 'w':
		err = h.Rewrite()
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// deleteCommand implements "history -d N" and "history -d N-M".
func (h *History) deleteCommand(arg string, stderr io.Writer) int {
	index := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		if err != nil || n == 0 {
			return 0, false
		}
		i := n - 1
		if n < 0 {
			i = h.Len() + n
		}
		return i, i >= 0 && i < h.Len()
	}
	from, to := arg, arg
	if i := strings.Index(arg[1:], "-"); i >= 0 {
		from, to = arg[:i+1], arg[i+2:]
	}
	first, ok1 := index(from)
	last, ok2 := index(to)
	if _, err := strconv.Atoi(from); err != nil {
		return usageError(stderr, arg+": not an entry number")
	}
	if !ok1 || !ok2 || last < first {
		fmt.Fprintf(stderr, "history: %s: history position out of range\n", arg)
		return 1
	}
	for i := last; i >= first; i-- {
		if err := h.Delete(i); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	return 0
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "history: %s\n%s", msg, usage)
	return 2
}
