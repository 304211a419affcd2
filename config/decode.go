package config

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// schema says how to decode one kind of file: a TOML document of tables
// ("sections") into a struct whose fields are structs, such as [Config].
//
// Keys are decoded one at a time from toml.Primitive values, so a key of
// the wrong type or with a bad value costs only that key. (Decoding the
// whole struct at once stops at the first mismatch and leaves the rest
// half-filled.)
type schema struct {
	// checks validate a decoded value, by dotted key.
	checks map[string]check
	// entries validate each entry of a map field, by the map's dotted key.
	entries map[string]entryCheck
	// unknown says why a key the struct does not have is ignored.
	unknown func(key toml.Key) string
	// defaults is true when the struct holds defaults, so a rejected key
	// is reported as "using the default X" rather than "ignored".
	defaults bool
}

// check validates one decoded value; an error rejects it.
type check func(v any) error

// entryCheck validates one entry of a map field.
type entryCheck func(name string, v any) error

// decode fills dst (a pointer to a struct of structs) from data, read
// from file, and returns what it had to ignore. A syntax error leaves dst
// untouched.
func (s *schema) decode(file string, data []byte, dst any) []Warning {
	var top map[string]toml.Primitive
	md, err := toml.Decode(withoutCommentLines(data), &top)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return []Warning{{File: file, Line: pe.Position.Line,
				Msg: "syntax error: " + pe.Message + "; the whole file is ignored"}}
		}
		return []Warning{{File: file, Msg: err.Error() + "; the whole file is ignored"}}
	}
	d := decoder{schema: s, file: file, md: md}
	root := reflect.ValueOf(dst).Elem()
	for name, p := range top {
		key := toml.Key{name}
		if i := fieldIndex(root.Type(), name); i >= 0 {
			d.section(key, p, root.Field(i))
		} else {
			d.warn(key, p, s.unknown(key))
		}
	}
	// The maps above are visited in random order; report in file order.
	slices.SortFunc(d.warnings, func(a, b Warning) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Key, b.Key))
	})
	return d.warnings
}

// withoutCommentLines empties every line that is only a comment, keeping
// the newlines so that line numbers do not move. The toml lexer spends
// ≈40 ns on each character of a comment, which made comments three
// quarters of the start-up cost of a documented config file. A line
// starting with # is content inside a multi-line string, so a file with
// one is left alone.
func withoutCommentLines(data []byte) string {
	if bytes.Contains(data, []byte(`"""`)) || bytes.Contains(data, []byte("'''")) {
		return string(data)
	}
	var b strings.Builder
	b.Grow(len(data))
	for len(data) > 0 {
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		if t := bytes.TrimLeft(line, " \t"); len(t) == 0 || t[0] != '#' {
			b.Write(line)
		}
		if found {
			b.WriteByte('\n')
		}
		data = rest
	}
	return b.String()
}

// decoder is the state of one schema.decode call.
type decoder struct {
	*schema
	file     string
	md       toml.MetaData
	warnings []Warning
}

func (d *decoder) section(key toml.Key, p toml.Primitive, v reflect.Value) {
	if !d.isTable(key) {
		what := "ignored"
		if d.defaults {
			what = "using the defaults for [" + key.String() + "]"
		}
		d.warn(key, p, fmt.Sprintf("want a table, got %s; %s", typeName(d.md.Type(key...)), what))
		return
	}
	var keys map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(p, &keys); err != nil {
		d.warn(key, p, fmt.Sprintf("%s; ignored", libMessage(err)))
		return
	}
	for name, fp := range keys {
		fkey := append(key[:len(key):len(key)], name)
		if i := fieldIndex(v.Type(), name); i >= 0 {
			d.field(fkey, fp, v.Field(i))
		} else {
			d.warn(fkey, fp, d.unknown(fkey))
		}
	}
}

func (d *decoder) field(key toml.Key, p toml.Primitive, f reflect.Value) {
	if f.Kind() == reflect.Map {
		d.table(key, p, f)
		return
	}
	nv := reflect.New(f.Type())
	if err := d.md.PrimitiveDecode(p, nv.Interface()); err != nil {
		d.reject(key, p, f, d.typeProblem(key, f.Type(), err))
		return
	}
	if c := d.checks[key.String()]; c != nil {
		if err := c(nv.Elem().Interface()); err != nil {
			d.reject(key, p, f, err.Error())
			return
		}
	}
	if nv.Elem().Kind() == reflect.Slice && nv.Elem().Len() == 0 {
		f.SetZero() // [] is as good as unset, and Dump round-trips
		return
	}
	f.Set(nv.Elem())
}

// table decodes a map field entry by entry, so that one bad entry is
// dropped and the others kept.
func (d *decoder) table(key toml.Key, p toml.Primitive, f reflect.Value) {
	if !d.isTable(key) {
		d.reject(key, p, f, d.typeProblem(key, f.Type(), nil))
		return
	}
	var entries map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(p, &entries); err != nil {
		d.reject(key, p, f, libMessage(err))
		return
	}
	if len(entries) == 0 {
		f.SetZero() // as the defaults have it, so that Dump round-trips
		return
	}
	m := reflect.MakeMapWithSize(f.Type(), len(entries))
	c := d.entries[key.String()]
	for name, ep := range entries {
		ekey := append(key[:len(key):len(key)], name)
		nv := reflect.New(f.Type().Elem())
		if err := d.md.PrimitiveDecode(ep, nv.Interface()); err != nil {
			d.warn(ekey, ep, d.typeProblem(ekey, f.Type().Elem(), err)+"; ignored")
			continue
		}
		if c != nil {
			if err := c(name, nv.Elem().Interface()); err != nil {
				d.warn(ekey, ep, err.Error()+"; ignored")
				continue
			}
		}
		m.SetMapIndex(reflect.ValueOf(name).Convert(f.Type().Key()), nv.Elem())
	}
	f.Set(m)
}

