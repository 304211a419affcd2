package prompt

import "nosh/shell/internal/promptesc"

// Data is what prompt escapes and the built-in prompt draw from.
type Data = promptesc.Data

// Snapshot fills the parts of Data that come from the process: user,
// host, uid and the time (promptesc.Snapshot).
func Snapshot() Data { return promptesc.Snapshot() }

// TildeDir is dir with $HOME replaced by ~.
func TildeDir(dir, home string) string { return promptesc.TildeDir(dir, home) }

// Expand replaces bash's prompt escapes in ps (promptesc.Expand).
func Expand(ps string, d Data) string { return promptesc.Expand(ps, d) }

// userName is \u's user name (promptesc.UserName), for the tests.
func userName(uid int, getenv func(string) string) string { return promptesc.UserName(uid, getenv) }
