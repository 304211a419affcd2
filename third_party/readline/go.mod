module github.com/reeflective/readline

go 1.25.0

require golang.org/x/sys v0.45.0

require (
	github.com/creack/pty v1.1.24
	github.com/hinshun/vt10x v0.0.0-20220301184237-5011da428d02
	github.com/rivo/uniseg v0.4.7
)

require (
	github.com/cweill/gotests v1.9.0 // indirect
	golang.org/x/mod v0.36.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/tools v0.45.0 // indirect
)
