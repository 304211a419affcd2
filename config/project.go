package config

import (
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// ProjectFileName is the project-local settings file, looked for in the
// working directory and its parents.
const ProjectFileName = ".nosh.toml"

// Project is what a project-local .nosh.toml says. Such a file comes with
// whatever repository the user cloned, so it may only tighten the
// permissions: forbid yolo mode and add deny rules.
type Project struct {
	// Path is the file read; empty when there is none.
	Path string
	// DisableYolo forbids yolo mode inside the project.
	DisableYolo bool
	// Deny are extra deny rules, in the syntax of permissions.toml.
	Deny []string
}

// projectFile is the part of config.toml a project file may set.
type projectFile struct {
	Permissions struct {
		DisableYolo bool     `toml:"disable_yolo"`
		Deny        []string `toml:"deny"`
	} `toml:"permissions"`
}

// projectSchema is how a project file is decoded (a function, so that no
// map is built at package initialisation).
func projectSchema() *schema {
	return &schema{
		checks: map[string]check{"permissions.deny": rules},
		unknown: func(toml.Key) string {
			return "a project file may only tighten permissions ([permissions] disable_yolo and deny); ignored"
		}}
}

// LoadProject reads the .nosh.toml in dir or in its nearest parent that
// has one. Like [Load] it never fails: whatever it cannot use is reported
// and ignored. No file gives the zero Project and no warning.
func LoadProject(dir string) (Project, []Warning) {
	path, err := findProjectFile(dir)
	if path == "" {
		if err != nil {
			return Project{}, []Warning{{File: filepath.Join(dir, ProjectFileName), Msg: "cannot look for a project file: " + pathErrorReason(err)}}
		}
		return Project{}, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Project{Path: path}, []Warning{{File: path, Msg: "cannot read: " + pathErrorReason(err) + "; ignored"}}
	}
	return ParseProject(path, data)
}

// ParseProject is [LoadProject] for data already read from the file path.
func ParseProject(path string, data []byte) (Project, []Warning) {
	var f projectFile
	ws := projectSchema().decode(path, data, &f)
	return Project{Path: path, DisableYolo: f.Permissions.DisableYolo, Deny: f.Permissions.Deny}, ws
}

// findProjectFile walks up from dir to the root looking for
// ProjectFileName; a directory of that name does not count. The error is
// from making a relative dir absolute.
func findProjectFile(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		path := filepath.Join(dir, ProjectFileName)
		// Unreadable directories on the way up are passed over: a file
		// that cannot be seen cannot be read either.
		if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
			return path, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}
