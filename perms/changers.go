package perms

// Programs whose purpose is to change files: their operands are the
// paths they change, which the agent's sandbox and the run-time gate
// compare with the workspace.

// touchCmd is touch: it creates or updates each operand (times, and
// with -r or -d nothing else).
func touchCmd(c *cmd) {
	ops := operandsSkipping(c.args, optSpec{short: "dtr", long: []string{"--date", "--reference", "--time"}})
	for _, w := range ops {
		c.target(w, WriteFile, false)
	}
}

// entryCmd is mkdir, mkfifo, mknod, rmdir and unlink.
func entryCmd(c *cmd) {
	switch c.base {
	case "mkdir", "mkfifo":
		for _, w := range operandsSkipping(c.args, optSpec{short: "mZ", long: []string{"--mode", "--context"}}) {
			c.target(w, CreateEntry, false)
		}
	case "mknod":
		if ops := operandsSkipping(c.args, optSpec{short: "mZ", long: []string{"--mode", "--context"}}); len(ops) > 0 {
			c.target(ops[0], CreateEntry, false)
		}
	case "rmdir", "unlink":
		c.operandTargets(RemoveEntry, false)
	}
}

// metaCmd is chattr, setfacl and setfattr: they change attributes that
// Landlock does not see.
func metaCmd(c *cmd) {
	spec := map[string]optSpec{
		"chattr":   {short: "pv"},
		"setfacl":  {short: "mMxXL", long: []string{"--modify", "--modify-file", "--remove", "--remove-file", "--set", "--set-file"}},
		"setfattr": {short: "nvxh", long: []string{"--name", "--value", "--remove", "--restore"}},
	}[c.base]
	ops := operandsSkipping(c.args, spec)
	if c.base == "chattr" && len(ops) > 0 {
		ops = ops[1:] // +i, -a…: the mode
	}
	rec := flagsOf(c.args).has('R', "--recursive")
	for _, w := range ops {
		c.target(w, ChangeMeta, rec)
	}
}

// operandsSkipping returns the operands of ws, skipping the arguments
// of the options spec says take one.
func operandsSkipping(ws []Word, spec optSpec) []Word {
	var out []Word
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
func splitCmd(c *cmd) {
	if c.base == "csplit" {
		for _, u := range optionUses(c.args, "bfn", 'f', "--prefix") {
			c.target(u.val, CreateEntry, false)
			c.sensitiveWrite(u.val)
		}
		return
	}
	ops := operandsSkipping(c.args, optSpec{short: "abCdlnt", long: []string{"--suffix-length", "--additional-suffix",
		"--bytes", "--line-bytes", "--lines", "--number", "--separator", "--filter"}})
	if len(ops) == 2 {
		c.target(ops[1], CreateEntry, false)
		c.sensitiveWrite(ops[1])
	}
	for _, u := range optionUses(c.args, "abCdlnt", 0, "--filter") {
		c.risk(KindInlineCode, "split --filter", "runs a shell command for every piece")
		c.code(u.val, "split --filter")
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
