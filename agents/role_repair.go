package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// EditAnswer is one Bash File edit as a model proposes it.
type EditAnswer struct {
	Op       string   `json:"op" enum:"append|insert_before|insert_after|replace|remove|add_packages" desc:"append adds command at the end of the section; insert_before/insert_after/replace/remove target the first command of the section containing match; add_packages merges packages into the section's pkg_install"`
	Section  string   `json:"section" enum:"context|packages|base|runtimes|build" desc:"the section to edit"`
	Match    string   `json:"match,omitempty" desc:"a substring of the target command (insert/replace/remove)"`
	Command  string   `json:"command,omitempty" desc:"one shell statement (append/insert/replace)"`
	Packages []string `json:"packages,omitempty" desc:"Debian package names (add_packages)"`
}

func (e EditAnswer) edit(source, note string) bashfile.Edit {
	return bashfile.Edit{Op: bashfile.EditOp(e.Op), Section: bashfile.SectionID(e.Section), Match: e.Match, Command: e.Command,
		Packages: e.Packages, Why: bashfile.Provenance{Source: source, Note: note}}
}

// applyEdits applies edits to a copy of file and says exactly which one
// does not apply; every edit must change the file.
func applyEdits(file *bashfile.File, edits []EditAnswer, source, note string) (*bashfile.File, []bashfile.Edit, error) {
	g := file.Clone()
	var out []bashfile.Edit
	for i, ea := range edits {
		e := ea.edit(source, note)
		ok, err := g.Apply(e)
		if err != nil {
			return nil, nil, fmt.Errorf("edits[%d] (%s) does not apply: %v", i, e, err)
		}
		if !ok {
			return nil, nil, fmt.Errorf("edits[%d] (%s) changes nothing: the Bash File already has it", i, e)
		}
		out = append(out, e)
	}
	if err := g.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the edited Bash File is invalid: %v", err)
	}
	return g, out, nil
}

// fileSummary lists the sections' commands, numbered, as the edits see them.
func fileSummary(f *bashfile.File) string {
	var b strings.Builder
	for _, s := range f.Sections {
		fmt.Fprintf(&b, "[%s]\n", s.ID)
		for i, c := range s.Commands {
			fmt.Fprintf(&b, "  %d: %s\n", i, strings.ReplaceAll(c.Text, "\n", "\n     "))
		}
	}
	return b.String()
}

const bashFileRules = `The Bash File is a setup script of six sections run in order as shell functions: context (strict mode), packages (package manager), base (toolchain), runtimes (language runtimes and dependencies), build (project build), main (calls them; not editable). It runs as root in a fresh Debian container, from the repository at /repo, with set -Eeuo pipefail. Helpers: pkg_install PKG… (apt, non-interactive), persist_env NAME VALUE (visible to later commands), path_prepend DIR, path_append DIR, log MSG. Every fix is an edit of the Bash File; the whole file is re-run from the same base image.`

// AnalysisAnswer is a failure analysis.
type AnalysisAnswer struct {
	Kind        string `json:"kind" enum:"missing_header|missing_pkgconfig|missing_library|missing_executable|missing_cmake_package|missing_python_module|missing_node_module|missing_go_module|go_toolchain_too_old|cmake_too_old|cmake_policy|werror|out_of_memory|missing_submodule|locale|interactive_prompt|network_unreachable|needs_network|needs_display|needs_root|timeout|compile_error|test_failure|unknown" desc:"the type of the root cause"`
	Subject     string `json:"subject" desc:"what is missing or wrong: a header, package, module, program, version; empty when none"`
	Evidence    string `json:"evidence" desc:"the log line that shows the root cause, copied exactly"`
	Explanation string `json:"explanation" desc:"one or two sentences"`
}

// RepairAnswer is a repair proposal.
type RepairAnswer struct {
	Action string       `json:"action" enum:"edit|retry_longer|record|none" desc:"edit: apply edits and re-run; retry_longer: same again with a doubled time limit; record: not fixable by the setup script (say why); none: no idea"`
	Edits  []EditAnswer `json:"edits,omitempty" desc:"with action edit: the smallest edits that fix the root cause"`
	Reason string       `json:"reason" desc:"why this fixes it, one sentence"`
}

// ReflectAnswer is the lesson of a failed attempt.
type ReflectAnswer struct {
	Lesson string   `json:"lesson" desc:"what the failed attempt teaches, one or two sentences, concrete"`
	Avoid  []string `json:"avoid,omitempty" desc:"edits or approaches not to try again"`
}

