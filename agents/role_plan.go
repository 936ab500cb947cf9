package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/retrieval"
)

// ContextAnswer says whether what is known suffices to set the repository
// up, after the model looked around with the retrieval tools.
type ContextAnswer struct {
	Sufficient bool     `json:"sufficient" desc:"true when the facts suffice to write the setup script and find the build, test and run commands"`
	Facts      []Fact   `json:"facts" desc:"what the setup needs to know, each from a file you saw"`
	Missing    []string `json:"missing,omitempty" desc:"what is still unknown (when not sufficient)"`
}

// Fact is one thing the model learned from the repository.
type Fact struct {
	Fact   string `json:"fact" desc:"e.g. 'builds with ninja via build.sh', 'needs libpcre2-dev', 'the CLI is ./bin/tool --help'"`
	Source string `json:"source" desc:"repository file (and line) it comes from"`
}

// PlanAnswer improves the generated Bash File.
type PlanAnswer struct {
	Edits  []EditAnswer `json:"edits" desc:"edits that make the script set up, build and install the project; empty when it already does"`
	Reason string       `json:"reason" desc:"one sentence"`
}

// planAbstains says why the detectors' plan needs the model, or "".
func planAbstains(p *bashfile.Plan) string {
	switch {
	case len(p.Stacks) == 0:
		return "no detector recognised the build system"
	case len(p.Unsupported) > 0:
		return "unsupported: " + strings.Join(p.Unsupported, "; ")
	}
	return ""
}

// Gather is the context-sufficiency role: the model explores the graph
// through the retrieval tools until it knows enough, and returns the facts
// it found (each "fact (source)"). Hybrid: only when the detectors
// recognised nothing or something unsupported.
func (b *Brain) Gather(ctx context.Context, ix *retrieval.Index, plan *bashfile.Plan) []string {
	why := planAbstains(plan)
	if !b.useModel(why != "") {
		b.decide(report.Decision{Role: "context", Brain: "rules", Summary: fmt.Sprintf("sufficient: detectors found %s", strings.Join(plan.Stacks, ", "))})
		return nil
	}
	tree := ""
	if t, err := ix.FileTree(ctx, 2); err == nil {
		tree = clip(t.Render(), 3000)
	}
	user := fmt.Sprintf("Repository %s.\nDetected stacks: %s\nUnsupported: %s\nNotes of the detectors: %s\n\nFile tree (2 levels):\n%s\nThe setup script the detectors wrote:\n%s",
		ix.Repo, list(plan.Stacks), list(plan.Unsupported), list(plan.Notes), tree, fileSummary(plan.File))
	var ans ContextAnswer
	q := question{role: "context", tools: newToolbox(ix), user: user,
		system: "heragent role: context.\nYou decide whether enough is known about a repository to write its setup script and to find its build, test and run commands. Use the tools to read manifests, build files, CI steps and docs until you know, then answer with the facts that matter."}
	q.check = func() error {
		if !ans.Sufficient && len(ans.Missing) == 0 {
			return fmt.Errorf("not sufficient: say what is missing")
		}
		for i, f := range ans.Facts {
			if strings.TrimSpace(f.Fact) == "" {
				return fmt.Errorf("facts[%d].fact is empty", i)
			}
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &ans); err != nil {
		b.decide(report.Decision{Role: "context", Brain: "rules", Summary: "the detectors' findings stand", Error: err.Error()})
		return nil
	}
	var facts []string
	for _, f := range ans.Facts {
		facts = append(facts, fmt.Sprintf("%s (%s)", f.Fact, f.Source))
	}
	sum := fmt.Sprintf("sufficient=%v, %d fact(s)", ans.Sufficient, len(facts))
	if !ans.Sufficient {
		sum += "; missing: " + strings.Join(ans.Missing, "; ")
		plan.Notes = append(plan.Notes, "context insufficient: "+strings.Join(ans.Missing, "; "))
	}
	b.decide(report.Decision{Role: "context", Brain: "llm", Summary: sum})
	return facts
}

// ImprovePlan is the Bash File generation and improvement role: the model
// edits the detectors' script (writes it, when no detector matched).
// Hybrid: only when the detectors abstained. The edits are applied to
// plan.File.
func (b *Brain) ImprovePlan(ctx context.Context, plan *bashfile.Plan, facts []string) {
	why := planAbstains(plan)
	if !b.useModel(why != "") {
		b.decide(report.Decision{Role: "plan", Brain: "rules", Summary: "the detectors' Bash File (" + list(plan.Stacks) + ")"})
		return
	}
	user := fmt.Sprintf("Detected stacks: %s\nUnsupported: %s\nNotes: %s\nFacts about the repository:\n- %s\n\nThe Bash File:\n%s",
		list(plan.Stacks), list(plan.Unsupported), list(plan.Notes), strings.Join(orNone(facts), "\n- "), fileSummary(plan.File))
	var ans PlanAnswer
	var edited *bashfile.File
	q := question{role: "plan", user: user,
		system: "heragent role: plan.\nYou write and improve the setup script of a repository so that it installs what the project needs and builds it. Keep what is right; add what is missing; fix what is wrong. Prefer Debian packages over downloads.\n" + bashFileRules}
	q.check = func() error {
		edited = plan.File
		if len(ans.Edits) == 0 {
			return nil
		}
		g, _, err := applyEdits(plan.File, ans.Edits, "llm", ans.Reason)
		edited = g
		return err
	}
	if err := b.c.ask(ctx, q, &ans); err != nil {
		b.decide(report.Decision{Role: "plan", Brain: "rules", Summary: "the detectors' Bash File stands", Error: err.Error()})
		return
	}
	plan.File = edited
	var es []string
	for _, e := range ans.Edits {
		es = append(es, e.edit("", "").String())
	}
	b.decide(report.Decision{Role: "plan", Brain: "llm", Summary: fmt.Sprintf("%d edit(s): %s — %s", len(es), strings.Join(es, "; "), ans.Reason)})
}

func list(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "; ")
}

func orNone(s []string) []string {
	if len(s) == 0 {
		return []string{"(none gathered)"}
	}
	return s
}
