package builtins

import "strings"

// Options parses a builtin's leading short options, getopt style. spec
// lists the option letters; a letter followed by ':' takes an argument
// (the next word). set is called for each option in order. Parsing stops
// at "--", at "-" alone and at the first word that is not an option; the
// operands left are returned. A bad option or a missing argument prints
// "-x: …" and the usage line, and returns status 2 as the error.
func (c *Call) Options(spec, usage string, set func(opt byte, arg string)) ([]string, error) {
	args := c.Args
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for i := 1; i < len(a); i++ {
			j := strings.IndexByte(spec, a[i])
			if j < 0 || a[i] == ':' {
				return nil, c.Errorf(2, "-%c: invalid option\n%s: usage: %s", a[i], c.Name, usage)
			}
			arg := ""
			if j+1 < len(spec) && spec[j+1] == ':' {
				if len(args) == 0 {
					return nil, c.Errorf(2, "-%c: option requires an argument", a[i])
				}
				arg, args = args[0], args[1:]
			}
			set(a[i], arg)
		}
	}
	return args, nil
}
