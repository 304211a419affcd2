package engine

import (
	"context"
	"errors"
	"io"
	"os"
	"sync/atomic"
	"syscall"
)

// A pipeline stage that nosh runs in-process (a loop, a function, a
// builtin, a subshell) is a goroutine, not a process: when the command
// reading its output exits, its next write fails with EPIPE instead of
// killing it with SIGPIPE, and `while :; do echo y; done | head -2` went
// on forever. nosh makes such a stage die as a process would: the first
// write that finds the pipe broken stops the whole stage, which ends with
// status 141 (128 + SIGPIPE) and without a word.

// ErrBrokenPipe is the cancellation cause of a stage whose reader has
// gone.
var ErrBrokenPipe = errors.New("broken pipe")

// stageOutputKey marks the context of a pipeline stage that writes to a
// pipe; its value is the *stageOutput.
type stageOutputKey struct{}

// stageOutput is the pipe a pipeline stage writes to, and how to stop the
// stage once its reader has gone.
type stageOutput struct {
	w      *os.File
	cancel context.CancelCauseFunc
	broken atomic.Bool
}

// withStageOutput returns a context for a stage writing to w, which a
// broken pipe cancels.
func withStageOutput(ctx context.Context, w *os.File) (context.Context, *stageOutput) {
	ctx, cancel := context.WithCancelCause(ctx)
	o := &stageOutput{w: w, cancel: cancel}
	return context.WithValue(ctx, stageOutputKey{}, o), o
}

// wrote looks at the error of a write to the stage's pipe and stops the
// stage when the pipe is broken.
func (o *stageOutput) wrote(err error) {
	if errors.Is(err, syscall.EPIPE) && o.broken.CompareAndSwap(false, true) {
		o.cancel(ErrBrokenPipe)
	}
}

// StageStreams gives a builtin running in a pipeline stage an output that
// stops the stage on a broken pipe, and an error output that says no more
// once the stage is dying, as a process killed by SIGPIPE would not.
func StageStreams(ctx context.Context, stdout, stderr io.Writer) (io.Writer, io.Writer) {
	o, ok := ctx.Value(stageOutputKey{}).(*stageOutput)
	if !ok {
		return stdout, stderr
	}
	if stdout == io.Writer(o.w) {
		stdout = stageWriter{w: o.w, o: o}
	}
	return stdout, silencedWriter{w: stderr, o: o}
}

// stageWriter is a stage's pipe as its builtins write to it.
type stageWriter struct {
	w *os.File
	o *stageOutput
}

func (sw stageWriter) Write(p []byte) (int, error) {
	if sw.o.broken.Load() {
		return 0, syscall.EPIPE
	}
	n, err := sw.w.Write(p)
	if err != nil {
		sw.o.wrote(err)
	}
	return n, err
}

// silencedWriter drops what is written once the stage's pipe broke.
type silencedWriter struct {
	w io.Writer
	o *stageOutput
}

func (s silencedWriter) Write(p []byte) (int, error) {
	if s.o.broken.Load() {
		return len(p), nil
	}
	return s.w.Write(p)
}
