package programs

import (
	"sync"

	"nosh/perms/analysis"
)

// The classifier's lookup tables are built on first use, not at package
// initialisation: every nosh process links this package, but most never
// check a command (nosh -c, scripts), and building the maps at start-up
// cost about 0.2 ms and 370 allocations, which counts against nosh's
// start-up budget. Map literals and regexp.MustCompile are run-time work
// in Go however they are written, so each file keeps its table as a
// function returning the literal, and buildTables calls them all once.

// tableSet holds the package's lookup tables. They are read-only once
// built, so any number of goroutines may share them.
type tableSet struct {
	handlers map[string]analysis.Handler // program base name to its classifier

	downloaders  map[string]bool        // download.go
	gitGlobalArg map[string]bool        // git.go
	interpreters map[string]interpSpec  // interpreters.go
	wrappers     map[string]wrapperSpec // wrappers.go
	runners      map[string][]string    // wrappers.go
	xargsOptions map[string]bool        // xargs.go
	xargsUnsafe  map[string]bool        // xargs.go
	options      map[string]*optTable   // options_tables.go
	plain        map[string]bool        // options_tables.go
}

var (
	tablesOnce  sync.Once
	tablesBuilt *tableSet
)

// tables returns the lookup tables, building them on the first call.
// It is not a sync.OnceValue variable because the handlers it registers
// call tables: a package-level variable whose initialiser refers to them
// would be an initialisation cycle.
func tables() *tableSet {
	tablesOnce.Do(buildTables)
	return tablesBuilt
}

func buildTables() {
	t := &tableSet{
		handlers:     make(map[string]analysis.Handler),
		downloaders:  downloadersTable(),
		gitGlobalArg: gitGlobalArgTable(),
		interpreters: interpretersTable(),
		wrappers:     wrappersTable(),
		runners:      runnersTable(),
		xargsOptions: xargsOptionsTable(),
		xargsUnsafe:  xargsUnsafeTable(),
		options:      mergeTables(optionTablesTable(), gitOptionTables()),
		plain:        plainProgramsTable(),
	}
	// The order matters: a later file's handler replaces an earlier one
	// (analysis/catastrophic.go's cd replaces the harmless builtin), and
	// registerWrappers gives runners only the names still free. It is
	// the order of the init functions these replace: file name order.
	for _, register := range []func(*tableSet){
		registerAwk,
		func(t *tableSet) { analysis.RegisterBuiltins(t.handlers) },
		func(t *tableSet) { analysis.RegisterCatastrophic(t.handlers) },
		registerChangers,
		registerDownloaders,
		registerGit,
		registerInterpreters,
		registerPrograms,
		registerSed,
		registerUnzip,
		registerTools,
		registerWrappers,
		registerXargs,
		registerSystem, // wraps the ip wrapper above
		registerBuildTools,
		func(t *tableSet) { analysis.RegisterSessionBuiltins(t.handlers) },
		registerCommandReaders, // wraps handlers registered above
		registerBuildFiles,     // wraps handlers registered above
	} {
		register(t)
	}
	tablesBuilt = t
}

func mergeTables(ms ...map[string]*optTable) map[string]*optTable {
	out := map[string]*optTable{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
