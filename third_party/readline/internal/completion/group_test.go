package completion

import (
	"testing"
	"time"
)

// TestWrapExcessAliasesWideFirstColumn: a row of aliases whose first
// column is wider than half the terminal (ls's
// --dereference-command-line-symlink-to-dir, 42 columns, on 80) left no
// column at all, and cutting rows of zero aliases never ended: Tab after
// `ls -` froze the shell. Each alias now gets a row of its own.
func TestWrapExcessAliasesWideFirstColumn(t *testing.T) {
	long := Candidate{Value: "--dereference-command-line-symlink-to-dir ", Description: "follow"}
	all := Candidate{Value: "--all ", Description: "do not ignore"}
	a := Candidate{Value: "-a ", Description: "do not ignore"}
	g := &group{termWidth: 80, columnsWidth: []int{42, 3}}
	done := make(chan struct{})
	go func() {
		g.wrapExcessAliases([][]Candidate{{long}, {all, a}})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("wrapExcessAliases did not return")
	}
	want := [][]string{{long.Value}, {all.Value}, {a.Value}}
	if len(g.rows) != len(want) {
		t.Fatalf("got %d rows, want %d: %v", len(g.rows), len(want), g.rows)
	}
	for i, row := range g.rows {
		if len(row) != 1 || row[0].Value != want[i][0] {
			t.Errorf("row %d = %v, want %v", i, row, want[i])
		}
	}
	if len(g.columnsWidth) != 1 || g.columnsWidth[0] != 42 {
		t.Errorf("columns = %v, want [42]", g.columnsWidth)
	}
}
