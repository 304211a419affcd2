// Package assistant is nosh's AI side as the user meets it: `?` turns a
// request into a command that runs only through the permission check (or
// goes to the line editor), `??` runs the agent, whose every command is
// checked, approved, sandboxed and audited, `? explain` breaks a command
// line down, `nosh ask` prints a translation, and the slash commands
// /agent /yolo /clear /new /compact /resume /context /perms /history
// /explain look after its modes and conversations.
//
// An Assistant serves one shell through a small Host interface (run a
// line, run a subshell, the directory and variables, prefill the editor,
// record history); it imports the AI packages (ai/...), the permission
// engine (perms/...) and config, never the shell's core or its REPL. The
// REPL builds it, hands it the lines that start with ? (Handle) and the
// lines the user ran (Typed), and registers its slash commands
// (Commands). The AI's commands run under a Guard the assistant makes
// from the permission gate; for an agent's command it also decides which
// builtins may run (agent_builtins.go), since a builtin runs inside nosh,
// outside the sandbox.
package assistant
