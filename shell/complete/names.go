package complete

import (
	"bufio"
	"context"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// vars completes a variable name; braces closes ${NAME with '}'.
func (c *Completer) vars(prefix string, braces bool) []Candidate {
	names := c.Env.Vars()
	sort.Strings(names)
	var out []Candidate
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			v := n
			if braces {
				v += "}"
			}
			out = append(out, Candidate{Value: v, Display: n, Tag: "variables", NoSpace: true})
		}
	}
	return out
}

// passwdUser is one line of the passwd file.
type passwdUser struct{ name, home, gecos string }

func (c *Completer) passwd() []passwdUser {
	f, err := os.Open(c.Passwd)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []passwdUser
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ":")
		if len(fields) < 6 || fields[0] == "" || strings.HasPrefix(fields[0], "#") {
			continue
		}
		out = append(out, passwdUser{name: fields[0], gecos: strings.Split(fields[4], ",")[0], home: fields[5]})
	}
	return out
}

// users completes ~NAME.
func (c *Completer) users(prefix string) []Candidate {
	var out []Candidate
	for _, u := range c.passwd() {
		if strings.HasPrefix(u.name, prefix) {
			desc := u.gecos
			if desc == "" {
				desc = u.home
			}
			out = append(out, Candidate{Value: u.name + "/", Display: "~" + u.name, Description: desc, Tag: "users", NoSpace: true})
		}
	}
	return out
}

// home is the home directory for ~user ($HOME for ~).
func (c *Completer) home(user string) (string, bool) {
	if user == "" {
		h := c.Env.Get("HOME")
		return h, h != ""
	}
	for _, u := range c.passwd() {
		if u.name == user {
			return u.home, true
		}
	}
	return "", false
}

// jobCommands take %N job specifications.
func jobCommands() map[string]bool {
	jobCommandsOnce.Do(func() { jobCommandsValue = makeJobCommands() })
	return jobCommandsValue
}

var (
	jobCommandsOnce  sync.Once
	jobCommandsValue map[string]bool
)

func makeJobCommands() map[string]bool {
	return map[string]bool{"fg": true, "bg": true, "jobs": true, "wait": true, "disown": true, "kill": true}
}

// jobs completes %N.
func jobs(env Env) []Candidate {
	var out []Candidate
	for _, j := range env.Jobs() {
		out = append(out, Candidate{Value: "%" + strconv.Itoa(j.ID), Description: j.Text, Tag: "jobs"})
	}
	return out
}

// completeUnset completes variable names (and functions after -f).
func completeUnset(_ context.Context, a *Args) ([]Candidate, bool) {
	if slices.Contains(a.Words[1:], "-f") {
		var out []Candidate
		for _, f := range a.Env.Functions() {
			out = append(out, Candidate{Value: f, Tag: "functions"})
		}
		return out, true
	}
	out := a.c.vars(a.Current, false)
	for i := range out {
		out[i].NoSpace = false
	}
	return out, true
}
