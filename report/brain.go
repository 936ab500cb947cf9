package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/heragent/heragent/repair"
)

// Attempt is a failed run that followed a repair: the repairs of the
// previous iteration and the failure they did not prevent.
type Attempt struct {
	Iteration int            `json:"iteration"`
	Repairs   []RepairRecord `json:"repairs"`
	Failure   repair.Failure `json:"failure"`
}

// Decision is one decision of an agent role and the brain that made it.
type Decision struct {
	Role    string `json:"role"`  // context, plan, pyramid, analysis, repair, next_command, reflection
	Brain   string `json:"brain"` // rules or llm
	Summary string `json:"summary"`
	Error   string `json:"error,omitempty"` // the model failed; the deterministic answer stood
}

// RoleUsage is what model calls cost.
type RoleUsage struct {
	Calls            int     `json:"calls"`
	CacheHits        int     `json:"cache_hits,omitempty"`
	Retries          int     `json:"retries,omitempty"` // answers rejected by validation and asked again
	PromptTokens     int     `json:"prompt_tokens"`
	CompletionTokens int     `json:"completion_tokens"`
	CostUSD          float64 `json:"cost_usd"`
}

// Tokens is prompt plus completion tokens.
func (u RoleUsage) Tokens() int { return u.PromptTokens + u.CompletionTokens }

// Add sums two usages. Costs are kept to the nano-dollar, so a sum does
// not depend on the order it was added in (a run's roles are summed in
// map order; its replay's calls in another).
func (u RoleUsage) Add(v RoleUsage) RoleUsage {
	return RoleUsage{Calls: u.Calls + v.Calls, CacheHits: u.CacheHits + v.CacheHits, Retries: u.Retries + v.Retries,
		PromptTokens: u.PromptTokens + v.PromptTokens, CompletionTokens: u.CompletionTokens + v.CompletionTokens,
		CostUSD: math.Round((u.CostUSD+v.CostUSD)*1e9) / 1e9}
}

// Usage is the model spend of a run, per role and in all.
type Usage struct {
	Provider string               `json:"provider"`
	Model    string               `json:"model"`
	Priced   bool                 `json:"priced"` // false: no price known, costs are 0
	Total    RoleUsage            `json:"total"`
	Roles    map[string]RoleUsage `json:"roles"`
}

// brainMarkdown renders the decisions, lessons and model spend of report.md.
func (r *Report) brainMarkdown(b *strings.Builder) {
	if r.LLM != nil {
		u := r.LLM
		price := ""
		if !u.Priced {
			price = " (no price configured)"
		}
		fmt.Fprintf(b, "\n## Model\n\n%s `%s`: %d call(s), %d cache hit(s), %d retries, %d prompt + %d completion tokens, $%.4f%s\n\n| role | calls | cache hits | retries | prompt tokens | completion tokens | cost USD |\n|---|---|---|---|---|---|---|\n",
			u.Provider, u.Model, u.Total.Calls, u.Total.CacheHits, u.Total.Retries, u.Total.PromptTokens, u.Total.CompletionTokens, u.Total.CostUSD, price)
		roles := make([]string, 0, len(u.Roles))
		for k := range u.Roles {
			roles = append(roles, k)
		}
		sort.Strings(roles)
		for _, k := range roles {
			v := u.Roles[k]
			fmt.Fprintf(b, "| %s | %d | %d | %d | %d | %d | %.4f |\n", k, v.Calls, v.CacheHits, v.Retries, v.PromptTokens, v.CompletionTokens, v.CostUSD)
		}
	}
	if len(r.Decisions) > 0 {
		b.WriteString("\n## Decisions\n\n| role | brain | decision |\n|---|---|---|\n")
		for _, d := range r.Decisions {
			what := d.Summary
			if d.Error != "" {
				what += " (model failed: " + d.Error + ")"
			}
			fmt.Fprintf(b, "| %s | %s | %s |\n", d.Role, d.Brain, mdCell(what))
		}
	}
	if len(r.Lessons) > 0 {
		b.WriteString("\n## Lessons\n\n")
		for _, l := range r.Lessons {
			fmt.Fprintf(b, "- %s\n", mdCell(l))
		}
	}
}
