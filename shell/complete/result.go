package complete

// Candidate is one completion.
type Candidate struct {
	// Value is the text that replaces [Result.Prefix]: the word as typed,
	// completed, quoted for its context, and closed (quote) when final.
	// For a [Spec]'s return value it is instead the unquoted word.
	Value string
	// Display is what the menu shows (Value when empty).
	Display string
	// Description is shown beside the candidate.
	Description string
	// Tag is the heading of the candidate's group in the menu.
	Tag string
	// NoSpace is set when no space should follow the inserted text
	// (directories, variable names, options ending in '=').
	NoSpace bool
	// NoQuote inserts the rest of Value as it is, unquoted (complete -o
	// noquote).
	NoQuote bool
}

// Result is the answer to one completion request.
type Result struct {
	// Candidates are sorted by tag (in the order the tags first appear)
	// and then by value.
	Candidates []Candidate
	// Prefix is the word being completed as typed, from Start to the
	// cursor; every Candidate.Value starts with it.
	Prefix string
	// Start is the byte offset of Prefix in the line.
	Start int
	// Usage is an optional hint to show with the menu.
	Usage string

	// prev is the last rune before Start (0 at the start of the line),
	// which the readline adapter needs when Prefix is empty.
	prev rune
}
