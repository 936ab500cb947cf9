package deploy

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// The roles the loops consult besides the Repairer. Each is optional: a nil
// role keeps the deterministic behaviour (pyramid order, no reflection). The
// loops never know which brain (rules, LLM, hybrid) answers.

// CommandChooser decides in which order a level's commands are tried: the
// first that passes proves the level. history is every command run so far
// in this run, oldest first. The answer must be a subset of cmds; commands
// left out are not run this time.
type CommandChooser interface {
	Order(ctx context.Context, level pyramid.Level, cmds []pyramid.Command, history []CommandResult) []pyramid.Command
}

// Attempt is a failed run that followed a repair: the repairs of the
// previous iteration and the failure they did not prevent.
type Attempt struct {
	Iteration int            `json:"iteration"`
	Repairs   []RepairRecord `json:"repairs"`
	Failure   repair.Failure `json:"failure"`
}

// Reflector draws a lesson from a failed attempt. The brain keeps its
// lessons for its later decisions; the run records them in the report.
type Reflector interface {
	Reflect(ctx context.Context, a Attempt) (lesson string, ok bool)
}

// BrainTeller is a Repairer made of several brains (a hybrid) that can say
// which one made a proposal.
type BrainTeller interface {
	BrainOf(p repair.Proposal) string
}

// Journal is the brain's account of itself: the events the trajectory must
// record (model exchanges, decisions), the decisions for the report, what
// the model cost, and whether model use must stop.
type Journal interface {
	// Drain returns the events recorded since the last call, oldest first.
	Drain() []Event
	Decisions() []Decision
	Usage() *Usage
	// Stop says why the run must stop (token or cost budget spent, a
	// replayed run diverged), or "".
	Stop() string
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

// Add sums two usages.
func (u RoleUsage) Add(v RoleUsage) RoleUsage {
	return RoleUsage{Calls: u.Calls + v.Calls, CacheHits: u.CacheHits + v.CacheHits, Retries: u.Retries + v.Retries,
		PromptTokens: u.PromptTokens + v.PromptTokens, CompletionTokens: u.CompletionTokens + v.CompletionTokens, CostUSD: u.CostUSD + v.CostUSD}
}

// Usage is the model spend of a run, per role and in all.
type Usage struct {
	Provider string               `json:"provider"`
	Model    string               `json:"model"`
	Priced   bool                 `json:"priced"` // false: no price known, costs are 0
	Total    RoleUsage            `json:"total"`
	Roles    map[string]RoleUsage `json:"roles"`
}

// order asks the chooser, if any, in which order to try a level's commands.
func (r *runner) order(ctx context.Context, l pyramid.Level, cmds []pyramid.Command) []pyramid.Command {
	if r.o.Chooser == nil || len(cmds) == 0 {
		return cmds
	}
	got := r.o.Chooser.Order(ctx, l, cmds, r.rep.Commands)
	known := map[string]bool{}
	for _, c := range cmds {
		known[c.Text] = true
	}
	var out []pyramid.Command
	for _, c := range got {
		if known[c.Text] {
			known[c.Text] = false // once each, and only commands of the level
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cmds
	}
	return out
}

// reflect asks the reflector, if any, for a lesson when a failure follows
// a repair: once per iteration.
func (r *runner) reflect(ctx context.Context, f repair.Failure) {
	if r.o.Reflector == nil || r.iter == 0 || r.reflected[r.iter] {
		return
	}
	if r.reflected == nil {
		r.reflected = map[int]bool{}
	}
	r.reflected[r.iter] = true
	a := Attempt{Iteration: r.iter, Failure: f}
	for _, rp := range r.rep.Repairs {
		if rp.Iteration == r.iter-1 && (rp.Action == repair.ActionEdit || rp.Action == repair.ActionRetryLonger || rp.Action == repair.ActionRetry) {
			a.Repairs = append(a.Repairs, rp)
		}
	}
	lesson, ok := r.o.Reflector.Reflect(ctx, a)
	if !ok {
		return
	}
	r.rep.Lessons = append(r.rep.Lessons, fmt.Sprintf("iteration %d: %s", r.iter, lesson))
	r.traj.emit(Event{Phase: "reflection", Iteration: r.iter, Message: lesson})
}

// brainOf names the brain that made a proposal.
func (r *runner) brainOf(p repair.Proposal) string {
	if bt, ok := r.o.Repairer.(BrainTeller); ok {
		return bt.BrainOf(p)
	}
	return r.o.Repairer.Name()
}

// journalStop is the journal's reason to stop, or "".
func (r *runner) journalStop() string {
	if r.o.Journal == nil {
		return ""
	}
	return r.o.Journal.Stop()
}

// journalReport copies the journal's decisions and usage into the report.
func (r *runner) journalReport() {
	if r.o.Journal == nil {
		return
	}
	r.rep.Decisions = r.o.Journal.Decisions()
	r.rep.LLM = r.o.Journal.Usage()
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
