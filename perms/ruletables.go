package perms

import "sync"

// ruleTableSet holds the tables of the rules and their suggestions: see
// tables.go for why they are built on first use.
type ruleTableSet struct {
	flagAliases       map[string]map[string]string // rules.go
	subcommandTools   map[string]bool              // suggest.go
	nestedSubcommands map[string]map[string]bool   // suggest.go
	alwaysNested      map[string]bool              // suggest.go
	previewed         map[string]int               // preview.go
}

// ruleTables returns the rules' tables, building them on first use.
var ruleTables = sync.OnceValue(func() *ruleTableSet {
	return &ruleTableSet{
		flagAliases:       flagAliasesTable(),
		subcommandTools:   subcommandToolsTable(),
		nestedSubcommands: nestedSubcommandsTable(),
		alwaysNested:      alwaysNestedTable(),
		previewed:         previewedTable(),
	}
})
