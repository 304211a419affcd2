// Package ai is what nosh's AI features share, without any network code:
// the [Provider] interface and the values that flow through it ([Request],
// [Event], [Response], [*Error]), the provider presets, and [Resolve],
// which checks an [ai] section of config.toml.
//
// Providers are built elsewhere: package nosh/ai/client speaks HTTP to the
// three wire formats, and runs in the helper process nosh-ai; package
// nosh/ai/remote is the shell's side of that helper. A shell that never
// uses the AI so never links the HTTP and TLS stacks.
package ai
