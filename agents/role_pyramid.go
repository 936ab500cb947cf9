package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/retrieval"
)

// ExtractAnswer lists commands found in documentation and CI snippets.
type ExtractAnswer struct {
	Commands []Extracted `json:"commands" desc:"commands that build, test or run the project and are not in the current list; empty when none"`
}

// Extracted is one command from a snippet.
type Extracted struct {
	Text   string `json:"text" desc:"the shell command, without a prompt sign"`
	Dir    string `json:"dir,omitempty" desc:"working directory relative to the repository root, when not the root"`
	Source string `json:"source" desc:"the snippet's file:line"`
}

// ClassifyAnswer assigns every candidate command a bucket (or drops it)
// and adds standard commands that are missing.
type ClassifyAnswer struct {
	Commands []Classified `json:"commands" desc:"one entry per candidate id, each id exactly once"`
	Add      []Added      `json:"add,omitempty" desc:"standard commands that are missing (e.g. a --help probe of the built program)"`
}

// Classified is the verdict on one candidate.
type Classified struct {
	ID     int    `json:"id"`
	Bucket string `json:"bucket" enum:"build|smoke|unit|integration|entry|drop" desc:"build: compiles/installs (Installable); smoke or unit: a probe or the test suite (Testable); integration or entry: the program's real use (Runnable); drop: not evidence (release, deploy, lint, clean, needs credentials)"`
	Reason string `json:"reason" desc:"why, a few words"`
}

// Added is a command the model adds.
type Added struct {
	Text   string `json:"text"`
	Dir    string `json:"dir,omitempty"`
	Bucket string `json:"bucket" enum:"build|smoke|unit|integration|entry"`
	Reason string `json:"reason"`
}

// pyramidAbstains says why the mined pyramid needs the model, or "": a
// level up to target with no command found in the repository.
func pyramidAbstains(p *pyramid.Pyramid, target pyramid.Level) string {
	for _, l := range pyramid.Levels {
		if l.Rank() > target.Rank() {
			break
		}
		found := false
		for _, c := range p.At(l) {
			found = found || !c.Synth
		}
		if !found {
			return "no " + string(l) + " command found in the repository"
		}
	}
	return ""
}

