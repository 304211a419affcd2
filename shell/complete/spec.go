package complete

import (
	"context"
)

// Spec completes the arguments of one command.
type Spec struct {
	// Complete returns candidates for a.Current whose Values are whole
	// unquoted words (the Completer quotes them and keeps only those that
	// start with a.Current). ok false falls back to the next source: files.
	Complete func(ctx context.Context, a *Args) (cands []Candidate, ok bool)
	// Shell marks specs that need the shell's own state (its directory
	// stack, jobs, CDPATH): they are used even when carapace knows the
	// command. Other specs are used only when carapace does not.
	Shell bool
}

// Args is the command line a [Spec] completes.
type Args struct {
	Env Env
	// Words are the command's words before the current one, unquoted,
	// with the command name first and aliases expanded ("" for words with
	// expansions).
	Words []string
	// Current is the unquoted text of the word being completed, up to
	// the cursor.
	Current string

	c *Completer
}

// Files returns the files and directories matching Current.
func (a *Args) Files() []Candidate { return a.c.files(a.Current, fileAny) }

// Dirs returns the directories matching Current.
func (a *Args) Dirs() []Candidate { return a.c.files(a.Current, fileDirs) }

// Output runs a program in the shell's directory, with the Completer's
// deadline, and returns its standard output. Results are cached for a
// couple of seconds so that as-you-type completion does not rerun it on
// every key.
func (a *Args) Output(ctx context.Context, name string, args ...string) (string, error) {
	return a.c.output(ctx, name, args...)
}

// Options returns the options listed by the help output of argv (for
// example "git", "commit", "-h"), parsed and cached like --help.
func (a *Args) Options(ctx context.Context, argv ...string) []Candidate {
	if len(argv) == 0 {
		return nil
	}
	return a.c.helpOptions(ctx, argv[0], argv[1:])
}

// DefaultSpecs returns the built-in specs: git, cd (and pushd), kill,
// ssh, scp, sftp, make, unset.
func DefaultSpecs() map[string]Spec {
	ssh := Spec{Complete: completeSSH}
	return map[string]Spec{
		"git":   {Complete: completeGit},
		"cd":    {Complete: completeCd, Shell: true},
		"pushd": {Complete: completeCd, Shell: true},
		"kill":  {Complete: completeKill, Shell: true},
		"ssh":   ssh,
		"sftp":  ssh,
		"scp":   {Complete: completeScp},
		"make":  {Complete: completeMake},
		"unset": {Complete: completeUnset, Shell: true},
	}
}
