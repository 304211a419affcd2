package shell

import (
	"reflect"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// currentRunner returns the Runner that is executing the command described
// by hc: the main Runner, or the copy that interp made for a subshell,
// pipeline stage or background job.
//
// interp keeps it in an unexported field. Builtins need it to see the
// functions, variables and parameters of the scope they run in, and only
// the executing goroutine may touch that copy, which is exactly the one we
// get here. The field's presence is checked by TestCurrentRunner, so an
// interp upgrade that moves it fails loudly instead of silently.
func currentRunner(hc interp.HandlerContext) *interp.Runner {
	if handlerRunnerOffset >= 0 {
		// The field's offset, found once (builtin_runner.go): this runs
		// for every command, so no reflection here.
		return *(**interp.Runner)(unsafe.Add(unsafe.Pointer(&hc), handlerRunnerOffset))
	}
	v := reflect.ValueOf(&hc).Elem().FieldByName("runner")
	if !v.IsValid() || v.Kind() != reflect.Pointer {
		return nil
	}
	return (*interp.Runner)(v.UnsafePointer())
}

// aliases returns r's aliases as name → replacement text. interp keeps
// them unexported; TestAliases guards the layout.
func aliases(r *interp.Runner) map[string]string {
	out := map[string]string{}
	if r == nil {
		return out
	}
	m := reflect.ValueOf(r).Elem().FieldByName("alias")
	if !m.IsValid() || m.Kind() != reflect.Map {
		return out
	}
	printer := syntax.NewPrinter()
	iter := m.MapRange()
	for iter.Next() {
		var parts []string
		if args := iter.Value().FieldByName("args"); args.IsValid() && args.Kind() == reflect.Slice {
			for i := 0; i < args.Len(); i++ {
				w := (*syntax.Word)(args.Index(i).UnsafePointer())
				var b strings.Builder
				printer.Print(&b, w)
				parts = append(parts, b.String())
			}
		}
		out[iter.Key().String()] = strings.Join(parts, " ")
	}
	return out
}

// hasAlias reports whether r has an alias called name, without building
// the whole table (it runs on every keystroke).
func hasAlias(r *interp.Runner, name string) bool {
	if r == nil {
		return false
	}
	m := reflect.ValueOf(r).Elem().FieldByName("alias")
	if !m.IsValid() || m.Kind() != reflect.Map || m.Type().Key().Kind() != reflect.String {
		return false
	}
	return m.MapIndex(reflect.ValueOf(name)).IsValid()
}
