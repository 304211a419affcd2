package prompttext

import (
	"os"
	"os/user"
	"testing"
)

// \u is the password database's name for the user, as in bash, even
// without $USER in the environment.
func TestUserNameWithoutUSER(t *testing.T) {
	u, err := user.Current()
	if err != nil {
		t.Skip(err)
	}
	none := func(string) string { return "" }
	if got := userName(os.Getuid(), none); got != u.Username {
		t.Errorf("userName without $USER = %q, want %q", got, u.Username)
	}
	if got := userName(-7, func(string) string { return "fromenv" }); got != "fromenv" {
		t.Errorf("userName of an unknown uid = %q, want $USER", got)
	}
}
