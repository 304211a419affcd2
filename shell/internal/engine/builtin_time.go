package engine

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The time keyword, as bash's: real time, and the user and system CPU
// time of the shell and of the programs it waited for, in the format
// TIMEFORMAT gives (-p: POSIX's). interp reports zero CPU time, so nosh
// rewrites `time PIPELINE` into
//
//	{ \x00time-start; PIPELINE; \x00time-end "$?"; }
//
// which measures with getrusage around the pipeline, in the current
// shell, and keeps its exit status.

const (
	builtinTimeStartName = "\x00time-start"
	builtinTimeEndName   = "\x00time-end"
)

// defaultTimeFormat is bash's format when TIMEFORMAT is unset.
const defaultTimeFormat = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS"

// posixTimeFormat is time -p's.
const posixTimeFormat = "real %2R\nuser %2U\nsys %2S"

// timeSample is the clock and CPU times when a timed pipeline started.
type timeSample struct {
	wall      time.Time
	user, sys time.Duration
}

func sampleTimes() timeSample {
	s := timeSample{wall: time.Now()}
	for _, who := range []int{unix.RUSAGE_SELF, unix.RUSAGE_CHILDREN} {
		var ru unix.Rusage
		if unix.Getrusage(who, &ru) == nil {
			s.user += time.Duration(ru.Utime.Nano())
			s.sys += time.Duration(ru.Stime.Nano())
		}
	}
	return s
}

// rewriteTime replaces a time clause in st by the measuring block.
func (s *Engine) rewriteTime(st *syntax.Stmt, tc *syntax.TimeClause) {
	pos := tc.Pos()
	posix := ""
	if tc.PosixFormat {
		posix = "-p"
	}
	stmts := []*syntax.Stmt{{Cmd: SentinelCall(pos, builtinTimeStartName, ""), Position: pos}}
	if tc.Stmt != nil {
		stmts = append(stmts, tc.Stmt)
	}
	end := SentinelCall(pos, builtinTimeEndName, posix)
	end.Args = append(end.Args, StatusWord(pos))
	stmts = append(stmts, &syntax.Stmt{Cmd: end, Position: pos})
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: stmts}
}

func builtinTimeStart(ctx context.Context, c *call) error {
	c.sh().mu.Lock()
	c.sh().timeStack = append(c.sh().timeStack, sampleTimes())
	c.sh().mu.Unlock()
	return nil
}

func builtinTimeEnd(ctx context.Context, c *call) error {
	end := sampleTimes()
	c.sh().mu.Lock()
	var start timeSample
	if n := len(c.sh().timeStack); n > 0 {
		start = c.sh().timeStack[n-1]
		c.sh().timeStack = c.sh().timeStack[:n-1]
	} else {
		start = end
	}
	c.sh().mu.Unlock()
	format := posixTimeFormat
	if FirstArg(c.Args) != "-p" {
		format = defaultTimeFormat
		if vr := interpunsafe.LookupVar(c.R, "TIMEFORMAT"); vr.IsSet() {
			format = vr.String()
		}
	}
	if out := formatTimes(format, end.wall.Sub(start.wall), end.user-start.user, end.sys-start.sys); out != "" {
		fmt.Fprintln(c.Stderr, out)
	}
	status, _ := strconv.Atoi(c.Args[len(c.Args)-1])
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// formatTimes expands TIMEFORMAT: %[p][l]R, U, S (real, user, system
// time, p decimals, l as MmS.FFs), %P (CPU percentage) and %%.
func formatTimes(format string, real, user, sys time.Duration) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		if format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		prec, long := 3, false
		if format[i] >= '0' && format[i] <= '9' {
			prec = min(int(format[i]-'0'), 3)
			i++
		}
		if i < len(format) && format[i] == 'l' {
			long = true
			i++
		}
		if i >= len(format) {
			break
		}
		var d time.Duration
		switch format[i] {
		case 'R':
			d = real
		case 'U':
			d = user
		case 'S':
			d = sys
		case 'P':
			pct := 0.0
			if real > 0 {
				pct = float64(user+sys) / float64(real) * 100
			}
			fmt.Fprintf(&b, "%.2f", pct)
			continue
		default:
			b.WriteByte('%')
			b.WriteByte(format[i])
			continue
		}
		b.WriteString(formatSeconds(d, prec, long))
	}
	return b.String()
}

// formatSeconds writes d in seconds with prec decimals (truncated, as
// bash does), or with long as minutes and seconds: 1m2.345s.
func formatSeconds(d time.Duration, prec int, long bool) string {
	d = max(d, 0)
	scale := time.Duration(1)
	for range 9 - prec {
		scale *= 10
	}
	units := d / scale // in 10^-prec seconds
	per := int64(1)
	for range prec {
		per *= 10
	}
	secs, frac := int64(units)/per, int64(units)%per
	minutes := int64(0)
	if long {
		minutes, secs = secs/60, secs%60
	}
	s := strconv.FormatInt(secs, 10)
	if prec > 0 {
		s += fmt.Sprintf(".%0*d", prec, frac)
	}
	if long {
		return fmt.Sprintf("%dm%ss", minutes, s)
	}
	return s
}
