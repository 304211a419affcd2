package complete

import (
	"os"
	"path/filepath"
	"strings"
)

// fileMode says which directory entries a file completion offers.
type fileMode uint8

const (
	fileAny  fileMode = iota // files and directories
	fileDirs                 // directories only
	fileExec                 // executables and directories (a command typed with a slash)
)

// files completes value (unquoted, expanded) as a path relative to the
// shell's directory. Candidates are whole paths as the user typed their
// directory part; directories end in '/' and take no space. Hidden
// entries are offered only when the typed name starts with a dot.
func (c *Completer) files(value string, mode fileMode) []Candidate {
	dirPart, base := "", value
	if i := strings.LastIndexByte(value, '/'); i >= 0 {
		dirPart, base = value[:i+1], value[i+1:]
	}
	return c.dirEntries(c.resolve(dirPart), dirPart, base, mode, "")
}

// resolve makes a typed directory part absolute against the shell's
// directory.
func (c *Completer) resolve(dirPart string) string {
	if filepath.IsAbs(dirPart) {
		return dirPart
	}
	return filepath.Join(c.Env.Dir(), dirPart)
}

// dirEntries lists the entries of dir starting with base, as candidates
// valued prefix+name. tag overrides the files/directories tags.
func (c *Completer) dirEntries(dir, prefix, base string, mode fileMode, tag string) []Candidate {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Candidate
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || name[0] == '.' && !strings.HasPrefix(base, ".") {
			continue
		}
		isDir, exec := e.IsDir(), false
		if e.Type()&os.ModeSymlink != 0 || mode == fileExec && !isDir {
			fi, err := os.Stat(filepath.Join(dir, name))
			if err != nil {
				if mode != fileAny {
					continue
				}
			} else {
				isDir = fi.IsDir()
				exec = fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
			}
		}
		if mode == fileDirs && !isDir || mode == fileExec && !isDir && !exec {
			continue
		}
		cand := Candidate{Value: prefix + name, Display: name, Tag: "files"}
		if isDir {
			cand.Value += "/"
			cand.Display += "/"
			cand.Tag = "directories"
			cand.NoSpace = true
		}
		if tag != "" {
			cand.Tag = tag
		}
		out = append(out, cand)
	}
	return out
}
