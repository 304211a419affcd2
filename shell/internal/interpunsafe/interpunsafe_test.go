package interpunsafe

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

func newRunner(t *testing.T) (*interp.Runner, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	r, err := interp.New(interp.StdIO(nil, &buf, &buf), interp.Env(expand.ListEnviron("HOME=/tmp")))
	if err != nil {
		t.Fatal(err)
	}
	return r, &buf
}

func run(t *testing.T, r *interp.Runner, src string) {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range f.Stmts {
		r.Run(context.Background(), st)
	}
}

// TestRunnerLayout: runner, whose field offsets nosh uses, is laid out
// exactly as interp.Runner: every field by name, offset and type,
// recursively.
func TestRunnerLayout(t *testing.T) {
	mirror, real := reflect.TypeFor[runner](), reflect.TypeFor[interp.Runner]()
	if !sameLayout(mirror, real) {
		for i := range min(mirror.NumField(), real.NumField()) {
			m, r := mirror.Field(i), real.Field(i)
			if !strings.EqualFold(m.Name, r.Name) || m.Offset != r.Offset || !sameLayout(m.Type, r.Type) {
				t.Errorf("field %d: nosh's mirror has %s %v at %d, interp.Runner %s %v at %d", i, m.Name, m.Type, m.Offset, r.Name, r.Type, r.Offset)
			}
		}
		t.Fatalf("interp.Runner changed (%d fields, nosh's mirror %d): mvdan.cc/sh/v3 changed, see shell/internal/interpunsafe", real.NumField(), mirror.NumField())
	}
	if !sameLayout(reflect.TypeFor[Status](), reflect.TypeFor[Status]()) {
		t.Error("sameLayout is not reflexive")
	}
	mirror, real = reflect.TypeFor[handlerContext](), reflect.TypeFor[interp.HandlerContext]()
	if !sameLayout(mirror, real) {
		t.Fatalf("interp.HandlerContext changed: mvdan.cc/sh/v3 changed, see handlerContext in shell/internal/interpunsafe")
	}
}

// sameLayout reports whether values of a and b are laid out identically:
// the same type, or structs (maps, slices) of the same shape. Struct
// fields must match by name, ignoring the case of the first letter: the
// mirrors export what interp keeps unexported.
func sameLayout(a, b reflect.Type) bool {
	if a == b {
		return true
	}
	if a.Kind() != b.Kind() || a.Size() != b.Size() {
		return false
	}
	switch a.Kind() {
	case reflect.Struct:
		if a.NumField() != b.NumField() {
			return false
		}
		for i := range a.NumField() {
			fa, fb := a.Field(i), b.Field(i)
			if !strings.EqualFold(fa.Name, fb.Name) || fa.Offset != fb.Offset || !sameLayout(fa.Type, fb.Type) {
				return false
			}
		}
		return true
	case reflect.Map:
		return sameLayout(a.Key(), b.Key()) && sameLayout(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Pointer, reflect.Array:
		return sameLayout(a.Elem(), b.Elem())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.String:
		// A named type mirrored by its underlying one (handlerKind).
		return true
	}
	return false
}

// TestOptionOrder checks that the option tables follow interp's.
func TestOptionOrder(t *testing.T) {
	r, _ := newRunner(t)
	for _, name := range BashOptions() {
		run(t, r, "shopt -u "+name)
	}
	for _, name := range BashOptions() {
		run(t, r, "shopt -s "+name)
		for _, other := range BashOptions() {
			if got := *Option(r, other); got != (other == name) {
				t.Errorf("after shopt -s %s: %s is %v", name, other, got)
			}
		}
		run(t, r, "shopt -u "+name)
	}
	for _, o := range SetOptions() {
		if o.Name == "noexec" {
			continue // it would stop the test
		}
		run(t, r, "set -o "+o.Name)
		if !*Option(r, o.Name) || !SetOptionValues(r)[o.Name] {
			t.Errorf("set -o %s did not show", o.Name)
		}
		run(t, r, "set +o "+o.Name)
	}
	if Option(r, "nosuch") != nil {
		t.Error("an unknown option has a pointer")
	}
}

// TestLinked exercises the linked methods and the fields they touch.
func TestLinked(t *testing.T) {
	r, buf := newRunner(t)
	ctx := context.Background()
	run(t, r, "f() { return 7; }; x=1; alias ll='ls -l'")
	f, _ := syntax.NewParser().Parse(strings.NewReader("f; echo $? $x"), "")
	for _, st := range f.Stmts {
		Stmt(r, ctx, st)
	}
	if got := buf.String(); got != "7 1\n" {
		t.Errorf("Stmt: got %q", got)
	}
	if LastExit(r).Code != 0 {
		t.Errorf("LastExit after echo: %d", LastExit(r).Code)
	}
	if w, ok := GetStreams(r).Stdout.(*bytes.Buffer); !ok || w != buf {
		t.Errorf("Streams: stdout is %T", GetStreams(r).Stdout)
	}
	if err := SetString(r, "y", "2"); err != nil || LookupVar(r, "y").String() != "2" {
		t.Errorf("SetString: %v", err)
	}
	if a, ok := (*Aliases(r))["ll"]; !ok || len(a.Args) != 2 {
		t.Errorf("aliases: %v", *Aliases(r))
	}
	r2 := Subshell(r, false)
	*InFunc(r) = true
	InheritScope(r2, r)
	*InFunc(r) = false
	if LookupVar(r2, "x").String() != "1" || !*InFunc(r2) {
		t.Error("Subshell lost x or the function scope")
	}
	buf.Reset()
	body, _ := syntax.NewParser().Parse(strings.NewReader("echo a; break; echo b"), "")
	if !LoopStmtsBroken(r, ctx, body.Stmts) || buf.String() != "a\n" {
		t.Errorf("LoopStmtsBroken: not broken, or printed %q", buf.String())
	}
	if Stop(r, ctx) {
		t.Error("Stop with nothing pending")
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if !Stop(r, done) {
		t.Error("Stop ignores a done context")
	}
}

// TestOf checks that a handler sees the runner executing it, a subshell's
// copy included.
func TestOf(t *testing.T) {
	var seen []*interp.Runner
	r, err := interp.New(interp.ExecHandlers(func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			seen = append(seen, Of(interp.HandlerCtx(ctx)))
			return nil
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	run(t, r, "nosuch-a; (nosuch-b)")
	if len(seen) != 2 || seen[0] != r || seen[1] == r || seen[1] == nil {
		t.Errorf("Of: %p (main %p)", seen, r)
	}
}
