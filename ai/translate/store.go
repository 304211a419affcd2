package translate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Store keeps saved conversations in a directory, one JSON file each
// (conv-ID.json), the Keep most recently updated.
type Store struct {
	Dir string
	// Keep is how many conversations are kept (ai.keep_conversations);
	// 0 keeps none, so nothing is saved.
	Keep int
}

const (
	filePrefix = "conv-"
	fileSuffix = ".json"
)

func (s Store) path(id string) string {
	return filepath.Join(s.Dir, filePrefix+id+fileSuffix)
}

// Save writes conv (replacing its earlier version) and removes the least
// recently updated conversations beyond Keep. A conversation without an
// id is not saved.
func (s Store) Save(conv Conversation) error {
	if s.Keep <= 0 || s.Dir == "" || conv.ID == "" {
		return nil
	}
	if strings.ContainsAny(conv.ID, `/\`) {
		return fmt.Errorf("saving conversation: bad id %q", conv.ID)
	}
	b, err := json.MarshalIndent(conv, "", "  ")
	if err != nil {
		return fmt.Errorf("saving conversation: %w", err)
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("saving conversation: %w", err)
	}
	// Written aside and renamed, so that a crash never leaves half a file.
	tmp, err := os.CreateTemp(s.Dir, ".conv-*.tmp")
	if err != nil {
		return fmt.Errorf("saving conversation: %w", err)
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path(conv.ID))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("saving conversation: %w", err)
	}
	return s.prune()
}

// prune removes the least recently written conversations beyond Keep.
func (s Store) prune() error {
	names, err := filepath.Glob(filepath.Join(s.Dir, filePrefix+"*"+fileSuffix))
	if err != nil || len(names) <= s.Keep {
		return err
	}
	type entry struct {
		name string
		mod  int64
	}
	var es []entry
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil {
			es = append(es, entry{n, fi.ModTime().UnixNano()})
		}
	}
	sort.Slice(es, func(i, j int) bool {
		if es[i].mod != es[j].mod {
			return es[i].mod < es[j].mod
		}
		return es[i].name < es[j].name
	})
	for len(es) > s.Keep {
		if err := os.Remove(es[0].name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing an old conversation: %w", err)
		}
		es = es[1:]
	}
	return nil
}

// List returns the saved conversations, least recently updated first. A
// file that cannot be read or parsed is skipped; the error reports the
// first such file.
func (s Store) List() ([]Conversation, error) {
	if s.Dir == "" {
		return nil, nil
	}
	names, err := filepath.Glob(filepath.Join(s.Dir, filePrefix+"*"+fileSuffix))
	if err != nil {
		return nil, err
	}
	var convs []Conversation
	var first error
	for _, n := range names {
		var c Conversation
		b, err := os.ReadFile(n)
		if err == nil {
			err = json.Unmarshal(b, &c)
		}
		if err == nil && c.ID == "" {
			err = errors.New("no id")
		}
		if err != nil {
			if first == nil {
				first = fmt.Errorf("reading %s: %w", n, err)
			}
			continue
		}
		convs = append(convs, c)
	}
	sort.SliceStable(convs, func(i, j int) bool {
		if !convs[i].Updated.Equal(convs[j].Updated) {
			return convs[i].Updated.Before(convs[j].Updated)
		}
		return convs[i].ID < convs[j].ID
	})
	return convs, first
}
