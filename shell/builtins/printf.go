package builtins

import (
	"context"
	"fmt"
	"math"
	"nosh/shell/internal/quote"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// builtinPrintf is bash's printf: the format is reused while arguments
// remain, numbers accept 0x, 0 and 'c forms and report invalid input,
// widths count bytes, and %b, %q and -v work.
func builtinPrintf(ctx context.Context, c *Call) error {
	varName := ""
	args, err := c.Options("v:", func(_ byte, arg string) { varName = arg })
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return c.Usage(Synopsis(c.Name))
	}
	if varName != "" && !validVarTarget(varName) {
		return c.Errorf(2, "`%s': not a valid identifier", varName)
	}
	f := &printfState{c: c}
	format, args := args[0], args[1:]
	var out strings.Builder
	for {
		used, stop := f.format(&out, format, args)
		if stop || f.fatal {
			break
		}
		args = args[used:]
		if used == 0 || len(args) == 0 {
			break
		}
		// The format is used again for the rest of the arguments: what
		// it made so far is written out, not held (nor is more than
		// maxPrintfVar kept for -v).
		if varName == "" && out.Len() >= 1<<20 {
			if err := c.WriteOut(out.String()); err != nil {
				return err
			}
			out.Reset()
		} else if varName != "" && out.Len() > maxPrintfVar {
			return c.Errorf(1, "-v: the result is too large (more than %d MiB)", maxPrintfVar>>20)
		}
	}
	if varName != "" {
		if err := c.SetVarMaybeIndexed(varName, out.String()); err != nil {
			return c.Errorf(1, "%v", err)
		}
	} else if err := c.WriteOut(out.String()); err != nil {
		return err
	}
	if f.fatal {
		return interp.ExitStatus(1)
	}
	if f.failed {
		return interp.ExitStatus(1)
	}
	return nil
}

// maxPrintfVar bounds what printf -v keeps in a variable.
const maxPrintfVar = 1 << 28

// validVarTarget reports whether s can be assigned: NAME or NAME[sub].
func validVarTarget(s string) bool {
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		s = s[:i]
	}
	return syntax.ValidName(s)
}

type printfState struct {
	c      *Call
	failed bool // an argument was invalid: status 1
	fatal  bool // the format was invalid: stop
}

func (f *printfState) warn(format string, a ...any) {
	fmt.Fprintf(f.c.Stderr, "%s: printf: %s\n", f.c.Sh.ProgramName(), fmt.Sprintf(format, a...))
}

// format writes one pass of format to out, consuming arguments; it
// returns how many it used and whether %b's \c ended all output.
func (f *printfState) format(out *strings.Builder, format string, args []string) (used int, stop bool) {
	next := func() (string, bool) {
		if used < len(args) {
			used++
			return args[used-1], true
		}
		return "", false
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch == '\\' {
			// Find the extent of this escape and expand it alone.
			end := escapeEnd(format, i)
			s, _ := quote.ExpandEscapes(format[i:end], quote.Format)
			out.WriteString(s)
			i = end - 1
			continue
		}
		if ch != '%' {
			out.WriteByte(ch)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			out.WriteByte('%')
			i++
			continue
		}
		spec, j := f.parseSpec(format, i+1, next)
		if j < len(format) && format[j] == '(' {
			end, ok := f.formatTime(out, format, j, spec, next)
			if !ok {
				return used, false
			}
			i = end
			continue
		}
		if j >= len(format) {
			f.warn("`%s': missing format character", format[i:])
			f.fatal = true
			return used, false
		}
		i = j
		stop, ok := f.convert(out, format[j], spec, next)
		if !ok {
			return used, false
		}
		if stop {
			return used, true
		}
	}
	return used, false
}

// convSpec is what comes between a conversion's % and its letter.
type convSpec struct {
	flags, width, prec string
	hasPrec            bool
}