func failureText(f repair.Failure) string {
	what := "the Bash File (setup.sh)"
	if f.Phase == repair.PhaseCommand {
		what = "the command `" + f.Command + "`, run in the environment the Bash File made"
	}
	s := fmt.Sprintf("What failed: %s\nExit code: %d", what, f.ExitCode)
	if f.Section != "" {
		s += fmt.Sprintf(" in section %s", f.Section)
	}
	if f.TimedOut {
		s += " (killed by its time limit)"
	}
	return s + "\nLog (truncated):\n" + PromptLog(f.Log)
}

func (b *Brain) llmRepair(ctx context.Context, f repair.Failure, file *bashfile.File, tried []repair.Proposal) (repair.Proposal, error) {
	flog := failureText(f)
	var an AnalysisAnswer
	q := question{role: "analysis", system: "heragent role: analysis.\nYou diagnose why a step of setting up a software repository in a container failed. Find the root cause in the log, not its consequences.",
		user: flog}
	q.check = func() error {
		if ev := strings.TrimSpace(an.Evidence); ev != "" && !strings.Contains(squash(PromptLog(f.Log)), squash(ev)) {
			return fmt.Errorf("evidence %q is not a line of the log: copy the line exactly", head(ev, 80))
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &an); err != nil {
		return repair.Proposal{}, err
	}
	d := repair.Diagnosis{Kind: repair.Kind(an.Kind), Subject: an.Subject, Evidence: an.Evidence, Rule: llmRule}
	b.decide(report.Decision{Role: "analysis", Brain: "llm", Summary: fmt.Sprintf("%s %s: %s", an.Kind, an.Subject, an.Explanation)})

	var triedText strings.Builder
	for _, t := range tried {
		fmt.Fprintf(&triedText, "- %s\n", proposalsSummary([]repair.Proposal{t}))
	}
	user := fmt.Sprintf("%s\n\nDiagnosis: %s %q: %s\n\nThe Bash File:\n%s", flog, an.Kind, an.Subject, an.Explanation, fileSummary(file))
	if triedText.Len() > 0 {
		user += "\nAlready tried in this run (do not propose these again):\n" + triedText.String()
	}
	if ls := b.learned(); len(ls) > 0 {
		user += "\nLessons from failed attempts of this run:\n- " + strings.Join(ls, "\n- ") + "\n"
	}
	var ra RepairAnswer
	var edits []bashfile.Edit
	q = question{role: "repair", system: "heragent role: repair.\nYou propose the repair of a failed setup as edits of the Bash File.\n" + bashFileRules, user: user}
	q.check = func() error {
		edits = nil
		if ra.Action != "edit" {
			if len(ra.Edits) > 0 {
				return fmt.Errorf("edits are only allowed with action edit")
			}
			return nil
		}
		if len(ra.Edits) == 0 {
			return fmt.Errorf("action edit needs at least one edit")
		}
		var err error
		if _, edits, err = applyEdits(file, ra.Edits, "repair:llm", an.Explanation); err != nil {
			return err
		}
		for _, t := range tried {
			if sameEdits(t.Edits, edits) {
				return fmt.Errorf("these edits were already tried in this run and did not fix it: propose something else")
			}
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &ra); err != nil {
		return repair.Proposal{}, err
	}
	return repair.Proposal{Rule: llmRule, Diagnosis: d, Action: repair.Action(ra.Action), Edits: edits, Reason: ra.Reason}, nil
}

func sameEdits(a, b []bashfile.Edit) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// squash collapses white space, for comparing a quoted line with the log.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func (b *Brain) llmReflect(ctx context.Context, a report.Attempt) (string, error) {
	var what strings.Builder
	for _, r := range a.Repairs {
		fmt.Fprintf(&what, "- %s %s (%s, by %s): %s\n", r.Diagnosis.Kind, r.Diagnosis.Subject, r.Action, r.Brain, strings.Join(r.Edits, "; "))
	}
	if what.Len() == 0 {
		what.WriteString("- (no edit recorded)\n")
	}
	user := fmt.Sprintf("Attempt %d of this run failed after these repairs:\n%s\n%s", a.Iteration, what.String(), failureText(a.Failure))
	if ls := b.learned(); len(ls) > 0 {
		user += "\n\nEarlier lessons:\n- " + strings.Join(ls, "\n- ")
	}
	var ans ReflectAnswer
	q := question{role: "reflection", system: "heragent role: reflection.\nA repair of a setup script was applied and the next attempt still failed. Say what this teaches for the next repair: did the repair work and reveal the next problem, or did it miss the cause?",
		user: user}
	q.check = func() error {
		if strings.TrimSpace(ans.Lesson) == "" {
			return fmt.Errorf("lesson is empty")
		}
		return nil
	}
	if err := b.c.ask(ctx, q, &ans); err != nil {
		return "", err
	}
	lesson := strings.TrimSpace(ans.Lesson)
	if len(ans.Avoid) > 0 {
		lesson += " Avoid: " + strings.Join(ans.Avoid, "; ")
	}
	return lesson, nil
}
