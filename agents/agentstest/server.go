package agentstest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"

	"github.com/tmc/langchaingo/llms"
)

// Server is an OpenAI-compatible chat completions endpoint in front of an
// llms.Model. It records every request as received.
type Server struct {
	*httptest.Server
	model llms.Model

	mu       sync.Mutex
	requests []Request
}

// Request is one chat completion request as the server saw it.
type Request struct {
	Path          string
	Authorization string
	Body          ChatRequest
}

// ChatRequest is the body of POST /v1/chat/completions.
type ChatRequest struct {
	Model          string          `json:"model"`
	Messages       []ChatMessage   `json:"messages"`
	Tools          []llms.Tool     `json:"tools,omitempty"`
	Temperature    *float64        `json:"temperature,omitempty"`
	ResponseFormat json.RawMessage `json:"response_format,omitempty"`
}

// ChatMessage is one message of a request.
type ChatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"` // a string or a list of parts
	ToolCalls  []chatToolCall  `json:"tool_calls,omitempty"`
	ToolCallID string          `json:"tool_call_id,omitempty"`
	Name       string          `json:"name,omitempty"`
}

type chatToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// Text is the message's text, whichever form its content has.
func (m ChatMessage) Text() string {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(m.Content, &parts)
	for _, p := range parts {
		s += p.Text
	}
	return s
}

// NewServer starts a server; its URL plus "/v1" is the base URL to give a
// client. Close it when done.
func NewServer(model llms.Model) *Server {
	s := &Server{model: model}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chat)
	s.Server = httptest.NewServer(mux)
	return s
}

// BaseURL is the OpenAI base URL of the server.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests returns the requests so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var req ChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":{"message":"bad json"}}`, http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Body: req})
	s.mu.Unlock()

	var msgs []llms.MessageContent
	for _, m := range req.Messages {
		switch m.Role {
		case "system":
			msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeSystem, m.Text()))
		case "user":
			msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeHuman, m.Text()))
		case "assistant":
			mc := llms.MessageContent{Role: llms.ChatMessageTypeAI}
			if t := m.Text(); t != "" {
				mc.Parts = append(mc.Parts, llms.TextContent{Text: t})
			}
			for _, tc := range m.ToolCalls {
				mc.Parts = append(mc.Parts, llms.ToolCall{ID: tc.ID, Type: tc.Type, FunctionCall: &llms.FunctionCall{Name: tc.Function.Name, Arguments: tc.Function.Arguments}})
			}
			msgs = append(msgs, mc)
		case "tool":
			msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{llms.ToolCallResponse{ToolCallID: m.ToolCallID, Name: m.Name, Content: m.Text()}}})
		default:
			http.Error(w, fmt.Sprintf(`{"error":{"message":"unknown role %q"}}`, m.Role), http.StatusBadRequest)
			return
		}
	}
	var opts []llms.CallOption
	if len(req.Tools) > 0 {
		opts = append(opts, llms.WithTools(req.Tools))
	}
	resp, err := s.model.GenerateContent(r.Context(), msgs, opts...)
	if err != nil || len(resp.Choices) == 0 {
		http.Error(w, fmt.Sprintf(`{"error":{"message":%q}}`, fmt.Sprint(err)), http.StatusInternalServerError)
		return
	}
	ch := resp.Choices[0]
	var calls []chatToolCall
	for _, tc := range ch.ToolCalls {
		var c chatToolCall
		c.ID, c.Type = tc.ID, "function"
		c.Function.Name, c.Function.Arguments = tc.FunctionCall.Name, tc.FunctionCall.Arguments
		calls = append(calls, c)
	}
	finish := "stop"
	if len(calls) > 0 {
		finish = "tool_calls"
	}
	pt, ct := intOf(ch.GenerationInfo["PromptTokens"]), intOf(ch.GenerationInfo["CompletionTokens"])
	out := map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "created": 1700000000, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
			"message": map[string]any{"role": "assistant", "content": ch.Content, "tool_calls": calls}}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func intOf(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case float64:
		return int(x)
	}
	return 0
}
