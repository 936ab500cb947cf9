package agents

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/llms"
)

// ErrStopped means model use stopped: a token or cost budget is spent, or
// a replayed run asked something the recording does not hold.
var ErrStopped = errors.New("model use stopped")

// Defaults of a Client.
const (
	defaultRetries    = 2 // answers that fail validation are asked again this often
	defaultToolRounds = 8 // tool-calling rounds per question
)

// Client asks a model questions whose answers are strict JSON. It caches
// answers by model and prompt, serves a recording when replaying, counts
// tokens and cost per role, and stops at the budget.
type Client struct {
	model      llms.Model // nil when replaying
	cfg        Config     // as configured (its JSON form has no key)
	name       string     // model name: part of every cache key
	jsonMode   bool       // ask the provider for a JSON object (OpenAI-compatible servers)
	cache      *Cache     // may be nil
	replay     *Replay    // when set, the only source of answers
	j          *journal
	Retries    int
	ToolRounds int
}

// NewClient wraps a model (from NewModel, or a scripted one in tests).
func NewClient(c Config, m llms.Model, cache *Cache) *Client {
	return &Client{model: m, cfg: c, name: c.Model, jsonMode: c.Provider == ProviderOpenAI, cache: cache, j: newJournal(c),
		Retries: defaultRetries, ToolRounds: defaultToolRounds}
}

// NewReplayClient answers only from a recorded run; a question the
// recording does not hold is an error and stops model use.
func NewReplayClient(r *Replay) *Client {
	c := r.Config
	return &Client{cfg: c, name: c.Model, jsonMode: c.Provider == ProviderOpenAI, replay: r, j: newJournal(c),
		Retries: defaultRetries, ToolRounds: defaultToolRounds}
}

// question is one thing a role asks.
type question struct {
	role   string
	system string
	user   string
	tools  *toolbox     // nil: no tools offered
	check  func() error // semantic validation of the decoded answer; may be nil
}

// ask puts q to the model and decodes the answer into out. Tool calls are
// served from q.tools; an answer that is not valid JSON, does not fit the
// schema or fails q.check is sent back with what was wrong, at most
// c.Retries times.
func (c *Client) ask(ctx context.Context, q question, out any) error {
	msgs := []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, q.system+"\n\nAnswer with one JSON object and nothing else. Its JSON Schema:\n"+SchemaText(out)),
		llms.TextParts(llms.ChatMessageTypeHuman, q.user),
	}
	tools := q.tools
	rounds, retries := 0, 0
	for {
		var defs []llms.Tool
		if tools != nil {
			defs = tools.defs()
		}
		resp, err := c.generate(ctx, q.role, msgs, defs)
		if err != nil {
			return err
		}
		if len(resp.ToolCalls) > 0 {
			msgs = append(msgs, aiMessage(resp))
			rounds++
			for _, tc := range resp.ToolCalls {
				answer := "no tools are available any more: answer now with the JSON object"
				if tools != nil {
					answer = tools.call(ctx, tc.Name, tc.Arguments)
				}
				msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeTool,
					Parts: []llms.ContentPart{llms.ToolCallResponse{ToolCallID: tc.ID, Name: tc.Name, Content: clip(answer, maxToolChars)}}})
			}
			if rounds >= c.ToolRounds {
				tools = nil // the next answer must be the JSON
			}
			if rounds > c.ToolRounds+c.Retries {
				return fmt.Errorf("ask %s: the model keeps calling tools", q.role)
			}
			msgs = compact(msgs)
			continue
		}
		err = Decode(resp.Content, out)
		if err == nil && q.check != nil {
			err = q.check()
		}
		if err == nil {
			return nil
		}
		if retries >= c.Retries {
			return fmt.Errorf("ask %s: answer still invalid after %d retries: %w", q.role, retries, err)
		}
		retries++
		c.j.retried(q.role)
		msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeAI, resp.Content),
			llms.TextParts(llms.ChatMessageTypeHuman, "Your answer was rejected: "+err.Error()+"\nAnswer again with only the corrected JSON object."))
	}
}

