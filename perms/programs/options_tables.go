package programs

import (
	"strings"
	"sync"

	"nosh/perms/analysis"
)

// plainProgramsTable lists programs that run no code and write no file
// whatever options they are given (their purpose may be to write, as
// cp's: then the operands are judged, see analysis/target.go). Programs in
// neither this table nor optionTablesTable, and without a handler, are
// unknown: an option of theirs that looks like it evaluates code asks.
func plainProgramsTable() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
		ls dir vdir cat tac head tail wc cut tr grep egrep fgrep zgrep ps pgrep pidof du df stat od hexdump hd strings
		date uname id whoami groups hostname which whereis realpath readlink basename dirname seq echo printf
		true false yes sleep printenv nproc free uptime w who last lastlog lscpu lsblk lsmod lspci lsusb lsof ss
		netstat ip ifconfig route getent getconf locale tty nl fold paste join comm column fmt expand unexpand
		rev tr md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum base32 numfmt factor expr
		test [ jq diff cmp sdiff-is-not-plain vmstat iostat mpstat top pstree dig host nslookup ping ping6
		traceroute tracepath mtr zcat bzcat xzcat zstdcat gzip gunzip bzip2 bunzip2 xz unxz zstd unzstd lz4
		cp mv ln install tee touch mkdir rmdir rm unlink chmod chown chgrp truncate shred dd mktemp sync
		kill pkill killall nice renice watch cal bc dc units lsattr getfacl getfattr sleep wait clear reset
		tput infocmp stty-is-not-plain timedatectl hostnamectl loginctl uptime arch dpkg-query rpm-query
	`) {
		m[n] = true
	}
	return m
}

// optionTablesTable returns, for the programs with options that run code
// or write files, the options known to be harmless. Handlers registered
// for the same programs judge their operands and the options they know
// to be dangerous (kept for the explanation they give). It is long
// because it is a table, one entry per program, not logic: split, it
// would only be harder to search.
func optionTablesTable() map[string]*optTable {
	// -o and --output: judged by sortCmd.
	sort := &optTable{short: "bdfghiMnRrVcCmsuz", arg: "ktSTo", long: []string{"--output=",
		"--ignore-leading-blanks", "--dictionary-order", "--ignore-case", "--general-numeric-sort",
		"--ignore-nonprinting", "--month-sort", "--human-numeric-sort", "--numeric-sort", "--random-sort",
		"--reverse", "--version-sort", "--check?", "--merge", "--stable", "--unique", "--zero-terminated",
		"--debug", "--help", "--version", "--sort=", "--key=", "--field-separator=", "--buffer-size=",
		"--temporary-directory=", "--parallel=", "--batch-size=", "--random-source=", "--files0-from="}}
	uniq := &optTable{short: "cdDiuz", arg: "fsw", long: []string{"--count", "--repeated", "--all-repeated?",
		"--ignore-case", "--unique", "--zero-terminated", "--group?", "--skip-fields=", "--skip-chars=",
		"--check-chars=", "--help", "--version"}}
	fd := &optTable{short: "HIusigFaLp0lq1hV", arg: "dteESojcC", handledArg: "xX", long: []string{
		"--hidden", "--no-hidden", "--no-ignore", "--no-ignore-vcs", "--no-ignore-parent", "--unrestricted",
		"--case-sensitive", "--ignore-case", "--glob", "--regex", "--fixed-strings", "--absolute-path",
		"--relative-path", "--list-details", "--follow", "--full-path", "--print0", "--prune", "--show-errors",
		"--one-file-system", "--quiet", "--no-require-git", "--strip-cwd-prefix?", "--help", "--version",
		"--max-depth=", "--min-depth=", "--exact-depth=", "--type=", "--extension=", "--exclude=", "--size=",
		"--changed-within=", "--changed-before=", "--newer=", "--older=", "--owner=", "--threads=",
		"--max-results=", "--color=", "--base-directory=", "--path-separator=", "--search-path=", "--format=",
		"--ignore-file=", "--and=", "--hyperlink?", "--batch-size="},
		handledLong: []string{"--exec", "--exec-batch"}}
	rg := &optTable{short: "abcFHhiIjLlMnNoOpqrsSuUvwxzZ0", arg: "ACeEfgmMrtTj", long: []string{
		"--text", "--count", "--count-matches", "--fixed-strings", "--with-filename", "--no-filename",
		"--ignore-case", "--smart-case", "--case-sensitive", "--files", "--files-with-matches",
		"--files-without-match", "--follow", "--hidden", "--no-hidden", "--line-number", "--no-line-number",
		"--only-matching", "--passthru", "--quiet", "--invert-match", "--word-regexp", "--line-regexp",
		"--search-zip", "--null", "--null-data", "--multiline", "--multiline-dotall", "--no-ignore",
		"--no-ignore-vcs", "--no-ignore-dot", "--no-ignore-parent", "--no-ignore-global", "--no-ignore-exclude",
		"--no-ignore-files", "--unrestricted", "--json", "--no-json", "--vimgrep", "--heading", "--no-heading",
		"--column", "--no-column", "--byte-offset", "--trim", "--no-messages", "--sort-files", "--stats",
		"--type-list", "--pcre2", "--no-pcre2", "--crlf", "--binary", "--no-binary", "--one-file-system",
		"--no-config", "--debug", "--trace", "--help", "--version", "--pretty", "--files-with-matches",
		"--include-zero", "--line-buffered", "--block-buffered", "--mmap", "--no-mmap", "--no-unicode",
		"--auto-hybrid-regex", "--engine=", "--after-context=", "--before-context=", "--context=",
		"--color=", "--colors=", "--regexp=", "--file=", "--glob=", "--iglob=", "--max-count=", "--max-depth=",
		"--max-columns=", "--max-filesize=", "--replace=", "--type=", "--type-not=", "--type-add=",
		"--threads=", "--sort=", "--sortr=", "--encoding=", "--path-separator=", "--context-separator=",
		"--field-match-separator=", "--field-context-separator=", "--ignore-file=", "--pre-glob=", "--hyperlink-format="}}
	ag := &optTable{short: "acfGhiklLnoQrsSuUvwz0", arg: "ABCgGmp", long: []string{"--ignore-case", "--literal",
		"--hidden", "--unrestricted", "--files-with-matches", "--count", "--nocolor", "--color",
		"--noheading", "--nofilename", "--numbers", "--column", "--word-regexp", "--follow", "--search-zip",
		"--ignore=", "--depth=", "--max-count=", "--context?", "--after?", "--before?", "--help", "--version"}}
	tar := &optTable{short: "AcdrtuxzjJZavkmpSWhOBilMRsUwoGgn", arg: "fCbHKLNTXV", long: []string{
		"--create", "--extract", "--get", "--list", "--append", "--update", "--diff", "--compare",
		"--concatenate", "--catenate", "--gzip", "--gunzip", "--ungzip", "--bzip2", "--xz", "--lzip", "--lzma",
		"--lzop", "--zstd", "--compress", "--uncompress", "--auto-compress", "--no-auto-compress", "--verbose",
		"--keep-old-files", "--skip-old-files", "--overwrite", "--overwrite-dir", "--no-overwrite-dir",
		"--keep-newer-files", "--keep-directory-symlink", "--touch", "--preserve-permissions",
		"--same-permissions", "--no-same-owner", "--no-same-permissions", "--same-owner", "--numeric-owner",
		"--dereference", "--hard-dereference", "--ignore-zeros", "--ignore-failed-read", "--to-stdout",
		"--totals?", "--show-transformed-names", "--show-stored-names", "--wildcards", "--no-wildcards",
		"--wildcards-match-slash", "--no-wildcards-match-slash", "--anchored", "--no-anchored",
		"--ignore-case", "--no-ignore-case", "--recursion", "--no-recursion", "--exclude-vcs",
		"--exclude-vcs-ignores", "--exclude-backups", "--exclude-caches", "--exclude-caches-all",
		"--exclude-caches-under", "--one-file-system", "--sparse", "--null", "--no-null",
		"--verbatim-files-from", "--no-verbatim-files-from", "--unquote", "--no-unquote", "--full-time",
		"--utc", "--acls", "--no-acls", "--xattrs", "--no-xattrs", "--selinux", "--no-selinux",
		"--delay-directory-restore", "--no-delay-directory-restore", "--interactive", "--confirmation",
		"--multi-volume", "--seek", "--no-seek", "--check-links", "--preserve-order", "--same-order",
		"--block-number", "--checkpoint?", "--backup?", "--help", "--usage", "--version", "--show-defaults",
		"--file=", "--directory=", "--strip-components=", "--exclude=", "--exclude-from=", "--exclude-tag=",
		"--exclude-tag-all=", "--exclude-tag-under=", "--exclude-ignore=", "--exclude-ignore-recursive=",
		"--files-from=", "--transform=", "--xform=", "--owner=", "--group=", "--mode=", "--mtime=",
		"--sort=", "--format=", "--blocking-factor=", "--record-size=", "--label=", "--newer=",
		"--after-date=", "--newer-mtime=", "--occurrence?", "--warning=", "--suffix=", "--tape-length=",
		"--quoting-style=", "--quote-chars=", "--no-quote-chars=", "--owner-map=", "--group-map=",
		"--pax-option=", "--hole-detection=", "--sparse-version=", "--level=", "--listed-incremental=",
		"--incremental", "--atime-preserve?", "--clamp-mtime", "--no-ignore-command-error",
		"--ignore-command-error", "--restrict"}}
	sshT := &optTable{short: "46AaCfGgKkMNnqsTtVvXxYy", arg: "BbcDeiJLlmOoPpQRWw", value: sshValue, long: []string{"--help"}}
	// Not -D: it names the sftp server program scp runs.
	scp := &optTable{short: "346ABCOpqRrTv", arg: "ciJlPoX", value: sshValue}
	sftp := &optTable{short: "46AaCfNpqrv", arg: "ciJloPR", value: sshValue}
	rsync := &optTable{short: "vqcarRbudlLkKHpEAXogDtUNOJmnWxSzhPiyC8F0s6", arg: "BfT@", handledArg: "eM", value: nil, long: []string{
		"--verbose", "--quiet", "--no-motd", "--checksum", "--archive", "--recursive", "--relative",
		"--no-implied-dirs", "--backup", "--update", "--inplace", "--append", "--append-verify", "--dirs",
		"--old-dirs", "--mkpath", "--links", "--copy-links", "--copy-unsafe-links", "--safe-links",
		"--munge-links", "--copy-dirlinks", "--keep-dirlinks", "--hard-links", "--perms", "--executability",
		"--acls", "--xattrs", "--owner", "--group", "--devices", "--copy-devices", "--write-devices",
		"--specials", "--times", "--atimes", "--open-noatime", "--crtimes", "--omit-dir-times",
		"--omit-link-times", "--super", "--fake-super", "--sparse", "--preallocate", "--dry-run",
		"--whole-file", "--checksum-choice=", "--one-file-system", "--existing", "--ignore-non-existing",
		"--ignore-existing", "--delete", "--delete-before", "--delete-during", "--delete-delay",
		"--delete-after", "--delete-excluded", "--ignore-missing-args", "--delete-missing-args",
		"--ignore-errors", "--force", "--partial", "--delay-updates", "--prune-empty-dirs", "--numeric-ids",
		"--ignore-times", "--size-only", "--fuzzy", "--compress", "--cvs-exclude", "--from0", "--protect-args",
		"--secluded-args", "--trust-sender", "--stats", "--8-bit-output", "--human-readable", "--progress",
		"--itemize-changes", "--list-only", "--ipv4", "--ipv6", "--version", "--help", "--no-perms",
		"--no-owner", "--no-group", "--no-times", "--no-recursive", "--no-relative", "--no-links",
		"--no-whole-file", "--no-compress", "--no-verbose", "--no-human-readable", "--no-inc-recursive",
		"--inc-recursive", "--blocking-io", "--no-blocking-io", "--copy-as=", "--exclude=", "--include=",
		"--exclude-from=", "--include-from=", "--files-from=", "--filter=", "--max-size=", "--min-size=",
		"--max-delete=", "--max-alloc=", "--block-size=", "--bwlimit=", "--timeout=", "--contimeout=",
		"--port=", "--modify-window=", "--compare-dest=", "--copy-dest=", "--link-dest=", "--suffix=",
		"--compress-choice=", "--compress-level=", "--skip-compress=", "--info=", "--debug=", "--out-format=",
		"--log-format=", "--iconv=", "--chmod=", "--address=", "--sockopts=", "--outbuf=", "--stop-after=",
		"--stop-at=", "--zc=", "--zl=", "--cc=", "--usermap=", "--groupmap=", "--chown="},
		handledLong: []string{"--rsh=", "--rsync-path=", "--remote-option="}}
	awk := &optTable{short: "bchMNnOPrsStVCgLY", arg: "Fv", handledArg: "efEil", long: []string{
		"--characters-as-bytes", "--traditional", "--copyright", "--gen-pot", "--help", "--bignum",
		"--use-lc-numeric", "--non-decimal-data", "--optimize", "--posix", "--re-interval",
		"--no-optimize", "--sandbox", "--lint-old", "--version", "--lint?", "--csv", "--field-separator=",
		"--assign="}, handledLong: []string{"--file=", "--exec=", "--source=", "--include=", "--load="}}
	sed := &optTable{short: "nrEsuzb", arg: "l", handled: "iI", handledArg: "ef", long: []string{"--quiet",
		"--silent", "--debug", "--posix", "--regexp-extended", "--separate", "--sandbox", "--unbuffered",
		"--null-data", "--zero-terminated", "--follow-symlinks", "--binary", "--help", "--version",
		"--line-length="}, handledLong: []string{"--expression=", "--file=", "--in-place"}}
	makeT := &optTable{short: "BdeiknpqrRsStvwLO", arg: "CjlIWo", handledArg: "f", long: []string{
		"--always-make", "--environment-overrides", "--ignore-errors", "--keep-going", "--just-print",
		"--dry-run", "--recon", "--question", "--no-builtin-rules", "--no-builtin-variables", "--silent",
		"--quiet", "--no-silent", "--stop", "--no-keep-going", "--touch", "--trace", "--print-directory",
		"--no-print-directory", "--warn-undefined-variables", "--check-symlink-times", "--print-data-base",
		"--help", "--version", "--debug?", "--jobs?", "--load-average?", "--output-sync?", "--shuffle?",
		"--directory=", "--include-dir=", "--what-if=", "--new-file=", "--assume-new=", "--old-file=",
		"--assume-old="}, handledLong: []string{"--file=", "--makefile="}}
	// Not -C/--config-file: man-db's configuration names the programs
	// it runs (DEFINE pager, tbl…).
	man := &optTable{short: "acdDfhiIklKRtuwWZ7", arg: "LMmSserEO", long: []string{"--all", "--catman",
		"--debug", "--default", "--whatis", "--apropos", "--global-apropos", "--local-file", "--where",
		"--path", "--location", "--where-cat", "--location-cat", "--ignore-case", "--match-case",
		"--regex", "--wildcard", "--names-only", "--no-subpages", "--no-hyphenation", "--no-justification",
		"--update", "--help", "--usage", "--version", "--locale=", "--systems=",
		"--manpath=", "--sections=", "--extension=", "--encoding=", "--prompt=", "--ascii?", "--nh", "--nj"}}
	less := &optTable{short: "aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWXz~", arg: "bhjpPtTxyz#D", long: []string{
		"--quit-at-eof", "--QUIT-AT-EOF", "--quit-if-one-screen", "--RAW-CONTROL-CHARS", "--raw-control-chars",
		"--chop-long-lines", "--no-init", "--ignore-case", "--IGNORE-CASE", "--LINE-NUMBERS", "--line-numbers",
		"--long-prompt", "--squeeze-blank-lines", "--status-column", "--quiet", "--silent", "--help",
		"--version", "--follow-name", "--mouse", "--wheel-lines=", "--tabs=", "--shift=", "--pattern=",
		"--prompt=", "--jump-target=", "--max-back-scroll=", "--window=", "--header=", "--use-color", "--incsearch"}}
	file := &optTable{short: "bcdEhiklLnNprsSvz0Z", arg: "eFfmP", long: []string{"--brief", "--debug",
		"--extension", "--mime", "--mime-type", "--mime-encoding", "--keep-going", "--list", "--dereference",
		"--no-dereference", "--no-buffer", "--no-pad", "--preserve-date", "--raw", "--special-files",
		"--no-sandbox", "--uncompress", "--uncompress-noreport", "--print0", "--help", "--version", "--apple",
		"--exclude=", "--exclude-quiet=", "--separator=", "--files-from=", "--magic-file=", "--parameter="}}
	xxd := &optTable{short: "abCdEhiprsuv", arg: "cglonsR", long: []string{"-autoskip", "-bits", "-capitalize",
		"-decimal", "-EBCDIC", "-help", "-include", "-postscript", "-plain", "-ps", "-revert", "-uppercase",
		"-version", "-cols=", "-groupsize=", "-len=", "-name=", "-offset=", "-seek="}}
	dmesg := &optTable{short: "dhHkLlPrSTtuwxe", arg: "Ffs", long: []string{"--show-delta", "--human",
		"--kernel", "--color?", "--reltime", "--ctime", "--notime", "--raw", "--syslog", "--userspace",
		"--follow", "--follow-new", "--decode", "--time-format=", "--level=", "--facility=", "--buffer-size=",
		"--since=", "--until=", "--file=", "--nopager", "--json", "--help", "--version", "--force-prefix"}}
	tree := &optTable{short: "adlfxDFiAqNQpugshrCnSvtUcJX", arg: "PIHTL", long: []string{"--help", "--version",
		"--noreport", "--inodes", "--device", "--dirsfirst", "--filesfirst", "--du", "--si", "--prune",
		"--gitignore", "--matchdirs", "--ignore-case", "--fromfile", "--metafirst", "--charset=", "--filelimit=",
		"--timefmt=", "--sort=", "--info", "--infofile=", "--hyperlink"}}
	// -T is harmless only alone: -TT (also inside a cluster, -TTcmd)
	// runs a command to test the archive. -m deletes what it adds: see
	// zipCmd.
	zip := &optTable{short: "rjqvmDXyzAcdguUFoSl0123456789", arg: "bnPtxiZ@", long: []string{"-T", "--recurse-paths",
		"--junk-paths", "--quiet", "--verbose", "--test", "--no-dir-entries", "--no-extra", "--symlinks",
		"--help", "--version", "--exclude=", "--include=", "--suffixes=", "--password="}}
	// vim's harmless options; -c, --cmd, -S, -s (a script of keys), -u,
	// +cmd run editor commands (vimCmd names them), and -i, -w, -W,
	// -V20FILE, --startuptime and --log write files, -t follows a tags
	// file's commands, --remote* send keys to another vim. (Not -l: it
	// is nvim's Lua script.)
	vim := &optTable{short: "RMmbNndZyhvXCDfgeEArLHF", arg: "Tq", attached: "oOp", long: []string{"--help",
		"--version", "--clean", "--noplugin", "--nofork", "--literal", "--not-a-term", "--ttyfail",
		"--serverlist", "--headless"}}
	// unzip's harmless options: not -: and -^, which let names climb out
	// of the directory or hold control characters; -d is judged by
	// unzipCmd.
	unzip := &optTable{short: "ZcflpTtuvzabBCDjKLMnoqsUVWX0h", arg: "dxPIO", long: []string{"--help"}}
	// ssh-keygen's options that read and print: not key generation, -p,
	// -c, -H, -R (they write keys and known_hosts), -D and -K (a PKCS#11
	// or FIDO library, loaded as code), -s, -Y, -k, -G, -T.
	sshKeygen := &optTable{short: "lvyBLeiqrgQ", arg: "fFEmNPabC"}
	return map[string]*optTable{
		"vi": vim, "vim": vim, "nvim": vim, "view": vim, "ex": vim, "gvim": vim, "vimdiff": vim, "rvim": vim,
		"rview": vim, "gview": vim, "evim": vim, "unzip": unzip, "ssh-keygen": sshKeygen,
		"sort": sort, "gsort": sort, "uniq": uniq, "fd": fd, "fdfind": fd, "rg": rg, "ag": ag,
		"tar": tar, "gtar": tar, "bsdtar": tar,
		"ssh": sshT, "scp": scp, "sftp": sftp, "rsync": rsync,
		"awk": awk, "gawk": awk, "mawk": awk, "nawk": awk, "sed": sed, "gsed": sed,
		"make": makeT, "gmake": makeT, "man": man, "less": less, "more": less, "file": file, "xxd": xxd,
		"dmesg": dmesg, "tree": tree, "zip": zip,
	}
}

// sshSafeKeys are the ssh -o settings known to be harmless: none runs a
// command, loads code or writes a file.
func sshSafeKeys() map[string]bool {
	sshSafeKeysOnce.Do(func() { sshSafeKeysValue = makeSshSafeKeys() })
	return sshSafeKeysValue
}

var (
	sshSafeKeysOnce  sync.Once
	sshSafeKeysValue map[string]bool
)

func makeSshSafeKeys() map[string]bool {
	return map[string]bool{
		"connecttimeout": true, "batchmode": true, "stricthostkeychecking": true, "port": true, "user": true,
		"serveraliveinterval": true, "serveralivecountmax": true, "compression": true, "loglevel": true,
		"connectionattempts": true, "hostname": true, "identitiesonly": true, "passwordauthentication": true,
		"pubkeyauthentication": true, "preferredauthentications": true, "addressfamily": true,
		"requesttty": true, "hostkeyalgorithms": true, "kexalgorithms": true, "ciphers": true, "macs": true,
		"numberofpasswordprompts": true, "visualhostkey": true, "checkhostip": true, "hashknownhosts": true,
		"tcpkeepalive": true, "ipqos": true, "exitonforwardfailure": true, "escapechar": true,
		"bindaddress": true, "bindinterface": true, "clearallforwardings": true, "hostbasedauthentication": true,
		"kbdinteractiveauthentication": true, "gssapiauthentication": true, "forwardx11": true,
		"forwardagent": true, "verifyhostkeydns": true, "fingerprinthash": true, "rekeylimit": true,
		"pubkeyacceptedalgorithms": true, "pubkeyacceptedkeytypes": true, "casignaturealgorithms": true,
		"globalknownhostsfile": true, "hostkeyalias": true, "nohostauthenticationforlocalhost": true,
		"streamlocalbindunlink": false,
	}
}

// sshValue judges ssh's -o KEY=VALUE (scp's and sftp's too): only the
// settings known to be harmless are let through. ssh reads the key up to
// the first space, tab or =, case-insensitively.
func sshValue(c *analysis.Cmd, opt string, v analysis.Word) {
	if opt == "-J" {
		// ssh turns the jump hosts into a command line it runs through
		// a shell: only [user@]host[:port] lists are plain.
		if !v.IsStatic() || !plainJumpHosts(v.Value) {
			c.Risk(analysis.KindOption, c.Base+" -J", "a jump host that is not a plain [user@]host[:port]: ssh runs it in a shell command line")
		}
		return
	}
	if opt != "-o" {
		return
	}
	if !v.IsStatic() {
		c.Risk(analysis.KindOption, c.Base+" -o", "an ssh setting computed at run time")
		return
	}
	key := strings.TrimLeft(v.Value, " \t")
	if i := strings.IndexAny(key, " \t="); i >= 0 {
		key = key[:i]
	}
	if !sshSafeKeys()[strings.ToLower(key)] {
		c.Risk(analysis.KindOption, c.Base+" -o "+key, "an ssh setting not known to be harmless: some run commands, load code or write files")
	}
}

// plainJumpHosts reports whether v is a comma-separated list of
// [user@]host[:port] (or ssh://…) made of characters no shell treats
// specially.
func plainJumpHosts(v string) bool {
	if v == "" || v == "none" {
		return v == "none"
	}
	for _, h := range strings.Split(strings.TrimPrefix(v, "ssh://"), ",") {
		h = strings.TrimPrefix(h, "ssh://")
		if h == "" || h[0] == '-' {
			return false
		}
		for i := 0; i < len(h); i++ {
			ch := h[i]
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("._-@:[]", ch) >= 0) {
				return false
			}
		}
	}
	return true
}

// findSafe lists find's predicates known to be harmless, with how many
// arguments each takes.
func findSafe() map[string]int {
	findSafeOnce.Do(func() { findSafeValue = makeFindSafe() })
	return findSafeValue
}

var (
	findSafeOnce  sync.Once
	findSafeValue map[string]int
)

func makeFindSafe() map[string]int {
	return map[string]int{
		"-name": 1, "-iname": 1, "-path": 1, "-ipath": 1, "-wholename": 1, "-iwholename": 1, "-regex": 1,
		"-iregex": 1, "-regextype": 1, "-type": 1, "-xtype": 1, "-size": 1, "-empty": 0, "-newer": 1,
		"-anewer": 1, "-cnewer": 1, "-mtime": 1, "-mmin": 1, "-atime": 1, "-amin": 1, "-ctime": 1, "-cmin": 1,
		"-used": 1, "-user": 1, "-group": 1, "-uid": 1, "-gid": 1, "-nouser": 0, "-nogroup": 0, "-perm": 1,
		"-links": 1, "-inum": 1, "-samefile": 1, "-readable": 0, "-writable": 0, "-executable": 0,
		"-fstype": 1, "-maxdepth": 1, "-mindepth": 1, "-depth": 0, "-d": 0, "-mount": 0, "-xdev": 0,
		"-noleaf": 0, "-daystart": 0, "-follow": 0, "-ignore_readdir_race": 0, "-noignore_readdir_race": 0,
		"-warn": 0, "-nowarn": 0, "-true": 0, "-false": 0, "-not": 0, "-a": 0, "-and": 0, "-o": 0, "-or": 0,
		",": 0, "!": 0, "(": 0, ")": 0, "-print": 0, "-print0": 0, "-printf": 1, "-ls": 0, "-prune": 0,
		"-quit": 0, "-lname": 1, "-ilname": 1, "-context": 1, "-help": 0, "--help": 0, "-version": 0,
		"--version": 0, "-files0-from": 1,
		// judged by findCmd: actions that run commands, delete or write
		"-exec": -1, "-execdir": -1, "-ok": -1, "-okdir": -1, "-delete": -1, "-fprint": -1, "-fprint0": -1,
		"-fprintf": -1, "-fls": -1,
	}
}

// findPredicates records a risk for every predicate of find not known
// to be harmless. The start paths come first; -newerXY takes one
// argument.
func findPredicates(c *analysis.Cmd) {
	ws := c.Args
	i := findStart(ws)
	for ; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		if !strings.HasPrefix(v, "-") && v != "!" && v != "(" && v != ")" && v != "," {
			continue // a start path, or an argument skipped below
		}
		n, ok := findSafe()[v]
		if !ok && strings.HasPrefix(v, "-newer") && len(v) == 8 {
			n, ok = 1, true
		}
		switch {
		case !ok:
			c.Risk(analysis.KindOption, "find "+v, "a find predicate not known to be harmless: it may run code or write files")
		case n < 0:
			// findCmd judges it; skip to the end of an -exec.
			if v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir" {
				for i+1 < len(ws) && !(ws[i+1].IsStatic() && (ws[i+1].Value == ";" || ws[i+1].Value == "+")) {
					i++
				}
				i++
			} else if v == "-fprintf" {
				i += 2
			} else if v != "-delete" {
				i++
			}
		default:
			i += n
		}
	}
}

// gitOptionTables returns the options known to be harmless for git's
// read-only subcommands, keyed "git SUBCOMMAND". Other subcommands (which
// need a rule of their own, being writes) keep gitCmd's checks.
func gitOptionTables() map[string]*optTable {
	// Options of the log and diff families (git log, show, diff…).
	diff := []string{"--oneline", "--graph", "--decorate?", "--all", "--branches?", "--tags?", "--remotes?",
		"--stat?", "--shortstat", "--numstat", "--name-only", "--name-status", "--summary", "--patch",
		"--raw", "--patch-with-stat", "--patch-with-raw", "--abbrev?", "--abbrev-commit", "--full-index",
		"--binary", "--color?", "--word-diff?", "--word-diff-regex=", "--color-words?", "--color-moved?",
		"--color-moved-ws=", "--find-renames?", "--find-copies?", "--find-copies-harder", "--irreversible-delete",
		"--diff-filter=", "--pickaxe-all", "--pickaxe-regex", "--relative?", "--text", "--ignore-cr-at-eol",
		"--ignore-space-at-eol", "--ignore-space-change", "--ignore-all-space", "--ignore-blank-lines",
		"--ignore-matching-lines=", "--inter-hunk-context=", "--function-context", "--exit-code", "--quiet",
		"--check", "--src-prefix=", "--dst-prefix=", "--default-prefix", "--line-prefix=",
		"--ita-invisible-in-index", "--minimal", "--patience", "--histogram", "--anchored=", "--diff-algorithm=",
		"--indent-heuristic", "--cached", "--staged", "--merge-base", "--full-diff", "--follow", "--log-size",
		"--source", "--mailmap", "--use-mailmap", "--encoding=", "--expand-tabs?", "--notes?", "--show-notes?",
		"--show-notes-by-default", "--relative-date", "--date=", "--parents", "--children", "--left-right",
		"--cherry-mark", "--cherry-pick", "--cherry", "--show-linear-break?", "--format=", "--pretty?",
		"--max-count=", "--skip=", "--since=", "--after=", "--until=", "--before=", "--since-as-filter=",
		"--author=", "--committer=", "--grep=", "--grep-reflog=", "--all-match", "--invert-grep",
		"--regexp-ignore-case", "--basic-regexp", "--extended-regexp", "--fixed-strings", "--perl-regexp",
		"--remove-empty", "--merges", "--min-parents=", "--max-parents=", "--first-parent",
		"--exclude-first-parent-only", "--not", "--glob=", "--exclude=", "--reflog", "--walk-reflogs",
		"--single-worktree", "--ignore-missing", "--bisect", "--stdin", "--simplify-by-decoration",
		"--full-history", "--dense", "--sparse", "--simplify-merges", "--ancestry-path?", "--boundary",
		"--topo-order", "--date-order", "--author-date-order", "--reverse", "--walk?", "--do-walk",
		"--decorate-refs=", "--decorate-refs-exclude=", "--clear-decorations", "--diff-merges=",
		"--combined-all-paths", "--remerge-diff", "--root", "--submodule?", "--ignore-submodules?",
		"--dirstat?", "--dirstat-by-file?", "--compact-summary", "--stat-width=", "--stat-name-width=",
		"--stat-graph-width=", "--stat-count=", "--cumulative", "--output-indicator-new=",
		"--output-indicator-old=", "--output-indicator-context=", "--unified=", "--ws-error-highlight=",
		"--break-rewrites?", "--rotate-to=", "--skip-to=", "--textconv-cache-is-not-accepted",
		"--count", "--objects", "--objects-edge", "--unpacked", "--timestamp", "--header",
		"--no-walk?", "--cc", "--dd", "--help"}
	diffShort := "pusRzmctraWwbiEFPgqNh"
	diffArg := "nUSGLOlIX"
	diffAttached := "MCBD"
	logT := &optTable{short: diffShort, arg: diffArg, attached: diffAttached, long: diff, digits: true, negations: true}
	status := &optTable{short: "sbvzu", attached: "u", long: []string{"--short", "--branch", "--show-stash",
		"--porcelain?", "--long", "--verbose", "--untracked-files?", "--ignore-submodules?", "--ignored?",
		"--column?", "--ahead-behind", "--renames", "--find-renames?", "--null", "--help"}, negations: true}
	branch := &optTable{short: "alrvi", long: []string{"--list", "--all", "--remotes", "--verbose",
		"--show-current", "--contains?", "--no-contains?", "--merged?", "--no-merged?", "--points-at=",
		"--sort=", "--format=", "--color?", "--column?", "--ignore-case", "--abbrev=", "--omit-empty"}, negations: true}
	tag := &optTable{short: "li", attached: "n", long: []string{"--list", "--sort=", "--contains?",
		"--no-contains?", "--merged?", "--no-merged?", "--points-at=", "--format=", "--column?", "--color?",
		"--ignore-case", "--omit-empty"}, negations: true}
	blame := &optTable{short: "blstpwcefnsMC", arg: "LS", long: []string{"--porcelain", "--line-porcelain",
		"--incremental", "--show-email", "--show-name", "--show-number", "--root", "--show-stats",
		"--progress", "--score-debug", "--minimal", "--reverse=", "--first-parent", "--since=", "--date=",
		"--color-lines", "--color-by-age", "--abbrev=", "--contents=", "--ignore-rev=", "--ignore-revs-file=",
		"--encoding="}, negations: true}
	grep := &optTable{short: "aiIwvhHEGFPnlLcozqrs", arg: "efABCm", digits: true, long: []string{"--cached",
		"--untracked", "--no-index", "--exclude-standard", "--recurse-submodules", "--text", "--ignore-case",
		"--word-regexp", "--invert-match", "--full-name", "--extended-regexp", "--basic-regexp",
		"--perl-regexp", "--fixed-strings", "--line-number", "--column", "--files-with-matches",
		"--name-only", "--files-without-match", "--null", "--only-matching", "--count", "--color?", "--break",
		"--heading", "--show-function", "--function-context", "--threads=", "--and", "--or", "--not",
		"--all-match", "--quiet", "--max-depth=", "--recursive", "--context=", "--after-context=",
		"--before-context=", "--max-count=", "--help"}, negations: true}
	remote := &optTable{short: "v", long: []string{"--verbose"}}
	catFile := &optTable{short: "tspe", long: []string{"--batch?", "--batch-check?", "--batch-command?",
		"--batch-all-objects", "--buffer", "--unordered", "--follow-symlinks", "--allow-unknown-type",
		"--use-mailmap", "--mailmap", "--path=", "-Z", "--help"}, negations: true}
	shortlog := &optTable{short: "sneic", attached: "w", long: []string{"--summary", "--numbered", "--email",
		"--committer", "--group=", "--format?", "--all", "--branches?", "--since=", "--until=", "--author=",
		"--no-merges", "--merges", "--first-parent", "--help"}, negations: true}
	return map[string]*optTable{
		"git log": logT, "git show": logT, "git diff": logT, "git whatchanged": logT, "git shortlog": shortlog,
		"git reflog": logT, "git rev-list": logT, "git diff-tree": logT, "git diff-index": logT,
		"git diff-files": logT, "git status": status, "git branch": branch, "git tag": tag,
		"git blame": blame, "git annotate": blame, "git grep": grep, "git remote": remote, "git cat-file": catFile,
	}
}
