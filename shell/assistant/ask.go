package assistant

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/interp"

	"nosh/ai"
	"nosh/ai/attach"
	"nosh/ai/redact"
	"nosh/ai/remote"
	"nosh/ai/translate"
	"nosh/config"
	"nosh/config/dialect"
)

// translator is what `?` and `nosh ask` share: the provider, the cleaner
// and the redactor.
type translator struct {
	provider ai.Provider
	cleaner  translate.Cleaner
	redactor *redact.Redactor
}

// newTranslator builds the translator for cfg. known reports whether a
// command name exists, to tell a command from prose.
func newTranslator(cfg config.AI, getenv func(string) string, environ []string, d dialect.Dialect, known func(string) bool) (*translator, error) {
	p, err := remote.New(cfg, getenv)
	if err != nil {
		return nil, err
	}
	return &translator{
		provider: p,
		redactor: redact.New(environ),
		cleaner: translate.Cleaner{
			Parse: func(src string) (int, error) {
				f, err := d.NewParser().Parse(strings.NewReader(src), "")
				if err != nil {
					return 0, err
				}
				return len(f.Stmts), nil
			},
			Known: known,
		},
	}, nil
}

// translate sends text with the rolling context and returns the cleaned
// reply; each streamed event is passed to onEvent (may be nil).
func (t *translator) translate(ctx context.Context, text string, rc *translate.Context, dir string, onEvent func(ai.Event)) (translate.Reply, ai.Response, error) {
	req := translate.Build(text, rc, envInfo(dir, processSystem()), t.redactor)
	resp, err := ai.Collect(t.provider.Stream(ctx, req), onEvent)
	if err != nil {
		return translate.Reply{}, resp, err
	}
	return t.cleaner.Clean(resp.Text), resp, nil
}

// askAttachments expands the @path attachments of a `nosh ask` request
// as `?` does: each file read, redacted, and cut to fit the context
// budget; a file that cannot be attached gets a one-line notice.
func askAttachments(text, dir string, contextTokens int, tr *translator, stderr io.Writer) string {
	plain, refs := attach.Parse(text)
	if len(refs) == 0 {
		return plain
	}
	opt := attach.Options{Dir: dir, Home: os.Getenv("HOME")}
	var files []attach.File
	for _, ref := range refs {
		f, err := attach.Read(ref, opt)
		if err != nil {
			fmt.Fprintf(stderr, "nosh ask: %v; sending the request without it\n", err)
			continue
		}
		files = append(files, f.Map(tr.redactor.String))
	}
	room := translate.Target(contextTokens) - translate.EstimateTokens(plain) - translate.EstimateTokens(translate.SystemPrompt)
	fitted := attach.Fit(files, max(room, translate.Target(contextTokens)/8))
	for i, f := range fitted {
		if f.Omitted > files[i].Omitted {
			fmt.Fprintf(stderr, "nosh ask: @%s: %d of %d lines left out to fit ai.context_tokens\n", f.Path, f.Omitted, f.Lines)
		}
	}
	return translate.WithAttachments(plain, fitted)
}

// envInfo describes where commands run, for the model.
func envInfo(dir string, sys translate.System) translate.Env {
	return translate.Env{OS: runtime.GOOS, Arch: runtime.GOARCH, System: sys, Dir: dir, Shell: translate.ShellDescription}
}

// Ask is `nosh ask TEXT…`: print the command TEXT translates to, for
// editors and scripts. Nothing runs; no context is kept between runs.
func Ask(args []string, stdout, stderr io.Writer) int {
	text := strings.TrimSpace(strings.Join(args, " "))
	if text == "" || text == "-h" || text == "--help" {
		fmt.Fprintln(stderr, "usage: nosh ask TEXT...")
		if text == "" {
			return 2
		}
		return 0
	}
	_, cfg, warns := config.LoadAll(os.Getenv)
	for _, w := range warns {
		fmt.Fprintf(stderr, "nosh: warning: %s\n", w.Error())
	}
	known := func(name string) bool {
		if interp.IsBuiltin(name) {
			return true
		}
		_, err := exec.LookPath(name)
		return err == nil
	}
	tr, err := newTranslator(cfg.AI, os.Getenv, os.Environ(), dialect.Bash, known)
	if err != nil {
		fmt.Fprintf(stderr, "nosh ask: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dir, _ := os.Getwd()
	text = askAttachments(text, dir, cfg.AI.ContextTokens, tr, stderr)
	reply, _, err := tr.translate(ctx, text, nil, dir, nil)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "nosh ask: interrupted")
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "nosh ask: %v\n", err)
		return 1
	case reply.Command == "":
		fmt.Fprintf(stderr, "nosh ask: the model answered in words, not with a command:\n%s\n", reply.Text)
		return 1
	}
	fmt.Fprintln(stdout, reply.Command)
	return 0
}
