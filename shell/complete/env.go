package complete

// Env is what the completer needs to know about the shell.
type Env interface {
	// Builtins are the names of the shell's builtins.
	Builtins() []string
	// Functions are the names of the defined shell functions.
	Functions() []string
	// Aliases maps alias names to their values.
	Aliases() map[string]string
	// Vars are the names of the shell variables.
	Vars() []string
	// Get returns the value of a shell variable ("" when unset).
	Get(name string) string
	// Dir is the shell's working directory, which is not the process's.
	Dir() string
	// Jobs are the shell's jobs.
	Jobs() []Job
}

// Job is one entry of the shell's job table.
type Job struct {
	ID   int    // the N of %N
	Text string // the command line, shown as the description
}
