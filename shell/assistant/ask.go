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

// translate sends text with the rolling context rc (nil: none) and
// returns the cleaned reply; each streamed event is passed to onEvent
// (may be nil). The usage the provider reports tunes rc's estimates.
func (t *translator) translate(ctx context.Context, text string, rc *translate.Context, env translate.Env, onEvent func(ai.Event)) (translate.Reply, ai.Response, error) {
	req := translate.Build(text, rc, env, t.redactor)
	resp, err := ai.Collect(t.provider.Stream(ctx, req), onEvent)
	if rc != nil {
		rc.Observe(req, resp.Usage)
	}
	if err != nil {
		return translate.Reply{}, resp, err
	}
	return t.cleaner.Clean(resp.Text), resp, nil
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
	// Attachments as `?` attaches them, with no conversation around.
	text, refs := attach.Parse(text)
	notice := func(msg string) { fmt.Fprintf(stderr, "nosh ask: %s\n", msg) }
	files := readAttachments(refs, attach.Options{Dir: dir, Home: os.Getenv("HOME")}, tr.redactor.String, notice)
	env := envInfo(dir, processSystem())
	var none *translate.Context
	base := none.Estimate(translate.Build(text, nil, env, tr.redactor))
	text, _ = fitAttachments(text, files, nil, cfg.AI.ContextTokens, base, notice)
	reply, _, err := tr.translate(ctx, text, nil, env, nil)
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
