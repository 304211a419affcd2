package config

import "path/filepath"

// Paths are the files and directories nosh reads and writes. A field is
// empty when it cannot be worked out (no usable $HOME and no XDG
// variable): callers then skip that file rather than guess a path.
type Paths struct {
	// ConfigFile is config.toml: $NOSH_CONFIG, else ConfigDir/config.toml.
	ConfigFile string
	// ConfigDir is $XDG_CONFIG_HOME/nosh (default ~/.config/nosh).
	ConfigDir string
	// InitFile is ConfigDir/init.sh, the interactive rc file. $ENV, which
	// POSIX says replaces it, is the shell's business.
	InitFile string
	// PermissionsFile is ConfigDir/permissions.toml, the persisted
	// permission rules.
	PermissionsFile string
	// StateDir is $XDG_STATE_HOME/nosh (default ~/.local/state/nosh).
	StateDir string
	// HistoryFile is StateDir/history (config.toml's history.file may
	// override it; see [History]).
	HistoryFile string
	// AuditFile is StateDir/audit.jsonl, the log of AI-run commands.
	AuditFile string
	// TranscriptDir is StateDir/transcripts, the saved conversations.
	TranscriptDir string
	// CrashDir is StateDir/crash, where crash reports are written.
	CrashDir string
}

// ResolvePaths works out [Paths] from the environment as read by getenv
// (os.Getenv, or a fake in tests). It touches no file. Relative
// XDG_CONFIG_HOME or XDG_STATE_HOME values are ignored, as the XDG Base
// Directory specification requires; $NOSH_CONFIG is used as given.
func ResolvePaths(getenv func(string) string) Paths {
	home := getenv("HOME")
	var p Paths
	if dir := xdgHome(getenv("XDG_CONFIG_HOME"), home, ".config"); dir != "" {
		p.ConfigDir = filepath.Join(dir, "nosh")
		p.ConfigFile = filepath.Join(p.ConfigDir, "config.toml")
		p.InitFile = filepath.Join(p.ConfigDir, "init.sh")
		p.PermissionsFile = filepath.Join(p.ConfigDir, "permissions.toml")
	}
	if f := getenv("NOSH_CONFIG"); f != "" {
		p.ConfigFile = f
	}
	if dir := xdgHome(getenv("XDG_STATE_HOME"), home, filepath.Join(".local", "state")); dir != "" {
		p.StateDir = filepath.Join(dir, "nosh")
		p.HistoryFile = filepath.Join(p.StateDir, "history")
		p.AuditFile = filepath.Join(p.StateDir, "audit.jsonl")
		p.TranscriptDir = filepath.Join(p.StateDir, "transcripts")
		p.CrashDir = filepath.Join(p.StateDir, "crash")
	}
	return p
}

// xdgHome is the base directory named by an XDG variable's value, else
// home/fallback; "" when neither is an absolute path.
func xdgHome(value, home, fallback string) string {
	if filepath.IsAbs(value) {
		return value
	}
	if filepath.IsAbs(home) {
		return filepath.Join(home, fallback)
	}
	return ""
}
