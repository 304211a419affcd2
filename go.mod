module nosh

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/creack/pty v1.1.24
	github.com/reeflective/readline v1.3.0
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/tools v0.45.0 // indirect
)
