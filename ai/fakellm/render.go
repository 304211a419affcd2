package fakellm

import (
	"encoding/json"
	"fmt"
)

// fixedCreated is the timestamp every rendered chunk carries, so that
// renderings are reproducible.
const fixedCreated = 1700000000

// sse is one server-sent event; name "" leaves out the event: line.
func sse(name string, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("fakellm: %v", err))
	}
	if name == "" {
		return "data: " + string(b) + "\n\n"
	}
	return "event: " + name + "\ndata: " + string(b) + "\n\n"
}

type obj = map[string]any

// fragment is one piece of one tool call's arguments.
type fragment struct {
	call int
	text string
}

// interleave splits each call's arguments into fragments of n bytes and
// takes them round-robin across the calls, as a server streaming parallel
// calls may.
func interleave(calls []Call, n int) []fragment {
	split := make([][]string, len(calls))
	longest := 0
	for i, c := range calls {
		split[i] = bytePieces(c.Arguments, n)
		longest = max(longest, len(split[i]))
	}
	var out []fragment
	for k := range longest {
		for i := range calls {
			if k < len(split[i]) && split[i][k] != "" {
				out = append(out, fragment{call: i, text: split[i][k]})
			}
		}
	}
	return out
}

// renderOpenAI is a Chat Completions stream.
func renderOpenAI(rep Reply, model string, includeUsage bool) []string {
	chunk := func(delta obj, finish any) string {
		return sse("", obj{
			"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": fixedCreated, "model": model,
			"choices": []obj{{"index": 0, "delta": delta, "finish_reason": finish}},
		})
	}
	frames := []string{chunk(obj{"role": "assistant", "content": ""}, nil)}
	for _, p := range pieces(rep.Reasoning, rep.Chunk) {
		frames = append(frames, chunk(obj{"reasoning_content": p}, nil))
	}
	for _, p := range pieces(rep.Text, rep.Chunk) {
		frames = append(frames, chunk(obj{"content": p}, nil))
	}
	for i, c := range rep.ToolCalls {
		id := c.ID
		if id == "" {
			id = fmt.Sprintf("call_%d", i)
		}
		frames = append(frames, chunk(obj{"tool_calls": []obj{{"index": i, "id": id, "type": "function", "function": obj{"name": c.Name, "arguments": ""}}}}, nil))
	}
	for _, f := range interleave(rep.ToolCalls, rep.Chunk) {
		frames = append(frames, chunk(obj{"tool_calls": []obj{{"index": f.call, "function": obj{"arguments": f.text}}}}, nil))
	}
	stop := rep.Stop
	if stop == "" {
		stop = "stop"
		if len(rep.ToolCalls) > 0 {
			stop = "tool_calls"
		}
	}
	frames = append(frames, chunk(obj{}, stop))
	if u, ok := rep.usage(); ok && includeUsage {
		frames = append(frames, sse("", obj{
			"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": fixedCreated, "model": model,
			"choices": []obj{},
			"usage":   obj{"prompt_tokens": u.InputTokens, "completion_tokens": u.OutputTokens, "total_tokens": u.InputTokens + u.OutputTokens},
		}))
	}
	return append(frames, "data: [DONE]\n\n")
}

// renderAnthropic is a Messages stream.
func renderAnthropic(rep Reply, model string) []string {
	u, hasUsage := rep.usage()
	msg := obj{"id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": []obj{}, "stop_reason": nil, "stop_sequence": nil}
	if hasUsage {
		msg["usage"] = obj{"input_tokens": u.InputTokens, "output_tokens": 1}
	}
	frames := []string{
		sse("message_start", obj{"type": "message_start", "message": msg}),
		sse("ping", obj{"type": "ping"}),
	}
	index := 0
	block := func(start obj, deltas []obj) {
		frames = append(frames, sse("content_block_start", obj{"type": "content_block_start", "index": index, "content_block": start}))
		for _, d := range deltas {
			frames = append(frames, sse("content_block_delta", obj{"type": "content_block_delta", "index": index, "delta": d}))
		}
		frames = append(frames, sse("content_block_stop", obj{"type": "content_block_stop", "index": index}))
		index++
	}
	if rep.Reasoning != "" {
		var ds []obj
		for _, p := range pieces(rep.Reasoning, rep.Chunk) {
			ds = append(ds, obj{"type": "thinking_delta", "thinking": p})
		}
		ds = append(ds, obj{"type": "signature_delta", "signature": "ZmFrZQ=="})
		block(obj{"type": "thinking", "thinking": ""}, ds)
	}
	if rep.Text != "" {
		var ds []obj
		for _, p := range pieces(rep.Text, rep.Chunk) {
			ds = append(ds, obj{"type": "text_delta", "text": p})
		}
		block(obj{"type": "text", "text": ""}, ds)
	}
	for i, c := range rep.ToolCalls {
		id := c.ID
		if id == "" {
			id = fmt.Sprintf("toolu_%d", i)
		}
		ds := []obj{{"type": "input_json_delta", "partial_json": ""}}
		for _, p := range bytePieces(c.Arguments, rep.Chunk) {
			ds = append(ds, obj{"type": "input_json_delta", "partial_json": p})
		}
		block(obj{"type": "tool_use", "id": id, "name": c.Name, "input": obj{}}, ds)
	}
	stop := rep.Stop
	if stop == "" {
		stop = "end_turn"
		if len(rep.ToolCalls) > 0 {
			stop = "tool_use"
		}
	}
	delta := obj{"type": "message_delta", "delta": obj{"stop_reason": stop, "stop_sequence": nil}}
	if hasUsage {
		delta["usage"] = obj{"output_tokens": u.OutputTokens}
	}
	return append(frames, sse("message_delta", delta), sse("message_stop", obj{"type": "message_stop"}))
}

// renderOllama is an /api/chat stream: one JSON object a line, tool calls
// whole in one line, and a final line with done: true.
func renderOllama(rep Reply, model string) []string {
	line := func(message obj, done bool, extra obj) string {
		v := obj{"model": model, "created_at": "2023-11-14T22:13:20Z", "message": message, "done": done}
		for k, x := range extra {
			v[k] = x
		}
		b, _ := json.Marshal(v)
		return string(b) + "\n"
	}
	var frames []string
	for _, p := range pieces(rep.Reasoning, rep.Chunk) {
		frames = append(frames, line(obj{"role": "assistant", "content": "", "thinking": p}, false, nil))
	}
	for _, p := range pieces(rep.Text, rep.Chunk) {
		frames = append(frames, line(obj{"role": "assistant", "content": p}, false, nil))
	}
	if len(rep.ToolCalls) > 0 {
		var calls []obj
		for i, c := range rep.ToolCalls {
			call := obj{"function": obj{"index": i, "name": c.Name, "arguments": compactJSON(c.Arguments)}}
			if c.ID != "" {
				call["id"] = c.ID
			}
			calls = append(calls, call)
		}
		frames = append(frames, line(obj{"role": "assistant", "content": "", "tool_calls": calls}, false, nil))
	}
	stop := rep.Stop
	if stop == "" {
		stop = "stop"
	}
	extra := obj{"done_reason": stop, "total_duration": 123456789}
	if u, ok := rep.usage(); ok {
		extra["prompt_eval_count"] = u.InputTokens
		extra["eval_count"] = u.OutputTokens
	}
	return append(frames, line(obj{"role": "assistant", "content": ""}, true, extra))
}
