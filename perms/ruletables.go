package perms

import "sync"

// ruleTableSet holds the tables of the rules and their suggestions, built
// on first use like the others (see programs/tables.go for why).
type ruleTableSet struct {
	flagAliases       map[string]map[string]string // rules.go
	subcommandTools   map[string]bool              // suggest.go
	nestedSubcommands map[string]map[string]bool   // suggest.go
	alwaysNested      map[string]bool              // suggest.go
	previewed         map[string]int               // preview.go
}

// ruleTables returns the rules' tables, building them on first use.
func ruleTables() *ruleTableSet {
	ruleTablesOnce.Do(func() {
		ruleTablesBuilt = &ruleTableSet{
			flagAliases:       flagAliasesTable(),
			subcommandTools:   subcommandToolsTable(),
			nestedSubcommands: nestedSubcommandsTable(),
			alwaysNested:      alwaysNestedTable(),
			previewed:         previewedTable(),
		}
	})
	return ruleTablesBuilt
}

// The tables, once built; a sync.Once keeps the fast path inlined.
var (
	ruleTablesOnce  sync.Once
	ruleTablesBuilt *ruleTableSet
)
