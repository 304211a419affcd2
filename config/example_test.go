package config

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/BurntSushi/toml"
)

const examplePath = "../examples/config.toml"

func readExample(tb testing.TB) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.FromSlash(examplePath))
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// exampleKeyLine is a key or table header the example shows commented out
// ("# key = value"); the provider examples in the header are indented
// further and do not match.
var exampleKeyLine = regexp.MustCompile(`(?m)^# ([a-z_]+ = .*|\[[a-z_.]+\])$`)

func uncommentExample(tb testing.TB, src string) string {
	tb.Helper()
	return exampleKeyLine.ReplaceAllString(src, "$1")
}

// The example, as shipped, sets keys only to their defaults.
func TestExampleIsDefaults(t *testing.T) {
	c, ws := Parse(examplePath, []byte(readExample(t)))
	if len(ws) != 0 {
		t.Fatalf("example has warnings:\n%s", warningLines(ws))
	}
	if !reflect.DeepEqual(c, Default()) {
		t.Errorf("example config =\n%s\nwant the defaults\n%s", c.Dump(), Default().Dump())
	}
}

// With its commented keys enabled, the example is valid and shows every
// key of the schema, so it cannot drift from Config.
func TestExampleHasEveryKey(t *testing.T) {
	src := uncommentExample(t, readExample(t))
	if _, ws := Parse(examplePath, []byte(src)); len(ws) != 0 {
		t.Fatalf("uncommented example has warnings:\n%s", warningLines(ws))
	}
	var m map[string]any
	md, err := toml.Decode(src, &m)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range schemaKeys(reflect.TypeFor[Config]()) {
		if !md.IsDefined(key...) {
			t.Errorf("examples/config.toml does not show %s", key)
		}
	}
}

// schemaKeys lists the TOML keys of every field of t, a struct of
// sections.
func schemaKeys(t reflect.Type) []toml.Key {
	var keys []toml.Key
	for i := range t.NumField() {
		st := t.Field(i).Type
		for j := range st.NumField() {
			keys = append(keys, toml.Key{tagName(t.Field(i)), tagName(st.Field(j))})
		}
	}
	return keys
}

// Every number and enumeration is validated, so no key silently accepts a
// negative count or a typo.
func TestEveryNumberHasACheck(t *testing.T) {
	ct := reflect.TypeFor[Config]()
	for _, key := range schemaKeys(ct) {
		section, _ := ct.FieldByName(fieldName(ct, key[0]))
		f, _ := section.Type.FieldByName(fieldName(section.Type, key[1]))
		switch f.Type.Kind() {
		case reflect.Int, reflect.Float64:
			if configSchema().checks[key.String()] == nil {
				t.Errorf("%s is a number without a check", key)
			}
		}
	}
	for key := range configSchema().checks {
		if !slicesContainsKey(schemaKeys(ct), key) {
			t.Errorf("check for %s, which is not in the schema", key)
		}
	}
}

func fieldName(t reflect.Type, tag string) string {
	return t.Field(fieldIndex(t, tag)).Name
}

func slicesContainsKey(keys []toml.Key, s string) bool {
	for _, k := range keys {
		if k.String() == s {
			return true
		}
	}
	return false
}
