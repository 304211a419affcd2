package assistant

import "context"

// Command is one of the assistant's slash commands, for the REPL's table.
type Command struct {
	Name, Help string
	// Run runs the command: line is the whole line as typed, args its
	// words after the name. It returns the status.
	Run func(ctx context.Context, line string, args []string) int
}

// Commands are the assistant's slash commands.
func (a *Assistant) Commands() []Command {
	words := func(f func(context.Context, []string) int) func(context.Context, string, []string) int {
		return func(ctx context.Context, _ string, args []string) int { return f(ctx, args) }
	}
	return []Command{
		{"/clear", "forget the AI's rolling context: start a new conversation (as /new)", words(a.slashClear)},
		{"/new", "start a new, empty AI conversation (the current one stays saved)", words(a.slashNew)},
		{"/compact", "summarise the older exchanges of the conversation now (one request)", words(a.slashCompact)},
		{"/resume", "N: continue saved conversation N (see /history); alone, the latest", words(a.slashResume)},
		{"/context", "show exactly what the next ? request would send", words(a.slashContext)},
		{"/agent", "on|off: whether ?? runs the agent (off: ?? translates)", words(a.slashAgent)},
		{"/yolo", "on|off: let the agent run commands without asking (deny rules still hold)", words(a.slashYolo)},
		{"/perms", "list|allow|deny|rm|check: the permission rules, as `nosh perms`", words(a.slashPerms)},
		{"/history", "list saved AI conversations; /history N shows one", words(a.slashHistory)},
		{"/explain", "COMMAND: what a command line does, part by part, and its risks (nothing runs)", a.slashExplain},
	}
}
