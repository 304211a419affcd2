package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"nosh/shell/builtins"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/rewrite"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// What redirections refer to: their files (opened through the runner's
// open handler), their expanded words and their here-document bodies.

// openRedir opens a redirection's file through the runner's open handler
// (where nosh's permission gate checks writes), relative to the shell's
// directory. With noclobber, > refuses to truncate an existing regular
// file.
func (s *Engine) openRedir(ctx context.Context, r *interp.Runner, name string, flags int, clobberCheck bool) (*openFile, error) {
	path := name
	if path != "" && !filepath.IsAbs(path) {
		path = filepath.Join(r.Dir, path)
	}
	noclobber, _ := s.host.SetOptionOn("noclobber")
	if clobberCheck && noclobber {
		o, err := s.openVia(ctx, r, name, flags|syscall.O_EXCL)
		if err == nil {
			return o, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, describeOpenErr(name, err)
		}
		if fi, serr := os.Stat(path); serr == nil && fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: cannot overwrite existing file", name)
		}
		flags &^= syscall.O_TRUNC
	}
	o, err := s.openVia(ctx, r, name, flags)
	if err != nil {
		return nil, describeOpenErr(name, err)
	}
	return o, nil
}

func describeOpenErr(name string, err error) error {
	if errors.Is(err, errExpansion) {
		return err
	}
	return describePathError(name, err)
}

// openVia opens name with the runner's open handler, returning its error
// as is. What it returns must be a file to serve as standard input;
// anything else is copied through a pipe.
func (s *Engine) openVia(ctx context.Context, r *interp.Runner, name string, flags int) (*openFile, error) {
	rwc, err := interpunsafe.Open(r, ctx, name, flags, 0o666, false)
	if err != nil {
		if interpunsafe.Exit(r).FatalExit {
			return nil, errExpansion
		}
		return nil, err
	}
	if f, ok := rwc.(*os.File); ok {
		return &openFile{f: f, w: f, owned: true}, nil
	}
	if flags&(syscall.O_WRONLY|syscall.O_RDWR) != 0 {
		return &openFile{w: rwc, owned: false, closer: rwc}, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		rwc.Close()
		return nil, err
	}
	go func() {
		io.Copy(pw, rwc)
		pw.Close()
		rwc.Close()
	}()
	return &openFile{f: pr, w: pr, owned: true}, nil
}

// describePathError words an open error as sh does: "f: No such file or
// directory".
func describePathError(name string, err error) error {
	return fmt.Errorf("%s: %s", name, builtins.DescribeErrno(err))
}

// redirTarget expands a redirection's word. As in bash, it must expand to
// exactly one field. With noGlob (a non-interactive shell in POSIX mode,
// as bash --posix) the word is not a pattern. text is the word as
// written, for the message, when the rewrite changed it.
func redirTarget(r *interp.Runner, w *syntax.Word, text string, noGlob bool) (string, error) {
	if w == nil {
		return "", fmt.Errorf("missing redirection target")
	}
	if !wordNeedsFields(w) {
		return redirWordLiteral(r, w)
	}
	cfg := interpunsafe.ExpandConfig(r)
	if noGlob {
		cfg = fields.FreshConfig(cfg)
		cfg.ReadDir, cfg.ReadDir2 = nil, nil
	}
	fields, err := expand.Fields(cfg, w)
	if err != nil {
		expandFailed(r, err)
		return "", errExpansion
	}
	if len(fields) != 1 {
		if text == "" {
			text = WordText(w)
		}
		return "", fmt.Errorf("%s: ambiguous redirect", text)
	}
	return fields[0], nil
}

func redirWordLiteral(r *interp.Runner, w *syntax.Word) (string, error) {
	s, err := expand.Literal(interpunsafe.ExpandConfig(r), w)
	if err != nil {
		expandFailed(r, err)
		return "", errExpansion
	}
	return s, nil
}

// wordNeedsFields reports whether expanding w can give other than one
// field: it has unquoted expansions or glob characters.
func wordNeedsFields(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			return true
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[") {
				return true
			}
		}
	}
	return false
}

// hdocBody expands a here-document as sh does: unless its delimiter is
// quoted, parameters, commands and arithmetic are expanded; <<- strips
// leading tabs.
func hdocBody(r *interp.Runner, rd *syntax.Redirect) (string, error) {
	if rd.Hdoc == nil {
		return "", nil
	}
	quoted := hdocQuotedDelim(rd.Word)
	expandWord := func(w *syntax.Word) (string, error) {
		if quoted {
			// The body is literal, even when the parser took a partly
			// quoted delimiter for an unquoted one and parsed expansions.
			var b strings.Builder
			for _, p := range w.Parts {
				if lit, ok := p.(*syntax.Lit); ok {
					b.WriteString(lit.Value)
				} else {
					syntax.NewPrinter().Print(&b, &syntax.Word{Parts: []syntax.WordPart{p}})
				}
			}
			return b.String(), nil
		}
		s, err := expand.Document(interpunsafe.ExpandConfig(r), w)
		if err != nil {
			expandFailed(r, err)
			return "", errExpansion
		}
		return s, nil
	}
	if rd.Op != syntax.DashHdoc {
		return expandWord(rd.Hdoc)
	}
	var out strings.Builder
	var cur []syntax.WordPart
	flush := func() error {
		if out.Len() > 0 {
			out.WriteByte('\n')
		}
		s, err := expandWord(&syntax.Word{Parts: cur})
		cur = nil
		out.WriteString(s)
		return err
	}
	for _, p := range rd.Hdoc.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			cur = append(cur, p)
			continue
		}
		for i, line := range strings.Split(lit.Value, "\n") {
			if i > 0 {
				if err := flush(); err != nil {
					return "", err
				}
			}
			if i > 0 || len(cur) == 0 {
				line = strings.TrimLeft(line, "\t")
			}
			cur = append(cur, &syntax.Lit{Value: line})
		}
	}
	if err := flush(); err != nil {
		return "", err
	}
	return out.String(), nil
}

// hdocQuotedDelim reports whether a here-document's delimiter is quoted
// (rewrite.HdocQuotedDelim).
func hdocQuotedDelim(w *syntax.Word) bool { return rewrite.HdocQuotedDelim(w) }
