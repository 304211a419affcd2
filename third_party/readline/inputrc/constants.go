//go:build !windows
// +build !windows

package inputrc

const delimiter = "####----####\n"
