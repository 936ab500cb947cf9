// Package report is the plain data a run produces and others read:
// report.json (Report and its records), the trajectory's Event, the brain's
// decisions and model usage, and verify.json. It imports no container
// engine: batch, agents and the CLI read it without the Docker SDK.
package report

import (
	"fmt"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/repair"
)

// SetupRun is one run of the Bash File.
type SetupRun struct {
	Iteration      int     `json:"iteration"`
	ExitCode       int     `json:"exit_code"`
	TimedOut       bool    `json:"timed_out,omitempty"`
	Seconds        float64 `json:"seconds"`
	FailedSection  string  `json:"failed_section,omitempty"`
	FromCheckpoint string  `json:"from_checkpoint,omitempty"` // the section a checkpoint skipped to
	Log            string  `json:"log"`                       // relative to the output directory
	Tail           string  `json:"tail,omitempty"`
}

// CommandResult is one pyramid command run.
type CommandResult struct {
	Iteration int            `json:"iteration"`
	Text      string         `json:"text"`
	Dir       string         `json:"dir,omitempty"`
	Level     pyramid.Level  `json:"level"`
	Bucket    pyramid.Bucket `json:"bucket"`
	ExitCode  int            `json:"exit_code"`
	TimedOut  bool           `json:"timed_out,omitempty"`
	Seconds   float64        `json:"seconds"`
	Counts    results.Counts `json:"counts"`
	Passed    bool           `json:"passed"`
	// Tolerated: the command proved Testable although some tests failed
	// (pyramid.Tolerable), after no repair fixed them.
	Tolerated bool   `json:"tolerated,omitempty"`
	Verdict   string `json:"verdict"`
	Log       string `json:"log"`
	Tail      string `json:"tail,omitempty"`
}

// RepairRecord is one repair decision.
type RepairRecord struct {
	Iteration int              `json:"iteration"`
	Phase     repair.Phase     `json:"phase"`
	Command   string           `json:"command,omitempty"`
	Diagnosis repair.Diagnosis `json:"diagnosis"`
	Rule      string           `json:"rule"`
	Action    repair.Action    `json:"action"`
	Edits     []string         `json:"edits,omitempty"`
	Reason    string           `json:"reason,omitempty"`
	Brain     string           `json:"brain"`
}

// Report is report.json: how far the run got and the evidence.
type Report struct {
	RunID        string        `json:"run_id"`
	Repo         string        `json:"repo"`
	Image        string        `json:"image"`
	Brain        string        `json:"brain"`
	Target       pyramid.Level `json:"target"`
	Level        pyramid.Level `json:"level"`
	WhyNotHigher string        `json:"why_not_higher,omitempty"`
	Runnable     string        `json:"runnable,omitempty"` // the command the entrypoint runs
	// RunnableEvidence says what kind of command proved Runnable:
	// "goal" (the user's), "documented" (mined from the repository),
	// "probe" (made up by heragent: a built program on a small input, a
	// library consumer, a server answering) or "last_resort" (--version,
	// --help, an import: proves the program starts, not that it works).
	RunnableEvidence string             `json:"runnable_evidence,omitempty"`
	Stacks           []string           `json:"stacks,omitempty"`
	Tests            results.Counts     `json:"tests"` // of the Testable command that proved the level
	Iterations       int                `json:"iterations"`
	Seconds          float64            `json:"seconds"`
	Phases           map[string]float64 `json:"phase_seconds"`
	Setup            []SetupRun         `json:"setup_runs"`
	Commands         []CommandResult    `json:"commands"`
	Repairs          []RepairRecord     `json:"repairs"`
	Notes            []string           `json:"notes,omitempty"`
	Decisions        []Decision         `json:"decisions,omitempty"` // every agent decision and its brain
	Lessons          []string           `json:"lessons,omitempty"`   // reflections after failed attempts
	LLM              *Usage             `json:"llm,omitempty"`       // model tokens and cost, per role
}

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
		fmt.Fprintf(&b, "- Tests: %d passed, %d failed, %d skipped\n", r.Tests.Passed, r.Tests.Failed+r.Tests.Errors, r.Tests.Skipped)
	}
	fmt.Fprintf(&b, "- Stacks: %s; base image `%s`; brain: %s\n", strings.Join(r.Stacks, ", "), r.Image, r.Brain)
	fmt.Fprintf(&b, "- %d iteration(s), %.1fs in all:", r.Iterations, r.Seconds)
	for _, p := range []string{"graph", "plan", "pyramid", "setup", "commands", "export"} {
		if s, ok := r.Phases[p]; ok {
			fmt.Fprintf(&b, " %s %.1fs", p, s)
		}
	}
	b.WriteString("\n")
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "- Note: %s\n", n)
	}
	b.WriteString("\n## Setup runs\n\n| # | exit | seconds | failed section | from checkpoint | log |\n|---|---|---|---|---|---|\n")
	for _, s := range r.Setup {
		fmt.Fprintf(&b, "| %d | %s | %.1f | %s | %s | %s |\n", s.Iteration, exitText(s.ExitCode, s.TimedOut), s.Seconds, s.FailedSection, s.FromCheckpoint, s.Log)
	}
	b.WriteString("\n## Commands\n\n| # | level | command | exit | seconds | tests (pass/fail/skip) | verdict |\n|---|---|---|---|---|---|---|\n")
	for _, c := range r.Commands {
		mark := "✗"
		if c.Passed {
			mark = "✓"
		}
		fmt.Fprintf(&b, "| %d | %s | `%s` | %s | %.1f | %d/%d/%d | %s %s |\n", c.Iteration, c.Level, mdCell(c.Text), exitText(c.ExitCode, c.TimedOut), c.Seconds, c.Counts.Passed, c.Counts.Failed+c.Counts.Errors, c.Counts.Skipped, mark, mdCell(c.Verdict))
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

// VerifyResult is verify.json: whether the exported Dockerfile, built from
// scratch, reproduces the level the run reported.
type VerifyResult struct {
	Out          string          `json:"out"`
	Repo         string          `json:"repo"`
	Level        pyramid.Level   `json:"level"`      // what the run reported
	Reproduced   pyramid.Level   `json:"reproduced"` // what the rebuilt image shows
	Match        bool            `json:"match"`
	Mismatches   []string        `json:"mismatches,omitempty"`
	Commands     []CommandResult `json:"commands"`
	BuildSeconds float64         `json:"build_seconds"`
	Seconds      float64         `json:"seconds"`
}

