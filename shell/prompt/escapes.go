package prompt

import "nosh/shell/internal/prompttext"

// Data is what prompt escapes and the built-in prompt draw from.
type Data = prompttext.Data

// Snapshot fills the parts of Data that come from the process: user,
// host, uid and the time (read once per process).
func Snapshot() Data { return prompttext.Snapshot() }

// TildeDir is dir with $HOME shown as ~, as \w shows it.
func TildeDir(dir, home string) string { return prompttext.TildeDir(dir, home) }

// Expand expands the backslash escapes of bash's prompts in ps.
func Expand(ps string, d Data) string { return prompttext.Expand(ps, d) }
