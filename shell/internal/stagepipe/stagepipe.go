package stagepipe

import (
	"context"
	"errors"
	"io"
	"os"
	"sync/atomic"
	"syscall"
)

// ErrBrokenPipe is the cancellation cause of a stage whose reader has
// gone.
var ErrBrokenPipe = errors.New("broken pipe")

// outputKey marks the context of a pipeline stage that writes to a
// pipe; its value is the *Output.
type outputKey struct{}

// Output is the pipe a pipeline stage writes to, and how to stop the
// stage once its reader has gone.
type Output struct {
	w      *os.File
	cancel context.CancelCauseFunc
	broken atomic.Bool
}

// With returns a context for a stage writing to w, which a
// broken pipe cancels.
func With(ctx context.Context, w *os.File) (context.Context, *Output) {
	ctx, cancel := context.WithCancelCause(ctx)
	o := &Output{w: w, cancel: cancel}
	return context.WithValue(ctx, outputKey{}, o), o
}

// Broken reports whether the stage's reader has gone: the stage died as
// a process dies of SIGPIPE.
func (o *Output) Broken() bool { return o.broken.Load() }

// wrote looks at the error of a write to the stage's pipe and stops the
// stage when the pipe is broken.
func (o *Output) wrote(err error) {
	if errors.Is(err, syscall.EPIPE) && o.broken.CompareAndSwap(false, true) {
		o.cancel(ErrBrokenPipe)
	}
}

// Streams gives a builtin running in a pipeline stage an output that
// stops the stage on a broken pipe, and an error output that says no more
// once the stage is dying, as a process killed by SIGPIPE would not.
func Streams(ctx context.Context, stdout, stderr io.Writer) (io.Writer, io.Writer) {
	o, ok := ctx.Value(outputKey{}).(*Output)
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
	o *Output
}

// Write writes to the pipe, stopping the stage when it is broken.
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
	o *Output
}

// Write drops p once the pipe broke.
func (s silencedWriter) Write(p []byte) (int, error) {
	if s.o.broken.Load() {
		return len(p), nil
	}
	return s.w.Write(p)
}
