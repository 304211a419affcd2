package shell

import "testing"

// TestRunnerFieldLayouts: every interp.Runner field nosh reads in place
// has exactly the layout nosh reads it with (start-up checks only kind
// and size).
func TestRunnerFieldLayouts(t *testing.T) {
	if len(runnerFieldTypes) == 0 {
		t.Fatal("no fields recorded")
	}
	for _, f := range runnerFieldTypes {
		got := runnerFields()[f.name].Type
		if f.name == "opts" {
			continue // an array longer than nosh's, checked at start-up
		}
		if !sameLayout(got, f.want) {
			t.Errorf("interp.Runner.%s is %v, nosh reads it as %v", f.name, got, f.want)
		}
	}
}
