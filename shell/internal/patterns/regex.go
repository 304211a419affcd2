package patterns

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// RegexWord expands the right side of =~: its quoted parts (and escaped
// characters) match literally.
func RegexWord(cfg *expand.Config, w *syntax.Word) (string, error) {
	var b strings.Builder
	for _, p := range w.Parts {
		text, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{p}})
		if err != nil {
			return "", err
		}
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			text = regexp.QuoteMeta(text)
		case *syntax.Lit:
			text = quoteRegexEscapes(p.Value)
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// quoteRegexEscapes keeps a literal's regular expression, with each
// character escaped by a backslash meaning itself.
func quoteRegexEscapes(lit string) string {
	if !strings.Contains(lit, `\`) {
		return lit
	}
	var b strings.Builder
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\\' && i+1 < len(lit) {
			i++
			b.WriteString(regexp.QuoteMeta(lit[i : i+1]))
			continue
		}
		b.WriteByte(lit[i])
	}
	return b.String()
}
