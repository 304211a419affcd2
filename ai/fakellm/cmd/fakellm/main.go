// Command fakellm runs the fake provider of package nosh/ai/fakellm as a
// process, for tests that drive a nosh binary.
//
// Usage:
//
//	fakellm -script replies.jsonl [-log requests.jsonl] [-url-file url.txt]
//
// The script holds one fakellm.Reply per line as JSON, e.g.
//
//	{"text": "ls -la"}
//	{"tool_calls": [{"name": "run", "arguments": "{\"cmd\":\"ls\"}"}], "chunk": 3}
//	{"status": 429, "header": {"Retry-After": "1"}}
//
// fakellm prints its base URL (http://127.0.0.1:PORT) on standard output,
// and also writes it to -url-file when given; it appends each request it
// receives to -log as a JSON line (method, path, header, body, wire). It
// serves until SIGINT or SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"nosh/ai/fakellm"
)

func main() {
	os.Exit(run())
}

func run() int {
	script := flag.String("script", "", "file of replies, one JSON object a line (required)")
	logPath := flag.String("log", "", "file to append received requests to, one JSON object a line")
	urlFile := flag.String("url-file", "", "file to write the base URL to")
	flag.Parse()
	if *script == "" {
		fmt.Fprintln(os.Stderr, "fakellm: -script is required")
		return 2
	}
	f, err := os.Open(*script)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakellm:", err)
		return 1
	}
	replies, err := fakellm.ReadScript(f)
	f.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakellm:", err)
		return 1
	}
	// Catch the signals before the URL is out: a parent that reads it
	// may stop us at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := fakellm.New(nil, replies...)
	defer srv.Close()
	if *logPath != "" {
		lf, err := os.OpenFile(*logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fakellm:", err)
			return 1
		}
		defer lf.Close()
		srv.LogTo(lf)
	}
	if *urlFile != "" {
		if err := os.WriteFile(*urlFile, []byte(srv.URL()+"\n"), 0o600); err != nil {
			fmt.Fprintln(os.Stderr, "fakellm:", err)
			return 1
		}
	}
	fmt.Println(srv.URL())
	<-ctx.Done()
	return 0
}
