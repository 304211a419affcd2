package assistant

import (
	"context"
	"fmt"

	"nosh/ai/attach"
	"nosh/ai/translate"
)

// preparedRequest is a `?`/`??` request made ready to send.
type preparedRequest struct {
	// text is the request as typed, `\@` made plain: what the rolling
	// context keeps.
	text string
	// sent is text followed by the attached files: what the model gets.
	sent string
	// attached are the paths of the files attached.
	attached []string
}

// minAttachShare is the least part of the request budget attachments get
// however full the rest is, so that an attached file is never dropped
// whole without the user asking.
const minAttachShare = 8

// prepareRequest reads the files a request attaches with @path and
// redacts them; when compact is set and the request would pass 85 % of
// ai.context_tokens, it compacts the conversation first; then it cuts the
// attachments to the room left. A file that cannot be attached, and a
// file cut, each get a one-line notice; the request goes on. The error is
// the context's, when a compaction was interrupted.
func (a *Assistant) prepareRequest(ctx context.Context, st *aiState, line string, compact bool) (preparedRequest, error) {
	text, refs := attach.Parse(line)
	p := preparedRequest{text: text, sent: text}
	opt := attach.Options{Dir: a.host.Dir(), Home: a.host.Getenv("HOME")}
	files := readAttachments(refs, opt, st.tr.redactor.String, a.aiNotice)

	target := translate.Target(a.cfg.AI.ContextTokens)
	base := a.requestTokens(st, text)
	if compact && base+min(st.rc.AttachmentTokens(files), target/2) > target && st.rc.Compactable() > 0 {
		fmt.Fprintln(a.stderr, a.paint("33", fmt.Sprintf(
			"nosh: the conversation nears ai.context_tokens (about %d of %d tokens): summarising older exchanges, one extra request",
			base, a.cfg.AI.ContextTokens)))
		if _, err := a.compact(ctx, st); err != nil && ctx.Err() != nil {
			return p, ctx.Err()
		}
		base = a.requestTokens(st, text)
	}
	p.sent, p.attached = fitAttachments(text, files, st.rc, a.cfg.AI.ContextTokens, base, a.aiNotice)
	return p, nil
}

// readAttachments reads the files of refs, each redacted before any cut
// so that a secret spanning lines is hidden whole. A file that cannot be
// attached gets a notice, and the request goes on without it.
func readAttachments(refs []attach.Ref, opt attach.Options, redact func(string) string, notice func(string)) []attach.File {
	var files []attach.File
	for _, ref := range refs {
		f, err := attach.Read(ref, opt)
		if err != nil {
			notice(err.Error() + "; sending the request without it")
			continue
		}
		files = append(files, f.Map(redact))
	}
	return files
}

// fitAttachments cuts files to the room a request of base tokens leaves
// in ai.context_tokens (contextTokens), and at least a
// 1/minAttachShare share of it; each file cut gets a notice. It returns
// text followed by the files, and their paths. `?`, `??` and `nosh ask`
// all fit their attachments here (rc may be nil: no conversation).
func fitAttachments(text string, files []attach.File, rc *translate.Context, contextTokens, base int, notice func(string)) (sent string, attached []string) {
	if len(files) == 0 {
		return text, nil
	}
	target := translate.Target(contextTokens)
	fitted := rc.FitAttachments(files, max(target-base, target/minAttachShare))
	for i, f := range fitted {
		if f.Omitted > files[i].Omitted {
			notice(fmt.Sprintf("@%s: %d of %d %s left out to fit ai.context_tokens (%d)",
				f.Path, f.Omitted, f.Lines, unitOf(f), contextTokens))
		}
		attached = append(attached, f.Path)
	}
	return translate.WithAttachments(text, fitted), attached
}

// requestTokens estimates the request text would make without
// attachments.
func (a *Assistant) requestTokens(st *aiState, text string) int {
	return st.rc.Estimate(translate.Build(text, st.rc, a.envInfo(), st.tr.redactor))
}

func unitOf(f attach.File) string {
	if f.Dir {
		return "entries"
	}
	return "lines"
}

// aiNotice prints a one-line notice about a request.
func (a *Assistant) aiNotice(msg string) {
	fmt.Fprintln(a.stderr, a.paint("33", "nosh: "+msg))
}
