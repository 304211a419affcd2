package config

import (
	"errors"
	"io/fs"
	"os"
	"reflect"

	"github.com/BurntSushi/toml"
)

// Load reads the config file at path over [Default]. It never fails, so
// that a login shell always starts: a missing file (or path "") gives the
// defaults without a warning, an unreadable file or a syntax error gives
// the defaults and one warning, and a key that is unknown, of the wrong
// type or out of range is reported and ignored (it keeps its default)
// while every other key is honoured.
func Load(path string) (Config, []Warning) {
	if path == "" {
		return Default(), nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Default(), []Warning{{File: path, Msg: "cannot read: " + pathErrorReason(err) + "; using the defaults"}}
	}
	return Parse(path, data)
}

// Parse is [Load] for data already read; name is used in warnings.
func Parse(name string, data []byte) (Config, []Warning) {
	c := Default()
	ws := configSchema().decode(name, data, &c)
	return c, ws
}

// pathErrorReason drops the operation and path from an *fs.PathError,
// which the Warning already names.
func pathErrorReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// unknownConfigKey explains an unknown key, with a hint when the name
// exists in another section (a common slip is a key above every [table]).
func unknownConfigKey(key toml.Key) string {
	msg := "unknown key; ignored"
	name := key[len(key)-1]
	ct := reflect.TypeFor[Config]()
	for i := range ct.NumField() {
		section := tagName(ct.Field(i))
		if fieldIndex(ct.Field(i).Type, name) >= 0 && (len(key) != 2 || key[0] != section) {
			return msg + " (did you mean " + name + " under [" + section + "]?)"
		}
	}
	return msg
}

// LoadAll resolves the paths from getenv, loads the config file there and
// applies the environment's overrides ([ApplyEnv]): what a subcommand
// starts from. The warnings are returned for the caller to print.
func LoadAll(getenv func(string) string) (Paths, Config, []Warning) {
	paths := ResolvePaths(getenv)
	cfg, warns := Load(paths.ConfigFile)
	warns = append(warns, ApplyEnv(&cfg, getenv)...)
	return paths, cfg, warns
}
