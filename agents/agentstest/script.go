// Package agentstest gives tests a model without a network: a scripted
// llms.Model that answers each agent role from a list of replies, and an
// OpenAI-compatible HTTP server in front of any llms.Model.
package agentstest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sync"

	"github.com/tmc/langchaingo/llms"
)

// Reply is one scripted answer: content, or tool calls.
type Reply struct {
	Content string
	Tools   []Call // tool calls to make instead of answering
	// Fn, when set, computes the content from the last user message.
	Fn func(user string) string
}

// Call is a tool call of a scripted reply.
type Call struct {
	Name string
	Args any // marshalled to JSON
}

// Asked is one question the script received.
type Asked struct {
	Role     string
	Messages []llms.MessageContent
	Tools    []llms.Tool
}

// Script is an llms.Model that answers by role: the role is read from the
// "heragent role: NAME." line of the system message; the replies of a role
// are served in order, the last one again when they run out. Token counts
// are a deterministic function of the text (four characters a token).
type Script struct {
	mu      sync.Mutex
	replies map[string][]Reply
	used    map[string]int
	asked   []Asked
}

// NewScript returns a script with replies per role.
func NewScript(replies map[string][]Reply) *Script {
	return &Script{replies: replies, used: map[string]int{}}
}

var roleLine = regexp.MustCompile(`heragent role: ([a-z_]+)\.`)

// Asked returns the questions so far.
func (s *Script) Asked() []Asked {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Asked(nil), s.asked...)
}

// Roles counts the questions per role.
func (s *Script) Roles() map[string]int {
	out := map[string]int{}
	for _, a := range s.Asked() {
		out[a.Role]++
	}
	return out
}

// GenerateContent implements llms.Model.
func (s *Script) GenerateContent(ctx context.Context, msgs []llms.MessageContent, options ...llms.CallOption) (*llms.ContentResponse, error) {
	var o llms.CallOptions
	for _, opt := range options {
		opt(&o)
	}
	role, size, user := "", 0, ""
	for _, m := range msgs {
		for _, p := range m.Parts {
			switch v := p.(type) {
			case llms.TextContent:
				size += len(v.Text)
				if m.Role == llms.ChatMessageTypeHuman {
					user = v.Text
				}
				if m.Role == llms.ChatMessageTypeSystem && role == "" {
					if x := roleLine.FindStringSubmatch(v.Text); x != nil {
						role = x[1]
					}
				}
			case llms.ToolCallResponse:
				size += len(v.Content)
			}
		}
	}
	s.mu.Lock()
	s.asked = append(s.asked, Asked{Role: role, Messages: msgs, Tools: o.Tools})
	rs := s.replies[role]
	if len(rs) == 0 {
		s.mu.Unlock()
		return nil, fmt.Errorf("script: no reply for role %q", role)
	}
	i := s.used[role]
	if i >= len(rs) {
		i = len(rs) - 1
	}
	s.used[role]++
	r := rs[i]
	s.mu.Unlock()
	if r.Fn != nil {
		r.Content = r.Fn(user)
	}

	ch := &llms.ContentChoice{Content: r.Content, StopReason: "stop",
		GenerationInfo: map[string]any{"PromptTokens": size / 4, "CompletionTokens": len(r.Content)/4 + 1}}
	for j, t := range r.Tools {
		args, _ := json.Marshal(t.Args)
		ch.ToolCalls = append(ch.ToolCalls, llms.ToolCall{ID: fmt.Sprintf("call_%s_%d_%d", role, i, j), Type: "function",
			FunctionCall: &llms.FunctionCall{Name: t.Name, Arguments: string(args)}})
		ch.StopReason = "tool_calls"
	}
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{ch}}, nil
}

// Call implements llms.Model.
func (s *Script) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, s, prompt, options...)
}

// JSON marshals v, for writing replies.
func JSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
