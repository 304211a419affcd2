// Package perms decides whether a command may run without asking: the
// permission engine behind nosh's AI commands. It is independent of the
// shell and the AI, and parses only through nosh/config/dialect, so that
// what is analysed is what the runner will run.
//
// # Analysis
//
// Analyze lists every unit a command line would execute: each simple
// command anywhere (lists, pipelines, subshells, groups, every branch and
// loop body, function bodies, $(…), backticks, <(…) and >(…), inside
// arguments, assignments, redirect targets, parameter-expansion
// operands, arithmetic and unquoted here-documents), with its argv after
// quote removal where the word is static (r""m, \rm and "rm" are rm) and
// marked computed where it is not ($cmd, $(echo rm), globs, brace
// expansion, ~). Strings that are run as code are parsed in turn: sh -c,
// eval, trap, alias, su -c, watch, ssh host cmd, git rebase --exec… and
// wrappers are looked through (sudo, env, nice, timeout, xargs, find
// -exec, busybox…), the command they run becoming a unit of its own.
// Every risky construct is recorded as a Finding with its position.
//
// # Decision
//
// Policy.Check gives the strictest verdict over all units: Deny if any
// unit matches a deny rule or the built-in catastrophic list; otherwise
// Ask if any unit has no allow rule or any risky construct is present;
// otherwise Allow. Allow rules match argv word by word from the start,
// byte for byte, and never a computed word or an argv[0] containing a
// slash. Deny rules match the basename of argv[0], see options in any
// order or spelling (rm -rf denies rm -r -f and rm --recursive --force),
// skip git's global options (git push denies git -C . push), and apply
// to every unit, wrapped or not. A command name held in a variable
// assigned earlier in the same command ($c after c=rm) is judged as that
// name for the deny rules and the catastrophic list, never for allow.
//
// # What counts as risky
//
// Risky constructs (a Finding; the verdict is at least ask and the
// prompt offers only Once and Deny):
//   - redirections that write, except to /dev/null, /dev/stdout,
//     /dev/stderr, /dev/tty and /dev/fd/1-2;
//   - eval, source and ".", trap with a command, alias definitions,
//     function definitions, mapfile -C, hash -p, ${x@P};
//   - wrappers: sudo, doas, su, pkexec, env with a command, command
//     (except -v/-V), builtin, exec with a command, nice, nohup, timeout,
//     time (the keyword too), stdbuf, ionice, chrt, taskset, setsid,
//     flock, strace, chroot, systemd-run, watch, parallel, find
//     -exec/-execdir/-ok/-okdir, fd -x/-X, sh/bash/zsh/… -c, ssh with a
//     remote command, git submodule foreach, git bisect run, git rebase
//     --exec, tmux and screen starting commands;
//   - xargs, except with a static command, no -I/-i/-J substitution,
//     and a command that does not delete, move or change the files its
//     input names (rm, mv, cp, chmod, chown, ln, shred, dd, kill…): then
//     xargs needs no rule of its own and its command is judged as a unit;
//   - interpreter code on the command line (python -c, node -e, perl -e,
//     ruby -e, php -r, osascript -e, pwsh -c…), or a program read from
//     standard input, a here-document or a here-string (sh, bash -s,
//     python3 -, at, parallel without a command…);
//   - & and coproc;
//   - assignments, in any form (plain, per command, export/declare/
//     local/readonly, read, printf -v, for, ${x:=}, arithmetic, env and
//     sudo arguments), to variables that change what runs: PATH, IFS,
//     HOME, SHELL, CDPATH, ENV, BASH_ENV, PROMPT_COMMAND, PS0-PS4,
//     LD_*, DYLD_*, GIT_*, *PAGER, LESSOPEN, EDITOR, VISUAL, NODE_OPTIONS,
//     PYTHONPATH, PERL5OPT, GOFLAGS… (see DangerousVar);
//   - options of common programs that run code or write files: awk
//     programs with system(), pipes or print redirection (and -f, -i,
//     @include), sed -i, sed scripts with e, w, W or s///e, s///w, sort
//     -o/--compress-program, rg --pre, tar --to-command,
//     --checkpoint-action, -I, git -c, --config-env, --exec-path=,
//     --output, --upload-pack, --receive-pack, git config writes, ssh/scp
//     -o ProxyCommand and friends, -F, scp -S, rsync -e/--rsync-path, go
//     -exec/-toolexec and go env -w, vim -c/+cmd/--cmd/-S, emacs --eval,
//     man -P/-H, zip -TT, less +!cmd, gdb -ex, curl -o/-O/-K/-T and
//     uploads of local files, wget -O FILE, crontab, cargo --config, npm
//     --script-shell, find -delete/-fprint;
//   - writes by tee, cp, mv, ln, install, dd, truncate into files that
//     change what runs later: shell startup files, ~/.ssh, git hooks,
//     directories on PATH, /etc, nosh's own configuration;
//   - input that does not parse (what can be recovered is still checked,
//     so that a catastrophe next to a syntax error is denied).
//
// Harmless without a rule: the builtins :, true, false, echo, printf,
// cd, pwd, pushd, popd, dirs, test, [, read, getopts, mapfile, shift,
// set, shopt, unset, break, continue, return, exit, wait, type, hash,
// jobs, times, help, command -v/-V, alias and trap that only list,
// exec with only redirections, export/local/declare of ordinary
// variables, plain assignments, [[ ]], (( )) and let; calls to functions
// defined in the same command (their bodies are checked); xargs as
// above; busybox and toybox (their applet is checked). Programs named
// by path are never harmless.
//
// Static analysis looks only at static words: an option hidden in a
// computed argument (sort "$opts") is not flagged, because the run-time
// gate (package gate) sees the expanded argv and applies the same
// checks to it. Code positions are the exception: a computed awk or sed
// program, sh -c "$code" or eval "$code" is risky, since no option
// check can see inside it.
//
// # Catastrophic
//
// Denied whatever the rules or modes say (Decision.Catastrophic):
// recursive rm of /, /*, the top-level system directories, ~, $HOME or
// everything in them (also --no-preserve-root, rm -r * after cd / or cd
// ~, find / -delete, mv of / or ~); chmod, chown and chgrp -R of the
// same; mkfs*, mke2fs and friends; dd, shred, wipefs -a, blkdiscard,
// cp, tee and redirections onto disk devices; fork bombs (a function
// that starts copies of itself in a pipeline or the background); and a
// download run as code: piped into a shell or interpreter reading its
// program from standard input, fed to one by <(…), <<<, < <(…), $(…)
// as its code argument, stored in a variable then eval'ed, or written
// to a file that the same command then runs — also inside wrappers,
// substitutions, sh -c strings and after quoting tricks.
//
// # Answers and rules
//
// Decision.Explain renders the prompt's breakdown; Decision.Offers says
// which answers to offer; Policy.Record applies the answer: Once stores
// nothing, Session keeps SuggestRules' rule for every unit that asked
// until the Policy is discarded, Always also stores them in the
// RuleStore (package rulefile). Decision.Approval is what the answer
// approves for the run, for the gate. Previews show what the operands
// of rm, mv, cp, chmod, chown, chgrp and shred, and computed write
// targets, expand to right now, expanding globs and variables with the
// shell's expander and never running a command substitution.
//
// # Packages
//
// perms itself holds the rules and verdicts: Policy, Rule, Decision,
// Approval, the prompt's explanation, previews and rule suggestions.
// Below it, package analysis walks the command and tracks its values
// (the shell's side), and package programs knows what each program does
// with its arguments (the option allow-lists and handlers); perms joins
// them, programs depends on analysis, and analysis on neither. perms
// keeps the analysis's types under their old names (Unit, Word, Finding,
// Target…) as aliases. Beside them: gate (the run-time check), sandbox
// (Landlock and seccomp), rulefile (the rules on disk), audit (the log)
// and permscli (nosh perms).
package perms
