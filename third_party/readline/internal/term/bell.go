package term

import (
	"io"
	"time"
)

// Bell rings the terminal's bell as inputrc's bell-style says: "audible"
// (the default) writes BEL, "visible" flashes the screen (reverse video
// for a tenth of a second, as terminfo's flash does on xterm), "none"
// does nothing. The bell does not change what the screen shows, so it
// does not count as a change (Changes).
func Bell(style string) {
	switch style {
	case "none", "off":
		return
	case "visible":
		writeRaw("\x1b[?5h")
		time.AfterFunc(100*time.Millisecond, func() { writeRaw("\x1b[?5l") })
	default:
		writeRaw("\a")
	}
}

// writeRaw writes s without counting it as a change of the screen.
func writeRaw(s string) {
	outMu.Lock()
	defer outMu.Unlock()

	if outDepth > 0 && outBuf != nil {
		_, _ = io.WriteString(outBuf, s)
		return
	}

	_, _ = io.WriteString(out(), s)
}
