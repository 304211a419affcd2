package shell

// jobBuiltins registers the job-control builtins: jobs, fg, bg, kill,
// wait, disown. They are added together with the job table.
func jobBuiltins(m map[string]builtinFunc) {}
