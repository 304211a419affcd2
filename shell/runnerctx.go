package shell

import (
	"reflect"

	"mvdan.cc/sh/v3/interp"
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
	v := reflect.ValueOf(&hc).Elem().FieldByName("runner")
	if !v.IsValid() || v.Kind() != reflect.Pointer {
		return nil
	}
	return (*interp.Runner)(v.UnsafePointer())
}
