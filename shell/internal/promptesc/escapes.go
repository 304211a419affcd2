package promptesc

import (
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Data is what prompt escapes and the built-in prompt draw from.
type Data struct {
	User, Host string // \u, \h (\H is Host in full)
	Dir, Home  string // current directory and $HOME, for \w and \W
	Jobs       int    // \j
	Shell      string // \s
	Version    string // \v, \V
	HistNum    int    // \!
	CmdNum     int    // \#
	UID        int    // \$ is # for root
	Now        time.Time
}

// Snapshot fills the parts of Data that come from the process: user,
// host, uid and the time. The user, uid and host name are read once per
// process, as bash reads them once at start-up: a prompt is drawn often.
func Snapshot() Data {
	id := processIdentity()
	return Data{UID: id.uid, User: id.user, Host: id.host, Now: time.Now()}
}

func processIdentity() *identity {
	identityOnce.Do(func() {
		id := &processID
		id.uid = os.Getuid()
		id.host, _ = os.Hostname()
		id.user = UserName(id.uid, os.Getenv)
	})
	return &processID
}

// identity is who and where the shell runs, read once (processIdentity):
// a sync.OnceValue would be made at package initialisation, in every
// process.
type identity struct {
	uid        int
	user, host string
}

var (
	identityOnce sync.Once
	processID    identity
)

// UserName is \u: the name the password database gives the user, as bash
// takes it (a login from a minimal environment may have no $USER), else
// $USER or $LOGNAME.
func UserName(uid int, getenv func(string) string) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil && u.Username != "" {
		return u.Username
	}
	if name := getenv("USER"); name != "" {
		return name
	}
	return getenv("LOGNAME")
}

// TildeDir is dir with $HOME replaced by ~.
func TildeDir(dir, home string) string {
	if home != "" && home != "/" {
		home = strings.TrimSuffix(home, "/")
		if dir == home {
			return "~"
		}
		if strings.HasPrefix(dir, home+"/") {
			return "~" + dir[len(home):]
		}
	}
	return dir
}

// Expand replaces bash's prompt escapes in ps. \[ and \] (which mark
// non-printing text for bash) are dropped: the line editor measures the
// prompt with escape sequences stripped.
func Expand(ps string, d Data) string {
	if !strings.Contains(ps, `\`) {
		return ps
	}
	var b strings.Builder
	for i := 0; i < len(ps); i++ {
		c := ps[i]
		if c != '\\' || i+1 >= len(ps) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := ps[i]; e {
		case 'u':
			b.WriteString(d.User)
		case 'h':
			host, _, _ := strings.Cut(d.Host, ".")
			b.WriteString(host)
		case 'H':
			b.WriteString(d.Host)
		case 'w':
			b.WriteString(TildeDir(d.Dir, d.Home))
		case 'W':
			w := TildeDir(d.Dir, d.Home)
			if w != "~" && w != "/" {
				w = filepath.Base(w)
			}
			b.WriteString(w)
		case '$':
			if d.UID == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('$')
			}
		case 't':
			b.WriteString(d.Now.Format("15:04:05"))
		case 'T':
			b.WriteString(d.Now.Format("03:04:05"))
		case '@':
			b.WriteString(d.Now.Format("03:04 PM"))
		case 'A':
			b.WriteString(d.Now.Format("15:04"))
		case 'd':
			b.WriteString(d.Now.Format("Mon Jan 02"))
		case 'D':
			// \D{format} takes strftime; the common subset is mapped.
			if end := strings.IndexByte(ps[i:], '}'); i+1 < len(ps) && ps[i+1] == '{' && end > 0 {
				b.WriteString(strftime(ps[i+2:i+end], d.Now))
				i += end
			} else {
				b.WriteString(`\D`)
			}
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte('\x1b')
		case 'j':
			b.WriteString(strconv.Itoa(d.Jobs))
		case 's':
			b.WriteString(d.Shell)
		case 'v', 'V':
			b.WriteString(d.Version)
		case '!':
			b.WriteString(strconv.Itoa(d.HistNum))
		case '#':
			b.WriteString(strconv.Itoa(d.CmdNum))
		case '\\':
			b.WriteByte('\\')
		case '[', ']':
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(ps) && j < i+3 && ps[j] >= '0' && ps[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(ps[i:j], 8, 8)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

// strftime maps the strftime conversions people put in \D{…}.
func strftime(f string, t time.Time) string {
	if f == "" {
		return t.Format("15:04:05")
	}
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		layout, ok := map[byte]string{
			'H': "15", 'M': "04", 'S': "05", 'I': "03", 'p': "PM", 'Y': "2006", 'y': "06",
			'm': "01", 'd': "02", 'e': "_2", 'b': "Jan", 'B': "January", 'a': "Mon",
			'A': "Monday", 'Z': "MST", 'z': "-0700", 'T': "15:04:05", 'R': "15:04", 'F': "2006-01-02",
		}[f[i]]
		if ok {
			b.WriteString(t.Format(layout))
		} else if f[i] == '%' {
			b.WriteByte('%')
		} else {
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}
