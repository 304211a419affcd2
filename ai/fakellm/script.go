package fakellm

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// ReadScript reads replies written as JSON, one [Reply] a line, as
// cmd/fakellm takes them. Blank lines and lines starting with # are
// skipped.
func ReadScript(r io.Reader) ([]Reply, error) {
	var replies []Reply
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var rep Reply
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rep); err != nil {
			return nil, fmt.Errorf("script line %d: %w", n, err)
		}
		replies = append(replies, rep)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading script: %w", err)
	}
	return replies, nil
}
