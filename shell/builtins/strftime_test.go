package builtins

import (
	"testing"
	"time"
)

func TestStrftime(t *testing.T) {
	tm := time.Unix(1700000000, 0).UTC()
	for format, want := range map[string]string{
		"%a %A %b %B %C %d %D %e %F %g %G %h %H": "Tue Tuesday Nov November 20 14 11/14/23 14 2023-11-14 23 2023 Nov 22",
		"%I %j %k %l %m %M %p %r %R %s %S %T":    "10 318 22 10 11 13 PM 10:13:20 PM 22:13 1700000000 20 22:13:20",
		"%u %U %V %w %W %x %X %y %Y %z %Z %%":    "2 46 46 2 46 11/14/23 22:13:20 23 2023 +0000 UTC %",
		"%P %n %t %E":                            "pm \n \t %E",
	} {
		if got := strftime(format, tm); got != want {
			t.Errorf("%q:\n got %q\nwant %q", format, got, want)
		}
	}
}
