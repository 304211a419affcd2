package config

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Dump renders c as a config.toml that [Parse] reads back to c: every
// section and key, in schema order, with maps as inline tables. It is
// what /config shows. There is no secret to hide: [Config] holds no key.
func (c Config) Dump() string {
	var b strings.Builder
	v := reflect.ValueOf(c)
	for i := range v.NumField() {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("[" + tagName(v.Type().Field(i)) + "]\n")
		section := v.Field(i)
		for j := range section.NumField() {
			b.WriteString(tagName(section.Type().Field(j)) + " = " + tomlValue(section.Field(j)) + "\n")
		}
	}
	return b.String()
}

// tomlValue renders v as a TOML value.
func tomlValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		return tomlString(v.String())
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Float64:
		return tomlFloat(v.Float())
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = tomlValue(v.Index(i))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case reflect.Map:
		keys := make([]string, 0, v.Len())
		for _, k := range v.MapKeys() {
			keys = append(keys, k.String())
		}
		if len(keys) == 0 {
			return "{}"
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = tomlKey(k) + " = " + tomlValue(v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return tomlString(v.String())
}

func tomlFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0" // else TOML reads an integer
	}
	return s
}

// tomlKey leaves a bare key bare and quotes any other.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for _, c := range k {
		if c != '_' && c != '-' && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') && !('0' <= c && c <= '9') {
			return tomlString(k)
		}
	}
	return k
}

// tomlString quotes s as a TOML basic string. strconv.Quote will not do:
// TOML has no \x escape.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\u00`)
			b.WriteString(strconv.FormatUint(uint64(c)>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(c)&0xf, 16))
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
