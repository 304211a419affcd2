package builtins

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"nosh/shell/internal/interpunsafe"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// The directory stack is interp's dirStack, kept in bash's order: [0] is
// the current directory, so that ${DIRSTACK[0]} is right too.

// builtinCd is cd with -L/-P, `cd -`, CDPATH and PWD/OLDPWD kept as bash
// keeps them.
func builtinCd(ctx context.Context, c *Call) error {
	physical := false
	args, err := c.Options("LPe@", func(opt byte, _ string) {
		switch opt {
		case 'L':
			physical = false
		case 'P':
			physical = true
		}
	})
	if err != nil {
		return err
	}
	if len(args) > 1 {
		return c.Errorf(1, "too many arguments")
	}
	var dir string
	printDir := false
	if len(args) == 0 {
		home := interpunsafe.LookupVar(c.R, "HOME")
		if !home.IsSet() || home.String() == "" {
			return c.Errorf(1, "HOME not set")
		}
		dir = home.String()
	} else {
		dir = args[0]
		if dir == "-" {
			old := interpunsafe.LookupVar(c.R, "OLDPWD")
			if !old.IsSet() || old.String() == "" {
				return c.Errorf(1, "OLDPWD not set")
			}
			dir = old.String()
			printDir = true
		}
	}
	if dir == "" {
		return nil
	}
	newDir, viaCDPATH, err := c.changeDir(dir, physical, true)
	if err != nil {
		if value, ok := c.cdableVar(dir); ok {
			// shopt cdable_vars: a name that is no directory is a
			// variable holding one; cd shows where it went.
			if d, _, err2 := c.changeDir(value, physical, true); err2 == nil {
				newDir, err, printDir = d, nil, true
			}
		}
	}
	if err != nil {
		if fixed, ok := c.cdSpell(dir); ok {
			// shopt cdspell: a small typing mistake is corrected and shown.
			newDir, _, err = c.changeDir(fixed, physical, true)
			printDir = err == nil
		}
	}
	if err != nil {
		return c.Errorf(1, "%v", err)
	}
	if printDir || viaCDPATH {
		fmt.Fprintln(c.Stdout, newDir)
	}
	return nil
}

// changeDir makes dir the runner's directory and updates PWD, OLDPWD and
// the top of the directory stack. Relative names are looked up in CDPATH
// when cdpath is set; viaCDPATH reports a match there.
func (c *Call) changeDir(dir string, physical, cdpath bool) (newDir string, viaCDPATH bool, err error) {
	cur := c.R.Dir
	candidates := []string{dir}
	if cdpath && !filepath.IsAbs(dir) && !isDotRelative(dir) {
		if cp := interpunsafe.LookupVar(c.R, "CDPATH").String(); cp != "" {
			candidates = nil
			for _, entry := range filepath.SplitList(cp) {
				if entry == "" {
					candidates = append(candidates, dir)
					continue
				}
				candidates = append(candidates, filepath.Join(entry, dir)+"\x00")
			}
			candidates = append(candidates, dir)
		}
	}
	var firstErr error
	for _, cand := range candidates {
		cand, fromCDPATH := strings.CutSuffix(cand, "\x00")
		target := cand
		if !filepath.IsAbs(target) {
			target = cur + string(filepath.Separator) + target
		}
		var err error
		if !physical {
			// Logical mode cleans the path lexically: a/link/.. is a, as
			// in bash. Physical mode leaves .. to the kernel, so that
			// link/.. is the parent of the link's target.
			if filepath.IsAbs(cand) {
				err = checkDotDots("/", cand)
			} else {
				err = checkDotDots(cur, cand)
			}
			target = filepath.Clean(target)
		}
		var fi os.FileInfo
		if err == nil {
			fi, err = os.Stat(target)
		}
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		if err == nil {
			err = syscall.Access(target, 1)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = describeCdError(dir, err)
			}
			continue
		}
		if physical {
			if real, err := filepath.EvalSymlinks(target); err == nil {
				target = real
			} else {
				target = filepath.Clean(target)
			}
		}
		c.R.Dir = target
		oldPwd := interpunsafe.LookupVar(c.R, "PWD").String()
		if oldPwd == "" {
			oldPwd = cur
		}
		c.setKeepingAttrs("OLDPWD", oldPwd)
		c.setKeepingAttrs("PWD", target)
		stack := interpunsafe.DirStack(c.R)
		if len(*stack) == 0 {
			*stack = append(*stack, target)
		} else {
			(*stack)[0] = target
		}
		return target, fromCDPATH, nil
	}
	return "", false, firstErr
}

