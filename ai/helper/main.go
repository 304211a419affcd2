package helper

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"nosh/ai/client"
	"nosh/config"
)

const usage = `usage: nosh-ai serve          (started by nosh: requests on fd 3, replies on fd 4)
       nosh-ai doctor [--live]  (what nosh doctor runs)
nosh-ai is nosh's helper for AI requests; nosh starts it when needed.
`

// Main runs nosh-ai with its arguments (without the program name) and
// returns its exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "serve":
		return serveMain(stderr)
	case "doctor":
		return Doctor(args[1:], stdout, stderr)
	case "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "nosh-ai: unknown command %q\n%s", args[0], usage)
	return 2
}

// serveMain serves the shell that started it, on descriptors 3 and 4.
func serveMain(stderr io.Writer) int {
	// The helper is in the shell's process group, so the terminal's
	// signals reach it too; the shell handles them and cancels requests
	// over the pipe.
	signal.Ignore(syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	var st syscall.Stat_t
	if syscall.Fstat(3, &st) != nil || syscall.Fstat(4, &st) != nil {
		fmt.Fprint(stderr, "nosh-ai: serve needs its pipes on descriptors 3 and 4: nosh starts it\n")
		return 2
	}
	in, out := os.NewFile(3, "requests"), os.NewFile(4, "replies")
	if err := Serve(context.Background(), in, out); err != nil {
		fmt.Fprintf(stderr, "nosh-ai: %v\n", err)
		return 1
	}
	return 0
}

// Doctor is `nosh doctor [--live]`: what nosh would use to reach its
// model, and with --live whether it answers.
func Doctor(args []string, stdout, stderr io.Writer) int {
	live := false
	for _, a := range args {
		switch a {
		case "--live", "-live":
			live = true
		case "-h", "--help":
			fmt.Fprintln(stdout, "usage: nosh doctor [--live]")
			return 0
		default:
			fmt.Fprintf(stderr, "nosh doctor: unknown argument %q\nusage: nosh doctor [--live]\n", a)
			return 2
		}
	}
	paths := config.ResolvePaths(os.Getenv)
	cfg, warns := config.Load(paths.ConfigFile)
	warns = append(warns, config.ApplyEnv(&cfg, os.Getenv)...)
	return client.Doctor(context.Background(), stdout, client.DoctorInput{
		AI: cfg.AI, Getenv: os.Getenv, ConfigPath: paths.ConfigFile, Warnings: warns, Live: live,
	})
}