// generate makes one call: from the recording when replaying, else from
// the cache, else from the model. Every call is recorded and accounted.
func (c *Client) generate(ctx context.Context, role string, msgs []llms.MessageContent, defs []llms.Tool) (Response, error) {
	if why := c.j.Stop(); why != "" {
		return Response{}, fmt.Errorf("ask %s: %w: %s", role, ErrStopped, why)
	}
	key := c.key(msgs, defs)
	x := Exchange{Role: role, Key: key, Model: c.name}
	switch {
	case c.replay != nil:
		rec, ok := c.replay.take(key)
		if !ok {
			why := fmt.Sprintf("replay diverged: the recording has no answer for this %s question (key %s)", role, key[:12])
			c.j.setStop(why)
			return Response{}, fmt.Errorf("ask %s: %w: %s", role, ErrStopped, why)
		}
		x.Response, x.Cached = rec.Response, rec.Cached
	default:
		if r, ok := c.cache.get(key); ok {
			x.Response, x.Cached = r, true
			break
		}
		opts := []llms.CallOption{llms.WithTemperature(0)}
		if len(defs) > 0 {
			opts = append(opts, llms.WithTools(defs))
		} else if c.jsonMode {
			opts = append(opts, llms.WithJSONMode())
		}
		cr, err := c.model.GenerateContent(ctx, msgs, opts...)
		if err != nil {
			return Response{}, fmt.Errorf("ask %s: %w", role, redactErr(err, c.j.secrets...))
		}
		if len(cr.Choices) == 0 {
			return Response{}, fmt.Errorf("ask %s: the model returned no choice", role)
		}
		x.Response = fromChoice(cr.Choices[0])
		c.cache.put(key, role, c.name, x.Response)
	}
	c.j.exchange(x)
	return x.Response, nil
}

func fromChoice(ch *llms.ContentChoice) Response {
	r := Response{Content: ch.Content}
	for _, tc := range ch.ToolCalls {
		if tc.FunctionCall != nil {
			r.ToolCalls = append(r.ToolCalls, ToolCall{ID: tc.ID, Name: tc.FunctionCall.Name, Arguments: tc.FunctionCall.Arguments})
		}
	}
	r.PromptTokens = intInfo(ch.GenerationInfo, "PromptTokens", "InputTokens", "prompt_tokens", "input_tokens")
	r.CompletionTokens = intInfo(ch.GenerationInfo, "CompletionTokens", "OutputTokens", "completion_tokens", "output_tokens")
	return r
}

// intInfo reads the first of keys present in a GenerationInfo map; the
// providers spell token counts differently.
func intInfo(m map[string]any, keys ...string) int {
	for _, k := range keys {
		switch v := m[k].(type) {
		case int:
			return v
		case int32:
			return int(v)
		case int64:
			return int(v)
		case float64:
			return int(v)
		}
	}
	return 0
}

func aiMessage(r Response) llms.MessageContent {
	m := llms.MessageContent{Role: llms.ChatMessageTypeAI}
	if r.Content != "" {
		m.Parts = append(m.Parts, llms.TextContent{Text: r.Content})
	}
	for _, tc := range r.ToolCalls {
		m.Parts = append(m.Parts, llms.ToolCall{ID: tc.ID, Type: "function", FunctionCall: &llms.FunctionCall{Name: tc.Name, Arguments: tc.Arguments}})
	}
	return m
}

// key identifies a question: the model, every message and the tools.
func (c *Client) key(msgs []llms.MessageContent, defs []llms.Tool) string {
	type part struct {
		Kind, Text, ID, Name string
	}
	type msg struct {
		Role  string
		Parts []part
	}
	var ms []msg
	for _, m := range msgs {
		x := msg{Role: string(m.Role)}
		for _, p := range m.Parts {
			switch v := p.(type) {
			case llms.TextContent:
				x.Parts = append(x.Parts, part{Kind: "text", Text: v.Text})
			case llms.ToolCall:
				x.Parts = append(x.Parts, part{Kind: "call", ID: v.ID, Name: v.FunctionCall.Name, Text: v.FunctionCall.Arguments})
			case llms.ToolCallResponse:
				x.Parts = append(x.Parts, part{Kind: "result", ID: v.ToolCallID, Name: v.Name, Text: v.Content})
			}
		}
		ms = append(ms, x)
	}
	b, _ := json.Marshal(struct {
		Model    string
		Messages []msg
		Tools    []llms.Tool
	}{c.name, ms, defs})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// compact keeps a conversation under maxPromptChars by replacing the
// oldest tool answers with a note: the question and the latest answers
// stay.
func compact(msgs []llms.MessageContent) []llms.MessageContent {
	size := 0
	for _, m := range msgs {
		size += msgSize(m)
	}
	for i := 2; i < len(msgs) && size > maxPromptChars; i++ {
		if msgs[i].Role != llms.ChatMessageTypeTool {
			continue
		}
		r := msgs[i].Parts[0].(llms.ToolCallResponse)
		if strings.HasPrefix(r.Content, "[elided") {
			continue
		}
		before := msgSize(msgs[i])
		r.Content = fmt.Sprintf("[elided to save context: %d characters of %s output, already read]", len(r.Content), r.Name)
		msgs[i] = llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{r}}
		size += msgSize(msgs[i]) - before
	}
	return msgs
}

func msgSize(m llms.MessageContent) int {
	n := 0
	for _, p := range m.Parts {
		switch v := p.(type) {
		case llms.TextContent:
			n += len(v.Text)
		case llms.ToolCallResponse:
			n += len(v.Content)
		case llms.ToolCall:
			n += len(v.FunctionCall.Arguments)
		}
	}
	return n
}