// checkDotDots reports an error when what comes before a .. in path, a
// path relative to base, is not a directory (BAD/.. or file/..), as bash's
// cd does before it cleans the path lexically. base itself is not checked:
// cd .. leaves a directory that was removed.
func checkDotDots(base, path string) error {
	cur, depth := base, 0
	for _, p := range strings.Split(path, "/") {
		switch p {
		case "", ".":
		case "..":
			if depth > 0 {
				fi, err := os.Stat(cur)
				if err != nil {
					return err
				}
				if !fi.IsDir() {
					return syscall.ENOTDIR
				}
				depth--
			}
			cur = filepath.Dir(cur)
		default:
			cur = filepath.Join(cur, p)
			depth++
		}
	}
	return nil
}

func isDotRelative(dir string) bool {
	return dir == "." || dir == ".." || strings.HasPrefix(dir, "./") || strings.HasPrefix(dir, "../")
}

func describeCdError(dir string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: No such file or directory", dir)
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("%s: Not a directory", dir)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EACCES):
		return fmt.Errorf("%s: Permission denied", dir)
	}
	return fmt.Errorf("%s: %s", dir, DescribeErrno(err))
}

// setKeepingAttrs sets a string variable, keeping it exported if it was.
func (c *Call) setKeepingAttrs(name, value string) {
	vr := interpunsafe.LookupVar(c.R, name)
	if vr.ReadOnly {
		return
	}
	vr.Set = true
	vr.Kind = expand.String
	vr.Str = value
	interpunsafe.SetVar(c.R, name, vr)
}

// builtinPwd prints the logical directory, or with -P the physical one.
func builtinPwd(ctx context.Context, c *Call) error {
	physical := false
	// Operands are ignored, as in bash.
	if _, err := c.Options("LP", func(opt byte, _ string) { physical = opt == 'P' }); err != nil {
		return err
	}
	dir := c.R.Dir
	if physical {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		}
	}
	return c.WriteOut(dir + "\n")
}

// dirStack returns the directory stack with its top refreshed.
func (c *Call) dirStack() *[]string {
	stack := interpunsafe.DirStack(c.R)
	if len(*stack) == 0 {
		*stack = []string{c.R.Dir}
	}
	(*stack)[0] = c.R.Dir
	return stack
}

// tildeDir abbreviates $HOME to ~ as dirs prints it.
func (c *Call) tildeDir(dir string) string {
	home := interpunsafe.LookupVar(c.R, "HOME").String()
	if home != "" && home != "/" {
		if dir == home {
			return "~"
		}
		if strings.HasPrefix(dir, home+"/") {
			return "~" + dir[len(home):]
		}
	}
	return dir
}

// printDirs prints the stack as `dirs` does.
func (c *Call) printDirs(long bool) {
	stack := *c.dirStack()
	parts := make([]string, len(stack))
	for i, d := range stack {
		if !long {
			d = c.tildeDir(d)
		}
		parts[i] = d
	}
	fmt.Fprintln(c.Stdout, strings.Join(parts, " "))
}

// stackIndex turns +N or -N into an index of a stack of n entries.
func stackIndex(arg string, n int) (int, bool) {
	if len(arg) < 2 || (arg[0] != '+' && arg[0] != '-') {
		return 0, false
	}
	k, err := strconv.Atoi(arg[1:])
	if err != nil || k < 0 || k >= n {
		return 0, false
	}
	if arg[0] == '-' {
		k = n - 1 - k
	}
	return k, true
}

// dirStackWords reads the words of dirs, pushd and popd as bash does,
// not with Getopt: each option is a word of its own (-n, -l), any other
// word that starts with + or - is a stack index (+N, -N), which must be a
// number, and "--" ends them (ended). letters are the options allowed; a
// lone "-" is an operand when dash is set (pushd -). It returns the
// options seen, the last index word ("" for none) and the words from the
// first that is none of these.
func (c *Call) dirStackWords(letters string, dash bool) (opts, index string, rest []string, ended bool, err error) {
	args := c.Args
	for ; len(args) > 0; args = args[1:] {
		w := args[0]
		switch {
		case w == "--":
			return opts, index, args[1:], true, nil
		case len(w) == 2 && w[0] == '-' && strings.IndexByte(letters, w[1]) >= 0:
			opts += w[1:]
		case w == "-" && dash, w == "", w[0] != '+' && w[0] != '-':
			return opts, index, args, false, nil
		default:
			if _, err := strconv.Atoi(w[1:]); err != nil {
				fmt.Fprintf(c.Stderr, "%s: %s: %s: invalid number\n", c.Sh.ProgramName(), c.Name, w)
				return "", "", nil, false, c.Usage(Synopsis(c.Name))
			}
			index = w
		}
	}
	return opts, index, nil, false, nil
}

// stackRangeError reports an index past the directory stack as bash
// does.
func (c *Call) stackRangeError(stack []string, index string) error {
	if len(stack) < 2 {
		return c.Errorf(1, "directory stack empty")
	}
	return c.Errorf(1, "%s: directory stack index out of range", index)
}