// isTable reports whether key holds a table. It asks MetaData.Type
// because decoding a non-table into a map silently yields an empty map.
// Implicit tables (the "a" of "a.b = 1") have no type.
func (d *decoder) isTable(key toml.Key) bool {
	t := d.md.Type(key...)
	return t == "" || t == "Hash"
}

// reject warns that key's value is not used; f keeps its value.
func (d *decoder) reject(key toml.Key, p toml.Primitive, f reflect.Value, problem string) {
	what := "ignored"
	if d.defaults {
		what = "using the default " + tomlValue(f)
	}
	d.warn(key, p, problem+"; "+what)
}

func (d *decoder) warn(key toml.Key, p toml.Primitive, msg string) {
	d.warnings = append(d.warnings, Warning{File: d.file, Line: d.line(p), Key: key.String(), Msg: msg})
}

// errProbe is returned by [probe] to learn where a value is.
var errProbe = errors.New("position probe")

// probe fails to decode on purpose: toml wraps an Unmarshaler's error in
// a ParseError carrying the position of the key being decoded, which
// MetaData does not otherwise expose.
type probe struct{}

func (*probe) UnmarshalTOML(any) error { return errProbe }

// line is the line of the key p was decoded from, 0 if unknown. Implicit
// tables ("a" in "a.b = 1") have no position of their own: the first of
// their keys stands in.
func (d *decoder) line(p toml.Primitive) int {
	var pe toml.ParseError
	if errors.As(d.md.PrimitiveDecode(p, &probe{}), &pe) && pe.Position.Line > 0 {
		return pe.Position.Line
	}
	var sub map[string]toml.Primitive
	if d.md.PrimitiveDecode(p, &sub) != nil {
		return 0
	}
	first := 0
	for _, sp := range sub {
		if l := d.line(sp); l > 0 && (first == 0 || l < first) {
			first = l
		}
	}
	return first
}

// typeProblem describes a value that would not decode into t.
func (d *decoder) typeProblem(key toml.Key, t reflect.Type, err error) string {
	want := "want " + wantName(t)
	got := d.md.Type(key...)
	if got != "" && !slices.Contains(wantTypes(t), got) {
		return want + ", got " + typeName(got)
	}
	switch {
	case got == "Array":
		return want + ", got an array holding other values"
	case err != nil:
		return want + " (" + libMessage(err) + ")"
	}
	return want
}

// libMessage is a toml error without its "toml: line N (last key K): "
// prefix, which the Warning already carries.
func libMessage(err error) string {
	msg, ok := strings.CutPrefix(err.Error(), "toml: ")
	if !ok {
		return msg
	}
	sep := ": "
	switch {
	case strings.HasPrefix(msg, "line ") && strings.Contains(msg, " (last key "),
		strings.HasPrefix(msg, "(last key "):
		sep = "): "
	case !strings.HasPrefix(msg, "line "):
		return msg
	}
	if _, after, found := strings.Cut(msg, sep); found {
		return after
	}
	return msg
}

// fieldIndex is the index of t's field whose toml tag is name, or -1.
func fieldIndex(t reflect.Type, name string) int {
	idx, ok := fieldIndexes.Load(t)
	if !ok {
		m := make(map[string]int, t.NumField())
		for i := range t.NumField() {
			m[tagName(t.Field(i))] = i
		}
		idx, _ = fieldIndexes.LoadOrStore(t, m)
	}
	if i, ok := idx.(map[string]int)[name]; ok {
		return i
	}
	return -1
}

// fieldIndexes caches fieldIndex's maps by struct type: parsing tags
// again for every key was a fifth of Load's time.
var fieldIndexes sync.Map

// tagName is the TOML key of a struct field.
func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	return name
}

// wantName describes the values a field of type t accepts.
func wantName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "an array of " + strings.TrimPrefix(strings.TrimPrefix(wantName(t.Elem()), "a "), "an ") + "s"
	case reflect.Map:
		return "a table"
	}
	return t.String()
}

// wantTypes are the TOML types (as MetaData.Type names them) that can
// decode into t.
func wantTypes(t reflect.Type) []string {
	switch t.Kind() {
	case reflect.String:
		return []string{"String"}
	case reflect.Int, reflect.Int64:
		return []string{"Integer"}
	case reflect.Float64:
		return []string{"Float", "Integer"}
	case reflect.Bool:
		return []string{"Bool"}
	case reflect.Slice:
		return []string{"Array"}
	case reflect.Map:
		return []string{"Hash"}
	}
	return nil
}

// typeName describes a TOML type as MetaData.Type names it.
func typeName(t string) string {
	switch t {
	case "Integer":
		return "an integer"
	case "Float":
		return "a float"
	case "String":
		return "a string"
	case "Bool":
		return "a boolean"
	case "Array":
		return "an array"
	case "Hash":
		return "a table"
	case "ArrayHash":
		return "an array of tables"
	case "Datetime":
		return "a date-time"
	}
	return strings.ToLower(t)
}