// parseSpec reads [flags][width][.precision][length] from format at j,
// just past a %, taking a * width or precision from next. It returns the
// spec and the index of what follows (the conversion letter).
func (f *printfState) parseSpec(format string, j int, next func() (string, bool)) (convSpec, int) {
	var s convSpec
	start := j
	for j < len(format) && strings.IndexByte("-+ #0'", format[j]) >= 0 {
		j++
	}
	s.flags = strings.ReplaceAll(format[start:j], "'", "")
	digits := func() string {
		k := j
		for j < len(format) && format[j] >= '0' && format[j] <= '9' {
			j++
		}
		return format[k:j]
	}
	if j < len(format) && format[j] == '*' {
		a, _ := next()
		n, _ := f.parseInt(a)
		s.width = strconv.FormatInt(n, 10)
		if n < 0 {
			s.flags += "-"
			s.width = strconv.FormatInt(-n, 10)
		}
		j++
	} else {
		s.width = digits()
	}
	if j < len(format) && format[j] == '.' {
		s.hasPrec = true
		j++
		if j < len(format) && format[j] == '*' {
			a, _ := next()
			n, _ := f.parseInt(a)
			if n < 0 {
				s.hasPrec = false
			}
			s.prec = strconv.FormatInt(n, 10)
			j++
		} else if s.prec = digits(); s.prec == "" {
			s.prec = "0"
		}
	}
	for j < len(format) && strings.IndexByte("hlLjzt", format[j]) >= 0 {
		j++
	}
	s.width = f.bounded(s.width)
	if s.hasPrec {
		s.prec = f.bounded(s.prec)
	}
	return s, j
}

// maxPrintfWidth bounds a width or precision. bash refuses those above
// INT_MAX and streams the rest; nosh builds the output in memory, inside
// the user's login shell, where printf '%*s' 20000000000 x would end the
// shell: above 16 MiB it warns as bash does and pads to the bound.
const maxPrintfWidth = 1 << 24

// bounded returns the decimal n, or maxPrintfWidth with bash's warning
// when n is larger.
func (f *printfState) bounded(n string) string {
	if len(n) < 8 {
		return n
	}
	if v, err := strconv.ParseUint(n, 10, 64); err == nil && v <= maxPrintfWidth {
		return n
	}
	f.warn("%s: Numerical result out of range", n)
	f.failed = true
	return strconv.Itoa(maxPrintfWidth)
}

// formatTime writes %(datefmt)T, whose ( is at format[j]: the argument is
// seconds since the epoch; -1 or none is now, -2 the shell's start. It
// returns the index of the T, or false for a bad format (fatal).
func (f *printfState) formatTime(out *strings.Builder, format string, j int, s convSpec, next func() (string, bool)) (int, bool) {
	end := strings.IndexByte(format[j:], ')')
	if end < 0 || j+end+1 >= len(format) || format[j+end+1] != 'T' {
		f.warn("`%c': invalid format character", '(')
		f.fatal = true
		return 0, false
	}
	datefmt := format[j+1 : j+end]
	if datefmt == "" {
		datefmt = "%X"
	}
	a, ok := next()
	t := time.Now()
	if ok && a != "" {
		n, _ := f.parseInt(a)
		switch n {
		case -1:
		case -2:
			t = f.c.Sh.StartTime()
		default:
			t = time.Unix(n, 0)
		}
	}
	out.WriteString(padBytes(strftime(datefmt, t), s.flags, s.width, s.prec, s.hasPrec))
	return j + end + 1, true
}

// convert writes one conversion, conv with spec s, of the next argument.
// stop is %b's \c, which ends all output; ok is false for a conversion
// printf does not know (fatal).
func (f *printfState) convert(out *strings.Builder, conv byte, s convSpec, next func() (string, bool)) (stop, ok bool) {
	spec := "%" + s.flags + s.width
	if s.hasPrec {
		spec += "." + s.prec
	}
	if strings.IndexByte("sbqcdiuoxXeEfFgGaA", conv) < 0 {
		f.warn("`%c': invalid format character", conv)
		f.fatal = true
		return false, false
	}
	a, _ := next()
	switch conv {
	case 's':
		out.WriteString(padBytes(a, s.flags, s.width, s.prec, s.hasPrec))
	case 'b':
		e, stop := quote.ExpandEscapes(a, quote.PercentB)
		out.WriteString(padBytes(e, s.flags, s.width, s.prec, s.hasPrec))
		if stop {
			return true, true
		}
	case 'q':
		out.WriteString(padBytes(quote.Bash(a), s.flags, s.width, "", false))
	case 'c':
		c := "\x00"
		if a != "" {
			c = a[:1]
		}
		out.WriteString(padBytes(c, s.flags, s.width, "", false))
	case 'd', 'i':
		n, _ := f.parseInt(a)
		out.WriteString(fmt.Sprintf(spec+"d", n))
	case 'u', 'o', 'x', 'X':
		n, _ := f.parseInt(a)
		verb := string(conv)
		if conv == 'u' {
			verb = "d"
		}
		out.WriteString(fmt.Sprintf(spec+verb, uint64(n)))
	default: // e, E, f, F, g, G, a, A
		out.WriteString(formatFloat(spec, conv, f.parseFloat(a), s.hasPrec))
	}
	return false, true
}