// RefinePyramid is the command extraction, classification and adjustment
// role: the model extracts commands from doc and CI snippets, then
// classifies every candidate into a bucket (or drops it) and adds missing
// standard commands. Hybrid: only when the miners left a level without a
// command found in the repository. It returns the pyramid to use.
func (b *Brain) RefinePyramid(ctx context.Context, ix *retrieval.Index, p *pyramid.Pyramid, target pyramid.Level, facts []string) *pyramid.Pyramid {
	why := pyramidAbstains(p, target)
	if !b.useModel(why != "") {
		b.decide(report.Decision{Role: "pyramid", Brain: "rules", Summary: fmt.Sprintf("the miners' pyramid: %d commands", len(p.Commands))})
		return p
	}
	snips := snippets(ctx, ix)
	cands := append([]pyramid.Command(nil), p.Commands...)
	var ex ExtractAnswer
	q := question{role: "extract", system: "heragent role: extract.\nYou read documentation code blocks and CI steps of a repository and list the shell commands that build, test or run the project.",
		user: "Commands already known:\n" + commandList(cands) + "\nFacts:\n- " + strings.Join(orNone(facts), "\n- ") + "\n\nSnippets:\n" + snips}
	q.check = func() error {
		for i, c := range ex.Commands {
			if _, err := bashfile.SplitStatements(c.Text); err != nil || strings.TrimSpace(c.Text) == "" {
				return fmt.Errorf("commands[%d].text is not a shell command: %q", i, c.Text)
			}
			if w := strings.Fields(c.Text); !strings.Contains(snips, w[0]) {
				return fmt.Errorf("commands[%d]: %q does not appear in any snippet; extract, do not invent", i, w[0])
			}
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &ex); err != nil {
		b.decide(report.Decision{Role: "pyramid", Brain: "rules", Summary: "the miners' pyramid stands", Error: err.Error()})
		return p
	}
	for _, e := range ex.Commands {
		file, line := splitSource(e.Source)
		cands = append(cands, pyramid.Command{Text: strings.TrimSpace(e.Text), Dir: e.Dir, Why: []pyramid.Provenance{{Source: "llm", File: file, Line: line, Note: "extracted"}}})
	}
	b.decide(report.Decision{Role: "extract", Brain: "llm", Summary: fmt.Sprintf("%d command(s) extracted from snippets", len(ex.Commands))})

	var cl ClassifyAnswer
	q = question{role: "classify", system: "heragent role: classify.\nYou sort candidate commands of a repository into the levels that prove it: Installable (it builds), Testable (its tests or a probe run), Runnable (its real entry point runs and does something). A Runnable command must terminate by itself.",
		user: "Candidates:\n" + commandList(cands) + "\nFacts:\n- " + strings.Join(orNone(facts), "\n- ")}
	q.check = func() error {
		seen := map[int]bool{}
		for _, c := range cl.Commands {
			if c.ID < 0 || c.ID >= len(cands) || seen[c.ID] {
				return fmt.Errorf("id %d is out of range or repeated: give each id 0..%d exactly once", c.ID, len(cands)-1)
			}
			seen[c.ID] = true
			if isUserGoal(cands[c.ID]) && pyramid.Bucket(c.Bucket).Level() != pyramid.Runnable {
				return fmt.Errorf("id %d is the user's goal: it stays integration or entry", c.ID)
			}
		}
		if len(seen) != len(cands) {
			return fmt.Errorf("%d of %d candidates classified: give each id 0..%d exactly once", len(seen), len(cands), len(cands)-1)
		}
		for i, a := range cl.Add {
			if _, err := bashfile.SplitStatements(a.Text); err != nil || strings.TrimSpace(a.Text) == "" {
				return fmt.Errorf("add[%d].text is not a shell command: %q", i, a.Text)
			}
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &cl); err != nil {
		b.decide(report.Decision{Role: "classify", Brain: "rules", Summary: "the miners' pyramid stands", Error: err.Error()})
		return p
	}
	out := classified(cands, cl)
	b.decide(report.Decision{Role: "classify", Brain: "llm", Summary: fmt.Sprintf("%d installable, %d testable, %d runnable (from %d candidates, %d added)",
		len(out.At(pyramid.Installable)), len(out.At(pyramid.Testable)), len(out.At(pyramid.Runnable)), len(cands), len(cl.Add))})
	return out
}

// classified builds the pyramid the classification describes, by level,
// in candidate order within a level.
func classified(cands []pyramid.Command, cl ClassifyAnswer) *pyramid.Pyramid {
	bucket := map[int]Classified{}
	for _, c := range cl.Commands {
		bucket[c.ID] = c
	}
	var all []pyramid.Command
	for i, c := range cands {
		v := bucket[i]
		if v.Bucket == "drop" {
			continue
		}
		if c.Bucket != pyramid.Bucket(v.Bucket) || c.Reason == "" {
			c.Reason = v.Reason
			c.Why = append(append([]pyramid.Provenance(nil), c.Why...), pyramid.Provenance{Source: "llm", Note: "classified " + v.Bucket})
		}
		c.Bucket = pyramid.Bucket(v.Bucket)
		all = append(all, c)
	}
	for _, a := range cl.Add {
		all = append(all, pyramid.Command{Text: strings.TrimSpace(a.Text), Dir: a.Dir, Bucket: pyramid.Bucket(a.Bucket), Reason: a.Reason, Synth: true,
			Why: []pyramid.Provenance{{Source: "llm", Note: "added"}}})
	}
	out := &pyramid.Pyramid{SchemaVersion: pyramid.SchemaVersion}
	for _, l := range pyramid.Levels {
		for _, c := range all {
			if c.Bucket.Level() == l {
				out.Add(c)
			}
		}
	}
	return out
}

func isUserGoal(c pyramid.Command) bool {
	for _, w := range c.Why {
		if w.Source == "user" {
			return true
		}
	}
	return false
}

func commandList(cs []pyramid.Command) string {
	if len(cs) == 0 {
		return "(none)\n"
	}
	var b strings.Builder
	for i, c := range cs {
		fmt.Fprintf(&b, "%d: `%s`", i, c.Text)
		if c.Dir != "" {
			fmt.Fprintf(&b, " (in %s)", c.Dir)
		}
		if c.Bucket != "" {
			fmt.Fprintf(&b, " [now %s]", c.Bucket)
		}
		if len(c.Why) > 0 {
			fmt.Fprintf(&b, " from %s", c.Why[0].Where())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// snippets are the shell-looking doc code blocks and the CI steps, clipped.
func snippets(ctx context.Context, ix *retrieval.Index) string {
	var b strings.Builder
	if secs, err := ix.DocSections(ctx, ""); err == nil {
		for _, s := range secs {
			for _, c := range s.Code {
				switch strings.ToLower(c.Lang) {
				case "", "sh", "bash", "shell", "console", "shell-session", "zsh", "text":
					fmt.Fprintf(&b, "--- %s:%d (%s)\n%s\n", s.Path, c.Line, s.Heading, strings.TrimRight(c.Code, "\n"))
				}
			}
		}
	}
	if steps, err := ix.CISteps(ctx); err == nil {
		for _, s := range steps {
			fmt.Fprintf(&b, "--- %s:%d (%s %s %s)\n%s\n", s.Path, s.Line, s.System, s.Job, s.Name, strings.TrimRight(s.Text, "\n"))
		}
	}
	if b.Len() == 0 {
		return "(no code blocks or CI steps)\n"
	}
	return clip(b.String(), 10000)
}

func splitSource(s string) (string, int) {
	file, line, ok := strings.Cut(s, ":")
	if !ok {
		return s, 0
	}
	n := 0
	fmt.Sscanf(line, "%d", &n)
	return file, n
}
