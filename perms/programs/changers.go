package programs

import "nosh/perms/analysis"

// Programs whose purpose is to change files: their operands are the
// paths they change, which the agent's sandbox and the run-time gate
// compare with the workspace.

// touchCmd is touch: it creates or updates each operand (times, and
// with -r or -d nothing else).
func touchCmd(c *analysis.Cmd) {
	ops := operandsSkipping(c.Args, optSpec{short: "dtr", long: []string{"--date", "--reference", "--time"}})
	for _, w := range ops {
		c.Target(w, analysis.WriteFile, false)
	}
}

// entryCmd is mkdir, mkfifo, mknod, rmdir and unlink.
func entryCmd(c *analysis.Cmd) {
	switch c.Base {
	case "mkdir", "mkfifo":
		for _, w := range operandsSkipping(c.Args, optSpec{short: "mZ", long: []string{"--mode", "--context"}}) {
			c.Target(w, analysis.CreateEntry, false)
		}
	case "mknod":
		if ops := operandsSkipping(c.Args, optSpec{short: "mZ", long: []string{"--mode", "--context"}}); len(ops) > 0 {
			c.Target(ops[0], analysis.CreateEntry, false)
		}
	case "rmdir", "unlink":
		c.OperandTargets(analysis.RemoveEntry, false)
	}
}

// metaCmd is chattr, setfacl and setfattr: they change attributes that
// Landlock does not see.
func metaCmd(c *analysis.Cmd) {
	spec := map[string]optSpec{
		"chattr":   {short: "pv"},
		"setfacl":  {short: "mMxXL", long: []string{"--modify", "--modify-file", "--remove", "--remove-file", "--set", "--set-file"}},
		"setfattr": {short: "nvxh", long: []string{"--name", "--value", "--remove", "--restore"}},
	}[c.Base]
	ops := operandsSkipping(c.Args, spec)
	if c.Base == "chattr" && len(ops) > 0 {
		ops = ops[1:] // +i, -a…: the mode
	}
	rec := analysis.FlagsOf(c.Args).Has('R', "--recursive")
	for _, w := range ops {
		c.Target(w, analysis.ChangeMeta, rec)
	}
}

// operandsSkipping returns the operands of ws, skipping the arguments
// of the options spec says take one.
func operandsSkipping(ws []analysis.Word, spec optSpec) []analysis.Word {
	var out []analysis.Word
	for i := 0; i < len(ws); {
		j := spec.skipRaw(ws, i)
		if j > len(ws) {
			break
		}
		if j > i && ws[j-1].IsStatic() && ws[j-1].Value == "--" {
			return append(out, ws[j:]...)
		}
		if j >= len(ws) {
			break
		}
		out = append(out, ws[j])
		i = j + 1
	}
	return out
}

// splitCmd: split and csplit write pieces named after a prefix, their
// last operand (-f PREFIX for csplit).
func splitCmd(c *analysis.Cmd) {
	if c.Base == "csplit" {
		for _, u := range optionUses(c.Args, "bfn", 'f', "--prefix") {
			c.Target(u.val, analysis.CreateEntry, false)
			c.SensitiveWrite(u.val)
		}
		return
	}
	ops := operandsSkipping(c.Args, optSpec{short: "abCdlnt", long: []string{"--suffix-length", "--additional-suffix",
		"--bytes", "--line-bytes", "--lines", "--number", "--separator", "--filter"}})
	if len(ops) == 2 {
		c.Target(ops[1], analysis.CreateEntry, false)
		c.SensitiveWrite(ops[1])
	}
	for _, u := range optionUses(c.Args, "abCdlnt", 0, "--filter") {
		c.Risk(analysis.KindInlineCode, "split --filter", "runs a shell command for every piece")
		c.Code(u.val, "split --filter")
	}
}

func registerChangers(t *tableSet) {
	t.handlers["split"] = splitCmd
	t.handlers["csplit"] = splitCmd
	t.handlers["touch"] = touchCmd
	for _, n := range []string{"mkdir", "mkfifo", "mknod", "rmdir", "unlink"} {
		t.handlers[n] = entryCmd
	}
	for _, n := range []string{"chattr", "setfacl", "setfattr"} {
		t.handlers[n] = metaCmd
	}
}
