package client

import (
	"fmt"

	"nosh/ai"
)

// newError builds an [ai.Error] whose message is "provider: " + the
// formatted text; see [ai.NewError] for which are retried.
func (c *client) newError(class ai.Class, status int, cause error, format string, args ...any) *ai.Error {
	return ai.NewError(class, c.name, status, cause, fmt.Sprintf(format, args...))
}
