package engine

import (
	"context"
	"io"

	"nosh/shell/internal/stagepipe"
)

// ErrBrokenPipe is the cancellation cause of a stage whose reader has
// gone (package shell/internal/stagepipe).
var ErrBrokenPipe = stagepipe.ErrBrokenPipe

// StageStreams gives a builtin running in a pipeline stage an output that
// stops the stage on a broken pipe, and an error output that says no more
// once the stage is dying (stagepipe.Streams).
func StageStreams(ctx context.Context, stdout, stderr io.Writer) (io.Writer, io.Writer) {
	return stagepipe.Streams(ctx, stdout, stderr)
}
