package report

import (
	"fmt"
	"strings"
)

// Markdown renders report.md.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# heragent report: %s\n\n", r.Repo)
	fmt.Fprintf(&b, "- **Level reached: %s** (asked: %s)\n", r.Level, r.Target)
	if r.WhyNotHigher != "" {
		fmt.Fprintf(&b, "- Why not higher: %s\n", r.WhyNotHigher)
	}
	if r.Runnable != "" {
		fmt.Fprintf(&b, "- Runnable command (%s): `%s`\n", r.RunnableEvidence, r.Runnable)
	}
	if r.Tests.Total() > 0 {
		fmt.Fprintf(&b, "- Tests: %d passed, %d failed, %d skipped%s\n", r.Tests.Passed, r.Tests.Failed+r.Tests.Errors, r.Tests.Skipped, r.testsShare())
	}
	if r.TestableEvidence != "" {
		fmt.Fprintf(&b, "- Testable evidence: %s\n", r.TestableEvidence)
	}
	fmt.Fprintf(&b, "- Stacks: %s; base image `%s` (%s); engine %s; brain: %s\n", strings.Join(r.Stacks, ", "), r.Image, shortID(r.ImageDigest), r.Engine, r.Brain)
	fmt.Fprintf(&b, "- Repository %s%s; heragent %s; %s → %s\n", r.Commit, dirtyText(r.Dirty), r.Heragent,
		r.StartedAt.Format("2006-01-02 15:04:05Z"), r.EndedAt.Format("15:04:05Z"))
	fmt.Fprintf(&b, "- %d iteration(s), level proved after %.1fs, %.1fs in all:", r.Iterations, r.LevelSeconds, r.Seconds)
	for _, p := range []string{"graph", "plan", "pyramid", "setup", "commands", "export"} {
		if s, ok := r.Phases[p]; ok {
			fmt.Fprintf(&b, " %s %.1fs", p, s)
		}
	}
	b.WriteString("\n")
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "- Note: %s\n", n)
	}
	if r.Config != nil {
		fmt.Fprintf(&b, "- Configuration `%s`: %s\n", r.Config.File, strings.Join(r.Config.Applied, "; "))
	}
	r.historyMarkdown(&b)
	b.WriteString("\n## Setup runs\n\n| # | exit | seconds | failed section | from checkpoint | log |\n|---|---|---|---|---|---|\n")
	for _, s := range r.Setup {
		fmt.Fprintf(&b, "| %d | %s | %.1f | %s | %s | %s |\n", s.Iteration, exitText(s.ExitCode, s.TimedOut), s.Seconds, s.FailedSection, s.FromCheckpoint, s.Log)
	}
	b.WriteString("\n## Commands\n\n| # | level | command | exit | seconds | tests (pass/fail/skip) | verdict |\n|---|---|---|---|---|---|---|\n")
	for _, c := range r.Commands {
		fmt.Fprintf(&b, "| %d | %s | `%s` | %s | %.1f | %d/%d/%d | %s %s |\n", c.Iteration, c.Level, mdCell(c.Text), exitText(c.ExitCode, c.TimedOut), c.Seconds, c.Counts.Passed, c.Counts.Failed+c.Counts.Errors, c.Counts.Skipped, c.Mark(), mdCell(c.Verdict))
	}
	if len(r.Repairs) > 0 {
		b.WriteString("\n## Repairs\n\n| # | phase | diagnosis | rule | action | edits / reason |\n|---|---|---|---|---|---|\n")
		for _, rp := range r.Repairs {
			what := strings.Join(rp.Edits, "; ")
			if what == "" {
				what = rp.Reason
			}
			fmt.Fprintf(&b, "| %d | %s | %s %s | %s | %s | %s |\n", rp.Iteration, rp.Phase, rp.Diagnosis.Kind, mdCell(rp.Diagnosis.Subject), rp.Rule, rp.Action, mdCell(what))
		}
	}
	r.brainMarkdown(&b)
	for _, c := range r.Commands {
		if !c.Passed && c.Tail != "" {
			fmt.Fprintf(&b, "\n### Log tail: `%s`\n\n```\n%s\n```\n", mdCell(c.Text), strings.TrimRight(LastLines(c.Tail, 30), "\n"))
		}
	}
	return b.String()
}

// Mark is a command's verdict in a table: "✓ proof (suite)", "✓" or "✗".
func (c CommandResult) Mark() string {
	switch {
	case c.Proof && c.Evidence != "":
		return "✓ proof (" + c.Evidence + ")"
	case c.Proof:
		return "✓ proof"
	case c.Passed:
		return "✓"
	}
	return "✗"
}

func exitText(code int, timedOut bool) string {
	if timedOut {
		return "timeout"
	}
	return fmt.Sprint(code)
}

func mdCell(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// LastLines returns the last n lines of s.
func LastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// historyMarkdown renders the level history: which state proved what.
func (r *Report) historyMarkdown(b *strings.Builder) {
	if len(r.History) == 0 {
		return
	}
	b.WriteString("\n## Level history\n\n| Bash File after iteration | level | testable evidence | runnable evidence | at (s) | |\n|---|---|---|---|---|---|\n")
	for _, h := range r.History {
		what := ""
		switch {
		case h.Best:
			what = "**exported**"
		case h.RolledBack != "":
			what = "rolled back: " + mdCell(h.RolledBack)
		case h.Unjudged != "":
			what = "not judged: " + mdCell(h.Unjudged)
		}
		fmt.Fprintf(b, "| %d | %s | %s | %s | %.0f | %s |\n", h.Iteration, h.Level, h.TestableEvidence, h.RunnableEvidence, h.At, what)
	}
	for _, rp := range r.Repairs {
		if rp.Rejected != "" {
			fmt.Fprintf(b, "\nRejected repair (iteration %d, %s): %s — %s (log: %s)\n", rp.Iteration, rp.Rule, mdCell(strings.Join(rp.Edits, "; ")), mdCell(rp.Rejected), rp.RejectedLog)
		}
	}
}

// testsShare is ", 412 of ~430 tests found" when the graph counted tests.
func (r *Report) testsShare() string {
	if r.TestsFound == 0 {
		return ""
	}
	return fmt.Sprintf(" (ran %d of ~%d tests found)", r.TestsRun, r.TestsFound)
}

func shortID(id string) string {
	id = strings.TrimPrefix(id, "sha256:")
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

func dirtyText(dirty bool) string {
	if dirty {
		return " (with uncommitted changes)"
	}
	return ""
}
