package analysis

import (
	"regexp"
	"sync"
)

// coreTableSet holds the tables the analysis itself needs, whatever the
// programs. Like every lookup table of perms, they are built on first
// use, not at package initialisation: most nosh processes never check a
// command, and map literals cost start-up time (see programs/tables.go).
type coreTableSet struct {
	systemDirs     map[string]bool   // catastrophic.go
	diskDevice     *regexp.Regexp    // catastrophic.go
	dangerousVars  map[string]string // vars.go
	sensitiveNames map[string]bool   // sensitive.go
}

// coreTables returns the analysis's tables, building them on first use.
func coreTables() *coreTableSet {
	coreTablesOnce.Do(func() {
		coreTablesBuilt = &coreTableSet{
			systemDirs:     systemDirsTable(),
			diskDevice:     regexp.MustCompile(diskDevicePattern),
			dangerousVars:  dangerousVarsTable(),
			sensitiveNames: sensitiveNamesTable(),
		}
	})
	return coreTablesBuilt
}

// The tables, once built; a sync.Once keeps the fast path inlined.
var (
	coreTablesOnce  sync.Once
	coreTablesBuilt *coreTableSet
)
