package config

import (
	"reflect"
	"testing"

	"github.com/BurntSushi/toml"
)

// FuzzParse checks that Parse never panics, and that dropping comment
// lines before parsing never changes what a valid document means.
func FuzzParse(f *testing.F) {
	f.Add(readExample(f))
	f.Add(uncommentExample(f, readExample(f)))
	f.Add("[ai]\ncontext_size = \"ten\"\n[editor.colors]\nx = 1\n")
	f.Add("x = \"\"\"\n# a\n\"\"\"\n")
	f.Add("a = [\n# c\n1]\n")
	f.Fuzz(func(t *testing.T, src string) {
		Parse("f.toml", []byte(src))
		ParseProject("f.toml", []byte(src))

		var want, got map[string]any
		if _, err := toml.Decode(src, &want); err != nil {
			return
		}
		if _, err := toml.Decode(withoutCommentLines([]byte(src)), &got); err != nil {
			t.Fatalf("valid document fails without its comment lines: %v", err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("comment lines changed the document:\n%#v\n%#v", got, want)
		}
	})
}
