package programs

import (
	"strings"
	"sync"

	"nosh/perms/analysis"
)

// Some commands ask a process already running outside the agent's
// sandbox to act for them: a service manager, a scheduler, a container
// engine, a terminal multiplexer's server, an editor's server, the
// desktop. What that process does is not confined, so for the agent such
// a command is a change outside the sandbox, asked about whatever the
// rules say and never approved by YOLO. (From Landlock ABI 9 the kernel
// also keeps the sandbox from connecting to sockets made outside it.)

// viaDaemon returns why the unit has a daemon act for it, or "".
func viaDaemon(c *analysis.Cmd) string {
	sub := ""
	if len(c.Args) > 0 && c.Args[0].IsStatic() {
		sub = c.Args[0].Value
	}
	has := func(words ...string) bool {
		for _, w := range c.Args {
			if w.IsStatic() && contains(words, w.Value) {
				return true
			}
		}
		return false
	}
	switch c.Base {
	case "systemd-run", "at", "batch", "crontab", "xdotool", "ydotool", "wtype", "xdg-open", "gio",
		"dbus-send", "gdbus", "qdbus", "busctl", "emacsclient", "kitty", "wezterm", "osascript":
		switch {
		case c.Base == "crontab" && analysis.FlagsOf(c.Args).Has('l'):
			return ""
		case (c.Base == "at" || c.Base == "batch") && (analysis.FlagsOf(c.Args).Has('l') || sub == "-l"):
			return ""
		case c.Base == "busctl" && !has("call", "set-property", "emit"):
			return ""
		case c.Base == "gio" && sub != "open" && sub != "launch":
			return ""
		case c.Base == "kitty" && sub != "@":
			return ""
		case c.Base == "wezterm" && sub != "cli":
			return ""
		}
		return "asks a service outside the sandbox to run or change something"
	case "systemctl", "loginctl", "machinectl":
		if has("start", "stop", "restart", "reload", "try-restart", "reload-or-restart", "kill", "enable", "disable",
			"reenable", "mask", "unmask", "link", "edit", "set-property", "isolate", "daemon-reload", "preset",
			"revert", "set-environment", "import-environment", "terminate-session", "terminate-user",
			"kill-session", "kill-user", "poweroff", "reboot", "suspend", "hibernate", "halt", "shell", "login") {
			return "asks the service manager, outside the sandbox, to change the system"
		}
	case "docker", "podman", "nerdctl":
		if has("run", "exec", "create", "start", "restart", "compose", "build", "buildx", "cp", "commit", "rm",
			"rmi", "kill", "stop", "prune", "load", "import", "volume", "network", "system", "update") {
			return "asks the container engine, outside the sandbox, to act"
		}
	case "tmux":
		// Every tmux command is asked of the server, outside the
		// sandbox; those that only show are listed, and any other
		// (set-hook, bind-key, paste-buffer, send-keys…) may run commands.
		if !tmuxReadOnly(c.Args) {
			return "asks the tmux server, outside the sandbox, to act (which can run commands)"
		}
	case "screen":
		if analysis.FlagsOf(c.Args).Has('X') {
			return "asks a running screen, outside the sandbox, to run commands"
		}
	case "nvim", "vim":
		for _, w := range c.Args {
			if w.IsStatic() && (strings.HasPrefix(w.Value, "--remote") || w.Value == "--server" || w.Value == "--servername") {
				return "asks a running editor, outside the sandbox, to act"
			}
		}
	}
	return ""
}

// daemonTarget records that the unit has a daemon act for it.
func daemonTarget(c *analysis.Cmd) {
	if why := viaDaemon(c); why != "" {
		c.Analyzer.Targets = append(c.Analyzer.Targets, analysis.Target{Text: c.Unit().String(), Path: "via " + c.Base, Op: analysis.ViaDaemon, Why: why})
	}
}

// tmuxShows are tmux's commands that only show the server's state.
func tmuxShows() map[string]bool {
	tmuxShowsOnce.Do(func() { tmuxShowsValue = makeTmuxShows() })
	return tmuxShowsValue
}

var (
	tmuxShowsOnce  sync.Once
	tmuxShowsValue map[string]bool
)

func makeTmuxShows() map[string]bool {
	return map[string]bool{"list-sessions": true, "ls": true, "list-windows": true, "lsw": true,
		"list-panes": true, "lsp": true, "list-clients": true, "lsc": true, "list-buffers": true, "lsb": true,
		"show-options": true, "show": true, "show-window-options": true, "showw": true, "show-environment": true,
		"showenv": true, "display-message": true, "display": true, "capture-pane": true, "capturep": true,
		"has-session": true, "has": true, "info": true, "server-info": true, "list-keys": true, "lsk": true,
		"list-commands": true, "lscm": true, "show-buffer": true, "showb": true, "show-hooks": true,
		"show-messages": true, "showmsgs": true, "-V": true}
}

// tmuxReadOnly reports whether a tmux command line only shows: its
// global options take no command (-c runs one) and every command of it
// (separated by ;) is one that shows.
func tmuxReadOnly(ws []analysis.Word) bool {
	i := 0
	for i < len(ws) && ws[i].IsStatic() && strings.HasPrefix(ws[i].Value, "-") && ws[i].Value != "-V" {
		v := ws[i].Value
		if strings.ContainsAny(v, "c") {
			return false // -c runs a shell command
		}
		if strings.ContainsAny(v[len(v)-1:], "LSfT") {
			i++ // its argument
		}
		i++
	}
	if i >= len(ws) {
		return false // starts a session
	}
	expectCmd := true
	for _, w := range ws[i:] {
		if !w.IsStatic() {
			return false
		}
		if expectCmd && !tmuxShows()[w.Value] {
			return false
		}
		expectCmd = w.Value == ";" || strings.HasSuffix(w.Value, ";")
	}
	return true
}
