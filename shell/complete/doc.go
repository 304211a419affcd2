// Package complete computes Tab completions for the nosh command line.
//
// A [Completer] finds the word under the cursor with the shared parser
// from nosh/config/dialect (recovering from half-typed input) and offers,
// depending on where the word is: command names (builtins, functions,
// aliases, executables on PATH), files and directories, variables after
// `$`, users after `~`, jobs after `%`, slash commands, and `@path`
// mentions in `?`/`??` requests. Arguments of commands are completed by
// [Spec]s (git, cd, kill, ssh, scp, make are built in), by the carapace
// completion engine when it is installed, and otherwise by options parsed
// from the command's --help output, cached.
//
// Candidates carry the exact text to insert, quoted for the quoting
// context the user is in, so a [Result] maps directly onto readline's
// completions ([Result.Readline], [Completer.Readline]). The shell's
// state reaches the Completer through the [Env] interface; every external
// program runs with a deadline so that completion never blocks typing for
// long.
package complete
