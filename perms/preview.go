package perms

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/perms/analysis"
)

// Previews show what the arguments of commands that destroy or change
// files expand to right now, with the shell's expander: globs and
// variables are expanded, command substitutions are not (nothing is run
// to make a preview).

// previewedTable lists the commands whose operands are previewed, and
// how many leading operands (a mode, an owner) are not paths.
func previewedTable() map[string]int {
	return map[string]int{"rm": 0, "mv": 0, "cp": 0, "chmod": 1, "chown": 1, "chgrp": 1, "shred": 0}
}

// maxPreviewPaths bounds the paths listed in one preview.
const maxPreviewPaths = 12

var errNoSubst = errors.New("not run for a preview")

// roEnv hides an environment's write methods, so that ${x:=y} cannot
// assign, and sets PWD to the directory globs are expanded in.
type roEnv struct {
	env expand.Environ
	dir string
}

func (e roEnv) Get(name string) expand.Variable {
	if name == "PWD" && e.dir != "" {
		return expand.Variable{Set: true, Kind: expand.String, Str: e.dir}
	}
	if e.env == nil {
		return expand.Variable{}
	}
	return e.env.Get(name)
}

func (e roEnv) Each(f func(string, expand.Variable) bool) {
	if e.env != nil {
		e.env.Each(f)
	}
}

func (p *Policy) previewConfig(le *lazyEnv) *expand.Config {
	env, dir := le.get(), le.directory()
	return &expand.Config{
		Env:       roEnv{env: env, dir: dir},
		CmdSubst:  func(io.Writer, *syntax.CmdSubst) error { return errNoSubst },
		ProcSubst: func(*syntax.ProcSubst) (string, error) { return "", errNoSubst },
		ReadDir2:  os.ReadDir,
	}
}

// addPreviews fills in d.Previews and the expansions of computed write
// targets.
func (p *Policy) addPreviews(d *Decision, le *lazyEnv) {
	var cfg *expand.Config
	config := func() *expand.Config {
		if cfg == nil {
			cfg = p.previewConfig(le)
		}
		return cfg
	}
	dir := func() string { return config().Env.Get("PWD").String() }
	cd := false
	for _, u := range d.Units {
		base, _ := u.Base()
		if base == "cd" || base == "pushd" || base == "popd" {
			cd = true
		}
		skip, ok := ruleTables().previewed[base]
		if !ok {
			continue
		}
		var paths []string
		var notes []string
		for _, w := range analysis.Operands(u.Argv()[1:]) {
			if skip > 0 {
				skip--
				continue
			}
			got, note := expandWord(config(), w)
			for _, g := range got {
				paths = append(paths, markDir(dir(), g))
			}
			if note != "" {
				notes = append(notes, note)
			}
		}
		if len(paths) == 0 && len(notes) == 0 {
			continue
		}
		if cd {
			notes = append(notes, "after a cd, paths may differ")
		}
		d.Previews = append(d.Previews, Preview{Text: analysis.FirstLine(u.String()), Paths: paths, Note: strings.Join(notes, "; ")})
	}
	for i := range d.Findings {
		f := &d.Findings[i]
		if f.Kind != analysis.KindRedirect || !f.Computed {
			continue
		}
		if f.Node == nil {
			continue
		}
		if v, err := literal(config(), f.Node); err == nil {
			f.Expands = []string{v}
			d.Previews = append(d.Previews, Preview{Text: f.Text, Paths: f.Expands})
		} else {
			d.Previews = append(d.Previews, Preview{Text: f.Text, Note: "cannot expand: " + err.Error()})
		}
	}
}

// expandWord expands one word for a preview.
func expandWord(cfg *expand.Config, w analysis.Word) (paths []string, note string) {
	defer func() {
		// expand panics on a few constructs it does not implement; a
		// preview is not worth a crash.
		if r := recover(); r != nil {
			paths, note = nil, w.Value+" cannot be expanded"
		}
	}()
	if w.IsStatic() {
		return []string{w.Value}, ""
	}
	if w.Node == nil {
		return nil, w.Value + " cannot be expanded"
	}
	fields, err := expand.Fields(cfg, w.Node)
	if err != nil {
		return nil, w.Value + ": " + err.Error()
	}
	return fields, ""
}

// String renders a preview: "rm *.log → 3 files: a.log b.log c.log".
func (pv Preview) String() string {
	var sb strings.Builder
	sb.WriteString(pv.Text)
	sb.WriteString(" →")
	switch n := len(pv.Paths); n {
	case 0:
		sb.WriteString(" nothing")
	case 1:
		sb.WriteString(" 1 file:")
	default:
		fmt.Fprintf(&sb, " %d files:", n)
	}
	for i, path := range pv.Paths {
		if i == maxPreviewPaths {
			fmt.Fprintf(&sb, " … and %d more", len(pv.Paths)-i)
			break
		}
		sb.WriteByte(' ')
		sb.WriteString(analysis.QuoteWord(path))
	}
	if pv.Note != "" {
		sb.WriteString(" (")
		sb.WriteString(pv.Note)
		sb.WriteByte(')')
	}
	return sb.String()
}

// markDir appends a slash to the name of a directory, for display.
func markDir(dir, p string) string {
	full := p
	if !filepath.IsAbs(p) {
		full = filepath.Join(dir, p)
	}
	if fi, err := os.Lstat(full); err == nil && fi.IsDir() && !strings.HasSuffix(p, "/") {
		return p + "/"
	}
	return p
}

// literal is expand.Literal, recovering from its panics.
func literal(cfg *expand.Config, w *syntax.Word) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot expand: %v", r)
		}
	}()
	return expand.Literal(cfg, w)
}
