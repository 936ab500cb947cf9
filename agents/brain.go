package agents

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// repairer is the rules knowledge base the brain asks first: what
// loops.Repairer asks of it (declared here, so agents needs neither the
// loops nor the container engine to build).
type repairer interface {
	Name() string
	Propose(ctx context.Context, f repair.Failure, file *bashfile.File, tried []repair.Proposal) []repair.Proposal
}

// Mode says who makes the decisions.
type Mode string

// Modes.
const (
	ModeRules  Mode = "rules"  // the deterministic rules only: offline, free
	ModeLLM    Mode = "llm"    // the model decides every role
	ModeHybrid Mode = "hybrid" // rules first, the model where they abstain or stagnate
)

// ParseMode accepts rules, llm or hybrid.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToLower(strings.TrimSpace(s))); m {
	case ModeRules, ModeLLM, ModeHybrid:
		return m, nil
	}
	return "", fmt.Errorf("--brain: want rules, llm or hybrid, got %q", s)
}

// Brain answers every agent role of a run. The pipeline talks to it
// through the role interfaces its packages declare (loops.Repairer,
// loops.CommandChooser, loops.Reflector, loops.Journal, and the pre-run
// roles of cmd/heragent); it never learns which mode answers.
type Brain struct {
	*journal
	mode  Mode
	rules repairer // the rules knowledge base
	c     *Client  // nil in rules mode

	mu      sync.Mutex
	lessons []string // from reflections, shown to later repair questions
}

// New returns a brain. rules is the rules repairer (repair.RulesBrain);
// c is the model client, nil only in rules mode.
func New(mode Mode, rules repairer, c *Client) (*Brain, error) {
	if mode != ModeRules && c == nil {
		return nil, errors.New("create brain: the " + string(mode) + " brain needs a model")
	}
	b := &Brain{mode: mode, rules: rules, c: c}
	cfg := Config{}
	if c != nil {
		b.journal = c.j
		cfg = c.cfg
	} else {
		b.journal = newJournal(Config{})
	}
	what := string(mode) + " brain"
	if c != nil {
		what += " (" + cfg.String() + ")"
	}
	b.emit(report.Event{Phase: "brain", Message: what, Data: BrainEvent{Mode: mode, Config: cfg, Price: cfg.Price()}})
	return b, nil
}

// Name implements loops.Repairer: the mode, for the report.
func (b *Brain) Name() string { return string(b.mode) }

// useModel says whether the model answers a role: always in llm mode,
// where the rules abstain in hybrid mode, never in rules mode.
func (b *Brain) useModel(rulesAbstain bool) bool {
	switch b.mode {
	case ModeLLM:
		return true
	case ModeHybrid:
		return rulesAbstain
	}
	return false
}

// BrainOf implements loops.BrainTeller.
func (b *Brain) BrainOf(p repair.Proposal) string {
	if p.Rule == llmRule {
		return "llm"
	}
	return "rules"
}

// llmRule is the Rule of every proposal the model makes.
const llmRule = "llm"

// Propose implements loops.Repairer: failure analysis, then a repair
// proposal. Hybrid: the rules answer unless they abstain (no actionable
// proposal) or stagnate (the diagnosis they address came back after their
// repair).
func (b *Brain) Propose(ctx context.Context, f repair.Failure, file *bashfile.File, tried []repair.Proposal) []repair.Proposal {
	var props []repair.Proposal
	abstain := true
	if b.mode != ModeLLM {
		props = b.rules.Propose(ctx, f, file, tried)
		why := rulesVerdict(props, tried)
		abstain = why != ""
		if !b.useModel(abstain) {
			b.decide(report.Decision{Role: "repair", Brain: "rules", Summary: proposalsSummary(props)})
			return props
		}
		if b.mode == ModeHybrid {
			b.decide(report.Decision{Role: "repair", Brain: "rules", Summary: "deferred to the model: " + why})
		}
	}
	p, err := b.llmRepair(ctx, f, file, tried)
	if err != nil {
		if b.mode == ModeLLM {
			props = b.rules.Propose(ctx, f, file, tried)
		}
		b.decide(report.Decision{Role: "repair", Brain: "rules", Summary: proposalsSummary(props), Error: err.Error()})
		if errors.Is(err, ErrStopped) {
			props = append(props, repair.Proposal{Rule: llmRule, Action: repair.ActionNone, Diagnosis: repair.Diagnosis{Kind: repair.Unknown}, Reason: b.Stop()})
		}
		return props
	}
	b.decide(report.Decision{Role: "repair", Brain: "llm", Summary: proposalsSummary([]repair.Proposal{p})})
	return []repair.Proposal{p}
}

// rulesVerdict says why the rules' proposals are not enough, or "".
func rulesVerdict(props []repair.Proposal, tried []repair.Proposal) string {
	actionable := false
	for _, p := range props {
		switch p.Action {
		case repair.ActionEdit, repair.ActionRetryLonger, repair.ActionRetry:
			actionable = true
			for _, t := range tried {
				if t.Diagnosis.Kind == p.Diagnosis.Kind && t.Diagnosis.Subject == p.Diagnosis.Subject && t.Action == p.Action {
					return fmt.Sprintf("stagnation: %s %s came back after its repair", p.Diagnosis.Kind, p.Diagnosis.Subject)
				}
			}
		case repair.ActionRecord:
			actionable = true
		}
	}
	if !actionable {
		return "no rule has a repair"
	}
	return ""
}

func proposalsSummary(props []repair.Proposal) string {
	if len(props) == 0 {
		return "no proposal"
	}
	var out []string
	for _, p := range props {
		s := fmt.Sprintf("%s %s → %s", p.Diagnosis.Kind, p.Diagnosis.Subject, p.Action)
		if len(p.Edits) > 0 {
			var es []string
			for _, e := range p.Edits {
				es = append(es, e.String())
			}
			s += " (" + strings.Join(es, "; ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

func (b *Brain) learned() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lessons...)
}

// Reflect implements loops.Reflector: the rules have no reflection, so
// the model reflects in llm and hybrid mode.
func (b *Brain) Reflect(ctx context.Context, a report.Attempt) (string, bool) {
	if !b.useModel(true) {
		return "", false
	}
	lesson, err := b.llmReflect(ctx, a)
	if err != nil {
		b.decide(report.Decision{Role: "reflection", Brain: "rules", Summary: "no lesson", Error: err.Error()})
		return "", false
	}
	b.mu.Lock()
	b.lessons = append(b.lessons, lesson)
	b.mu.Unlock()
	b.decide(report.Decision{Role: "reflection", Brain: "llm", Summary: lesson})
	return lesson, true
}
