// Package attach turns `@path` mentions in a `?`/`??` request into file
// attachments: it finds the mentions (respecting `\@` and quotes), reads
// each file or directory listing with checks for size, binary content and
// readability, cuts attachments to a token budget at line boundaries with
// a marker saying how much was left out, and renders them as delimited
// blocks that name their path.
//
// It estimates tokens per script ([Tokens]): about four bytes a token for
// ASCII, two characters for other alphabets, one for CJK ideographs and
// syllables.
//
// Redaction is the caller's business: it must redact a [File]'s text
// before cutting it ([File.Map]), so that a secret spanning lines (a PEM
// key) is hidden whole.
package attach
