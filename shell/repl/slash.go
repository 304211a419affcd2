package repl

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"nosh/shell/linekind"
	"nosh/shell/markdown"
)

// slashCommand is one of the interactive /commands.
type slashCommand struct {
	help string
	// run runs it: line is the whole line as typed, args its words after
	// the name.
	run func(ctx context.Context, line string, args []string) int
}

// slashCommands are the session's slash commands: the REPL's own and the
// assistant's. A line is one only when its whole first word is one of
// them and no file of that name exists (so /bin/ls still runs ls).
func (se *session) slashCommands() map[string]slashCommand {
	own := func(f func(*session, context.Context, []string) int) func(context.Context, string, []string) int {
		return func(ctx context.Context, _ string, args []string) int { return f(se, ctx, args) }
	}
	m := map[string]slashCommand{
		"/help":   {"list the slash commands and what a line can start with", own((*session).slashHelp)},
		"/config": {"show nosh's files; `/config edit` opens config.toml in $EDITOR", own((*session).slashConfig)},
		"/reload": {"re-read config.toml and init.sh", own((*session).slashReload)},
	}
	for _, c := range se.assistant.Commands() {
		m[c.Name] = slashCommand{c.Help, c.Run}
	}
	return m
}

// isSlash reports whether word is a slash command of the session: in
// its table, and no file of that name exists (so /bin/ls still runs ls).
func (se *session) isSlash(word string) bool {
	if _, ok := se.slash[word]; !ok {
		return false
	}
	_, err := os.Stat(word)
	return err != nil
}

// slashCommand runs line if it is a slash command (linekind.Classify).
func (se *session) slashCommand(ctx context.Context, line string) (handled bool, status int) {
	l := linekind.Classify(line, se.isSlash)
	if l.Kind != linekind.Slash {
		return false, 0
	}
	return true, se.slash[l.Marker].run(ctx, line, strings.Fields(line)[1:])
}

func (se *session) slashHelp(ctx context.Context, args []string) int {
	w := se.sh.stdout
	fmt.Fprintln(w, "A line is run as a shell command, unless it starts with:")
	fmt.Fprintln(w, "  ? TEXT      ask the AI to translate TEXT into a command")
	fmt.Fprintln(w, "  ?? TEXT     let the AI investigate with commands you allow, then answer")
	fmt.Fprintln(w, "  /COMMAND    one of:")
	names := make([]string, 0, len(se.slash))
	for name := range se.slash {
		names = append(names, name)
	}
	sort.Strings(names)
	// Descriptions wrap at word boundaries under their own column, not
	// mid-word at the terminal's edge.
	width, _, _ := se.size.get()
	if width < 1 {
		width = 80
	}
	for _, name := range names {
		lead := fmt.Sprintf("    %-10s ", name)
		fmt.Fprintf(w, "%s%s\n", lead, markdown.Hanging(se.slash[name].help, width, len(lead), len(lead)))
	}
	return 0
}

func (se *session) slashConfig(ctx context.Context, args []string) int {
	w := se.sh.stdout
	if len(args) > 0 && args[0] == "edit" {
		editor, _ := se.sh.Var("VISUAL")
		if editor == "" {
			editor, _ = se.sh.Var("EDITOR")
		}
		if editor == "" {
			editor = "vi"
		}
		if err := os.MkdirAll(se.paths.ConfigDir, 0o700); err != nil {
			fmt.Fprintf(se.sh.stderr, "/config: %v\n", err)
			return 1
		}
		_, st := se.sh.RunQuoted(ctx, editor+" ", se.paths.ConfigFile)
		if st == 0 {
			se.loadConfig()
		}
		return st
	}
	state := func(p string) string {
		if _, err := os.Stat(p); err != nil {
			return "(absent)"
		}
		return ""
	}
	fmt.Fprintf(w, "config       %s %s\n", se.paths.ConfigFile, state(se.paths.ConfigFile))
	fmt.Fprintf(w, "init         %s %s\n", se.paths.InitFile, state(se.paths.InitFile))
	fmt.Fprintf(w, "permissions  %s %s\n", se.paths.PermissionsFile, state(se.paths.PermissionsFile))
	fmt.Fprintf(w, "state        %s\n", se.paths.StateDir)
	fmt.Fprintln(w, "\nEffective configuration:")
	fmt.Fprint(w, se.cfg.Dump())
	return 0
}

func (se *session) slashReload(ctx context.Context, args []string) int {
	se.loadConfig()
	if !se.opts.NoRC {
		path := se.sh.rcFile(ctx, se.opts, se.paths.InitFile)
		if exited, st := se.sh.SourceFile(ctx, path, true); exited {
			return st
		}
	}
	fmt.Fprintln(se.sh.stderr, "nosh: configuration and init.sh reloaded")
	return 0
}
