// Package rulefile stores permission rules in a TOML file,
// $XDG_CONFIG_HOME/nosh/permissions.toml:
//
//	allow = ["du", "git status", "ls"]
//	deny = ["git push", "rm -rf"]
//
// The file is the user's: updates replace only the allow and deny arrays
// and keep comments and anything else. Every update takes an flock on a
// lock file beside it, re-reads the file, and replaces it atomically
// (temporary file, fsync, rename, directory fsync), so several shells
// can add rules at once without losing any.
//
// A file that does not parse fails closed: Load returns no allow rules,
// the deny rules a line scan can recover, and an *Error with the line of
// the problem; updates refuse to touch it until it is fixed.
package rulefile
