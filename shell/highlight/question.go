package highlight

import "nosh/shell/linekind"

// question paints a `?`/`??` line: the marker is an operator, the
// request itself plain text. Such a line is a request in natural
// language, not shell syntax: `? find big files` would otherwise parse as
// a command named by the glob `?`.
func (p *painter) question() bool {
	l := linekind.Classify(p.src, nil)
	if !l.Request() {
		return false
	}
	p.paint(l.At, l.At+len(l.Marker), Operator)
	return true
}

// slash paints a line whose first word is a slash command.
func (p *painter) slash() bool {
	l := linekind.Classify(p.src, p.h.IsSlash)
	if l.Kind != linekind.Slash {
		return false
	}
	p.paint(l.At, l.At+len(l.Marker), Builtin)
	return true
}