// escapeEnd returns the index just past the backslash escape at s[i].
func escapeEnd(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return j
	}
	switch s[j] {
	case 'x':
		_, n := quote.ParseDigits(s[j+1:], 16, 2)
		return j + 1 + n
	case 'u':
		_, n := quote.ParseDigits(s[j+1:], 16, 4)
		return j + 1 + n
	case 'U':
		_, n := quote.ParseDigits(s[j+1:], 16, 8)
		return j + 1 + n
	case '0', '1', '2', '3', '4', '5', '6', '7':
		_, n := quote.ParseDigits(s[j:], 8, 3)
		return j + n
	}
	return j + 1
}

// padBytes pads (and with a precision truncates) s to width bytes, as C's
// printf does in bash.
func padBytes(s, flags, width, prec string, hasPrec bool) string {
	if hasPrec {
		if p, err := strconv.Atoi(prec); err == nil && p < len(s) {
			s = s[:p]
		}
	}
	w, _ := strconv.Atoi(width)
	if len(s) >= w {
		return s
	}
	pad := strings.Repeat(" ", w-len(s))
	if strings.Contains(flags, "-") {
		return s + pad
	}
	return pad + s
}

// parseInt reads a numeric argument as strtoimax does, with bash's 'c
// form; an invalid one is reported and gives its valid prefix.
func (f *printfState) parseInt(a string) (int64, bool) {
	if a == "" {
		return 0, true
	}
	if a[0] == '\'' || a[0] == '"' {
		if len(a) == 1 {
			return 0, true
		}
		r, _ := utf8.DecodeRuneInString(a[1:])
		return int64(r), true
	}
	s := strings.TrimLeft(a, " \t\n")
	neg := false
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	base := 10
	digits := body
	switch {
	case len(body) > 2 && (body[:2] == "0x" || body[:2] == "0X"):
		base = 16
		digits = body[2:]
	case len(body) > 1 && body[0] == '0':
		base = 8
		digits = body[1:]
	}
	end := 0
	for end < len(digits) {
		if _, err := strconv.ParseUint(digits[end:end+1], base, 8); err != nil {
			break
		}
		end++
	}
	var n uint64
	var err error
	if end > 0 {
		n, err = strconv.ParseUint(digits[:end], base, 64)
	}
	v := int64(n)
	if err != nil {
		v = math.MaxInt64
		if neg {
			v = math.MinInt64
		}
		// bash warns and goes on with the nearest value.
		f.warn("warning: %s: Numerical result out of range", a)
	} else if neg {
		v = -v
	}
	if end < len(digits) || (end == 0 && base == 10) {
		f.warn("%s: invalid number", a)
		f.failed = true
		return v, false
	}
	return v, true
}

func (f *printfState) parseFloat(a string) float64 {
	if a == "" {
		return 0
	}
	if a[0] == '\'' || a[0] == '"' {
		if len(a) == 1 {
			return 0
		}
		r, _ := utf8.DecodeRuneInString(a[1:])
		return float64(r)
	}
	s := strings.TrimLeft(a, " \t\n")
	// The longest prefix that parses is the value, as strtold reads it.
	for end := len(s); end > 0; end-- {
		if x, err := strconv.ParseFloat(s[:end], 64); err == nil || isRangeErr(err) {
			if end < len(s) {
				f.warn("%s: invalid number", a)
				f.failed = true
			}
			return x
		}
	}
	f.warn("%s: invalid number", a)
	f.failed = true
	return 0
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// formatFloat formats x as C's printf does for conv.
func formatFloat(spec string, conv byte, x float64, hasPrec bool) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		s := "inf"
		switch {
		case math.IsNaN(x):
			s = "nan"
		case x < 0:
			s = "-inf"
		case strings.Contains(spec, "+"):
			s = "+inf"
		}
		if conv >= 'A' && conv <= 'Z' {
			s = strings.ToUpper(s)
		}
		return fmt.Sprintf(strings.TrimRight(strings.ReplaceAll(spec, "0", ""), ".")+"s", s)
	}
	switch conv {
	case 'F':
		return fmt.Sprintf(spec+"f", x)
	case 'g', 'G':
		if !hasPrec {
			spec += ".6"
		}
		return fmt.Sprintf(spec+string(conv), x)
	case 'a', 'A':
		verb := "x"
		if conv == 'A' {
			verb = "X"
		}
		return fmt.Sprintf(spec+verb, x)
	}
	return fmt.Sprintf(spec+string(conv), x)
}