// builtinDirs is bash's dirs: -c -l -p -v, +N and -N.
func builtinDirs(ctx context.Context, c *Call) error {
	opts, indexWord, rest, ended, err := c.dirStackWords("clpv", false)
	if err != nil {
		return err
	}
	if len(rest) > 0 && !ended {
		fmt.Fprintf(c.Stderr, "%s: dirs: %s: invalid option\n", c.Sh.ProgramName(), rest[0])
		return c.Usage(Synopsis(c.Name))
	}
	stack := c.dirStack()
	if strings.Contains(opts, "c") {
		*stack = (*stack)[:1]
		return nil
	}
	long := strings.Contains(opts, "l")
	perLine := strings.ContainsAny(opts, "pv")
	verbose := strings.Contains(opts, "v")
	index := -1
	if indexWord != "" {
		k, ok := stackIndex(indexWord, len(*stack))
		if !ok {
			return c.stackRangeError(*stack, indexWord)
		}
		index = k
	}
	show := func(d string) string {
		if long {
			return d
		}
		return c.tildeDir(d)
	}
	if index >= 0 {
		fmt.Fprintln(c.Stdout, show((*stack)[index]))
		return nil
	}
	if !perLine {
		c.printDirs(long)
		return nil
	}
	for i, d := range *stack {
		if verbose {
			fmt.Fprintf(c.Stdout, "%2d  %s\n", i, show(d))
		} else {
			fmt.Fprintln(c.Stdout, show(d))
		}
	}
	return nil
}

// builtinPushd is bash's pushd: swap, push DIR, or rotate to +N/-N;
// -n changes the stack only.
func builtinPushd(ctx context.Context, c *Call) error {
	opts, index, args, _, err := c.dirStackWords("n", true)
	if err != nil {
		return err
	}
	noChange := opts != ""
	stack := c.dirStack()
	if index != "" {
		// +N or -N: rotate the stack.
		args = []string{index}
	}
	switch {
	case len(args) == 0:
		if len(*stack) < 2 {
			return c.Errorf(1, "no other directory")
		}
		s := *stack
		if noChange {
			return nil
		}
		if _, _, err := c.changeDir(s[1], false, false); err != nil {
			return c.Errorf(1, "%v", err)
		}
		s[0], s[1] = s[1], s[0]
		s[0] = c.R.Dir
	case len(args) > 1:
		return c.Errorf(1, "too many arguments")
	default:
		if k, ok := stackIndex(args[0], len(*stack)); ok {
			s := *stack
			rotated := append(append([]string{}, s[k:]...), s[:k]...)
			if !noChange {
				if _, _, err := c.changeDir(rotated[0], false, false); err != nil {
					return c.Errorf(1, "%v", err)
				}
			}
			copy(s, rotated)
			break
		}
		if index != "" {
			return c.stackRangeError(*stack, index)
		}
		if noChange {
			dir := args[0]
			s := *stack
			*stack = append(append(append([]string{}, s[0]), dir), s[1:]...)
			break
		}
		old := c.R.Dir
		if _, _, err := c.changeDir(args[0], false, true); err != nil {
			return c.Errorf(1, "%v", err)
		}
		s := *stack
		*stack = append([]string{c.R.Dir, old}, s[1:]...)
	}
	c.printDirs(false)
	return nil
}

// builtinPopd is bash's popd: drop the top (or +N/-N) and go to the new
// top; -n changes the stack only.
func builtinPopd(ctx context.Context, c *Call) error {
	opts, index, rest, ended, err := c.dirStackWords("n", false)
	if err != nil {
		return err
	}
	if len(rest) > 0 && !ended && rest[0] != "" {
		fmt.Fprintf(c.Stderr, "%s: popd: %s: invalid argument\n", c.Sh.ProgramName(), rest[0])
		return c.Usage(Synopsis(c.Name))
	}
	noChange := opts != ""
	stack := c.dirStack()
	if len(*stack) < 2 {
		return c.Errorf(1, "directory stack empty")
	}
	k := 0
	if noChange {
		k = 1
	}
	if index != "" {
		var ok bool
		if k, ok = stackIndex(index, len(*stack)); !ok {
			return c.stackRangeError(*stack, index)
		}
	}
	s := *stack
	if k == 0 {
		if !noChange {
			if _, _, err := c.changeDir(s[1], false, false); err != nil {
				return c.Errorf(1, "%v", err)
			}
		}
		*stack = append([]string{c.R.Dir}, s[2:]...)
	} else {
		*stack = append(append([]string{}, s[:k]...), s[k+1:]...)
	}
	c.printDirs(false)
	return nil
}

// cdableVar returns the value of the variable named dir, under shopt
// cdable_vars.
func (c *Call) cdableVar(dir string) (string, bool) {
	if !syntax.ValidName(dir) || !c.Sh.ShoptOn("cdable_vars") {
		return "", false
	}
	v := interpunsafe.LookupVar(c.R, dir)
	if !v.IsSet() || v.String() == "" {
		return "", false
	}
	return v.String(), true
}
