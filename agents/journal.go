package agents

import (
	"fmt"
	"sort"
	"sync"

	"github.com/heragent/heragent/report"
)

// Exchange is one model call as the trajectory records it: enough to serve
// the same answer again (replay) without the prompt itself.
type Exchange struct {
	Role     string   `json:"role"`
	Key      string   `json:"key"` // hash of model, messages and tools
	Model    string   `json:"model"`
	Cached   bool     `json:"cached,omitempty"` // served from the response cache
	Response Response `json:"response"`
}

// Response is what a model answered.
type Response struct {
	Content          string     `json:"content"`
	ToolCalls        []ToolCall `json:"tool_calls,omitempty"`
	PromptTokens     int        `json:"prompt_tokens"`
	CompletionTokens int        `json:"completion_tokens"`
}

// ToolCall is a tool the model asked for.
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// journal collects what the brain did: trajectory events, decisions,
// usage per role, and why model use must stop. It implements
// loops.Journal for the Brain.
type journal struct {
	mu        sync.Mutex
	events    []report.Event
	decisions []report.Decision
	usage     map[string]report.RoleUsage
	stop      string
	secrets   []string
	provider  string
	model     string
	price     Price
	maxCost   float64
	maxTokens int
}

func newJournal(c Config) *journal {
	return &journal{usage: map[string]report.RoleUsage{}, secrets: []string{c.APIKey}, provider: c.Provider, model: c.Model,
		price: c.Price(), maxCost: c.MaxCost, maxTokens: c.MaxTokens}
}

func (j *journal) emit(e report.Event) {
	e.Message = redact(e.Message, j.secrets...)
	j.mu.Lock()
	j.events = append(j.events, e)
	j.mu.Unlock()
}

// exchange records a model call and accounts for it.
func (j *journal) exchange(x Exchange) {
	x.Response.Content = redact(x.Response.Content, j.secrets...)
	for i := range x.Response.ToolCalls {
		x.Response.ToolCalls[i].Arguments = redact(x.Response.ToolCalls[i].Arguments, j.secrets...)
	}
	u := report.RoleUsage{Calls: 1}
	what := fmt.Sprintf("%d prompt + %d completion tokens", x.Response.PromptTokens, x.Response.CompletionTokens)
	if x.Cached {
		u.CacheHits = 1
		what = "cached answer"
	} else {
		u.PromptTokens, u.CompletionTokens = x.Response.PromptTokens, x.Response.CompletionTokens
		u.CostUSD = (float64(u.PromptTokens)*j.price.In + float64(u.CompletionTokens)*j.price.Out) / 1e6
	}
	j.mu.Lock()
	j.usage[x.Role] = j.usage[x.Role].Add(u)
	j.mu.Unlock()
	j.emit(report.Event{Phase: "llm", Message: x.Role + ": " + what, Data: x})
	j.checkBudget()
}

func (j *journal) retried(role string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.usage[role] = j.usage[role].Add(report.RoleUsage{Retries: 1})
}

func (j *journal) total() report.RoleUsage {
	j.mu.Lock()
	defer j.mu.Unlock()
	var t report.RoleUsage
	for _, u := range j.usage {
		t = t.Add(u)
	}
	return t
}

func (j *journal) checkBudget() {
	t := j.total()
	switch {
	case j.maxTokens > 0 && t.Tokens() >= j.maxTokens:
		j.setStop(fmt.Sprintf("token budget spent (%d tokens used, --max-tokens %d)", t.Tokens(), j.maxTokens))
	case j.maxCost > 0 && t.CostUSD >= j.maxCost:
		j.setStop(fmt.Sprintf("cost budget spent ($%.4f used, --max-cost %.4f)", t.CostUSD, j.maxCost))
	}
}

func (j *journal) setStop(why string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.stop == "" {
		j.stop = redact(why, j.secrets...)
	}
}

// decide records a decision of a role.
func (j *journal) decide(d report.Decision) {
	d.Summary, d.Error = redact(d.Summary, j.secrets...), redact(d.Error, j.secrets...)
	j.mu.Lock()
	j.decisions = append(j.decisions, d)
	j.mu.Unlock()
	msg := d.Role + " (" + d.Brain + "): " + d.Summary
	if d.Error != "" {
		msg += " [model failed: " + d.Error + "]"
	}
	j.emit(report.Event{Phase: "decision", Message: msg, Data: d})
}

// Drain implements loops.Journal.
func (j *journal) Drain() []report.Event {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := j.events
	j.events = nil
	return out
}

// Decisions implements loops.Journal.
func (j *journal) Decisions() []report.Decision {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]report.Decision(nil), j.decisions...)
}

// Usage implements loops.Journal; nil when no model was configured.
func (j *journal) Usage() *report.Usage {
	if j.model == "" {
		return nil
	}
	t := j.total()
	j.mu.Lock()
	defer j.mu.Unlock()
	u := &report.Usage{Provider: j.provider, Model: j.model, Priced: j.price != (Price{}), Total: t, Roles: map[string]report.RoleUsage{}}
	keys := make([]string, 0, len(j.usage))
	for k := range j.usage {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		u.Roles[k] = j.usage[k]
	}
	return u
}

// Stop implements loops.Journal.
func (j *journal) Stop() string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.stop
}
