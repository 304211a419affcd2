package keymap

import (
	"testing"

	"github.com/reeflective/readline/internal/core"
	"github.com/reeflective/readline/internal/strutil"
)

// TestIndexMatchesWalk checks that matching through a keymap's index gives
// what walking every bind gives, for every sequence of the default keymaps
// and each of their prefixes, and that the index follows binds added,
// changed and deleted.
func TestIndexMatchesWalk(t *testing.T) {
	eng, cfg := NewEngine(&core.Keys{}, &core.Iterations{})

	check := func(t *testing.T, mode Mode) {
		t.Helper()

		eng.main = mode
		binds := cfg.Binds[string(mode)]

		for sequence := range binds {
			typed := strutil.ConvertMeta([]rune(sequence))
			for n := 1; n <= len(typed); n++ {
				wantBind, wantPrefixed := walkBinds(typed[:n], binds)
				gotBind, gotPrefixed := eng.matchBind([]byte(typed[:n]), binds)

				if gotBind != wantBind || gotPrefixed != wantPrefixed {
					t.Fatalf("%s: matchBind(%q) = %+v, %v; walking gives %+v, %v",
						mode, typed[:n], gotBind, gotPrefixed, wantBind, wantPrefixed)
				}
			}
		}
	}

	for _, mode := range []Mode{Emacs, ViInsert, ViCommand} {
		check(t, mode)
	}

	// Changed in place, added through Bind, deleted: all seen.
	emacs := cfg.Binds[string(Emacs)]
	emacs["\x01"] = emacs["\x05"]
	_ = cfg.Bind(string(Emacs), "\x18zq", "kill-line", false)
	delete(emacs, "\x02")
	check(t, Emacs)

	if b, _ := eng.matchBind([]byte("\x02"), emacs); b.Action != "" {
		t.Errorf("a deleted sequence still matches: %+v", b)
	}

	if _, prefixed := eng.matchBind([]byte("\x18z"), emacs); !prefixed {
		t.Errorf("a sequence added through Bind is not found by prefix")
	}
}

func BenchmarkMatchSelfInsert(b *testing.B) {
	eng, cfg := NewEngine(&core.Keys{}, &core.Iterations{})
	binds := cfg.Binds[string(Emacs)]
	key := []byte("a")

	b.Run("index", func(b *testing.B) {
		for range b.N {
			eng.matchBind(key, binds)
		}
	})
	b.Run("walk", func(b *testing.B) {
		for range b.N {
			walkBinds(string(key), binds)
		}
	})
}
