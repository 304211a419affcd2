// Package screentest drives interactive programs on pseudo-terminals and
// reads what a person would see: every byte a program writes goes through
// a terminal emulator (github.com/charmbracelet/x/vt), and tests look at
// the resulting screen, cursor and terminal modes instead of at the raw
// output stream.
//
// A [Term] is one program on one terminal. Tests type keys into it and
// wait, with generous deadlines and never a fixed sleep, for the screen to
// reach a state ([Term.WaitFor], [Term.WaitText], [Term.WaitPrompt]).
// [Term.Run] types a command line and waits for the next prompt; [Term.Fill]
// fills and scrolls the screen first, since the bottom row of a full
// screen is where redraw bugs live.
//
// [Compare] is the differential harness: it runs one scenario, the same
// keystrokes, on a reference shell (bash) and on the shell under test, on
// identical terminals (same size, environment, UTF-8 locale, inputrc and
// fixed prompt), and checks that the screens agree at every
// [Term.Checkpoint] and at the end, once masked ([Mask]) for what differs
// by name only, such as "bash:" and "nosh:" before an error message.
//
// Known limit of the emulator (charmbracelet/x/vt v0.1.0): a wide
// character that reaches the screen's last column is drawn in that column
// instead of wrapping to the next row, so scenarios wrap rows on narrow
// text.
//
// The package is for tests only: the nosh binary never imports it, so the
// emulator costs the shell nothing at start-up.
package screentest
