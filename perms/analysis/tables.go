package analysis

import (
	"regexp"
	"sync"
)

// coreTableSet holds the tables the analysis itself needs, whatever the
// programs: see tables.go for why they are built on first use.
type coreTableSet struct {
	systemDirs     map[string]bool   // catastrophic.go
	diskDevice     *regexp.Regexp    // catastrophic.go
	dangerousVars  map[string]string // vars.go
	sensitiveNames map[string]bool   // sensitive.go
}

// coreTables returns the analysis's tables, building them on first use.
var coreTables = sync.OnceValue(func() *coreTableSet {
	return &coreTableSet{
		systemDirs:     systemDirsTable(),
		diskDevice:     regexp.MustCompile(diskDevicePattern),
		dangerousVars:  dangerousVarsTable(),
		sensitiveNames: sensitiveNamesTable(),
	}
})
