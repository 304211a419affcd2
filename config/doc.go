// Package config reads nosh's settings: config.toml, the project-local
// .nosh.toml, and the NOSH_AI_* environment overrides, and says where
// nosh's files live.
//
// The user-facing contract:
//
//   - config.toml is $NOSH_CONFIG, else $XDG_CONFIG_HOME/nosh/config.toml
//     (default ~/.config/nosh/config.toml); see [ResolvePaths] for every
//     other path (init.sh, permissions.toml, history, audit log, …).
//   - Every key is optional: [Default] holds the value of each key the file
//     does not set. examples/config.toml in the repository lists them all.
//   - NOSH_AI_PROVIDER, NOSH_AI_BASE_URL and NOSH_AI_MODEL win over the
//     file ([ApplyEnv]). The API key is never part of [Config].
//   - A .nosh.toml in the working directory or a parent may only tighten
//     permissions ([LoadProject]).
//
// A login shell must start even with a broken configuration, so nothing
// here fails: [Load] and [LoadProject] return what they could use plus a
// list of [Warning] values, each naming the file, line and key at fault.
// One bad key costs only that key: a syntax error, which makes the whole
// file unreadable, is the only case where every key falls back to its
// default.
//
// The package depends only on the standard library and
// github.com/BurntSushi/toml, so that every other package may import it.
package config
