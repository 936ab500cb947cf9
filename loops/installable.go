package loops

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// proveInstallable: the project itself was built or installed. The Bash
// File's build section or the project's own install step ran (packages
// alone are no evidence), or the pyramid's build commands pass — run in
// order, as a sequence (auto/configure, make, make install); a step that
// fails after others passed goes to repair, and only an install step may
// be left out — and then they join the Bash File's build section, so the
// exports build the project.
func (r *runner) proveInstallable(ctx context.Context, sb Sandbox, p *proof) (levelResult, error) {
	if r.cur.file.BuildsProject() {
		return levelResult{passed: true, how: " (the Bash File built or installed the project)"}, nil
	}
	cmds, none := r.candidates(pyramid.Installable)
	if len(cmds) == 0 {
		return levelResult{why: "the Bash File builds nothing (no build system recognised) and " + none}, nil
	}
	var failed, passed []outcome
	for _, c := range cmds {
		if why := r.budget(); why != "" {
			return levelResult{why: why, cut: true}, nil
		}
		res, err := r.runCommand(ctx, sb, c)
		if err != nil {
			return levelResult{}, err
		}
		if res.Passed {
			passed = append(passed, res)
			continue
		}
		if len(passed) == 0 {
			if prep := failedConfigure(failed); prep != "" && !configures(c.Text) {
				// make after a failed auto/configure: no Makefile yet, so
				// "no rule to make target install" says nothing of the
				// project; the configure step's failure is what to repair
				res.noRepair = fmt.Sprintf("not diagnosed: it ran after `%s`, which prepares its build, failed", prep)
			}
			failed = append(failed, res)
			continue
		}
		// A step of the sequence failed after others passed.
		changed, stop := r.repair(ctx, commandFailure(res))
		switch {
		case changed:
			return levelResult{repaired: true, why: fmt.Sprintf("the build step `%s` failed (%s) and was repaired", res.Text, res.Verdict), failLog: res.Log}, nil
		case r.recorded && compiles(passed):
			// a limit of the sandbox (a step that drives docker, needs
			// the network): what the steps before it built stands
			r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("build step `%s` left out: %s", res.Text, stop))
		case !installStep(res.Text):
			return levelResult{why: fmt.Sprintf("the build step `%s` failed after `%s`: %s (%s)", res.Text, passed[len(passed)-1].Text, res.Verdict, stop), failLog: res.Log}, nil
		}
		break // only the install step failed, or one the sandbox cannot run: what was built stands
	}
	if len(passed) == 0 {
		return r.repairFailures(ctx, sb, pyramid.Installable, failed, p)
	}
	if r.adoptBuild(passed) {
		// not a pass of this state: its Bash File does not build the project
		return levelResult{repaired: true, why: "the pyramid's build commands built the project and joined the Bash File", failLog: passed[0].Log}, nil
	}
	for _, res := range passed {
		p.cmds = append(p.cmds, res.index)
	}
	return levelResult{passed: true, how: " (the pyramid's build commands)",
		capped: "the pyramid's build commands built the project but could not join the Bash File: the exports would not build it, so no higher level is claimed"}, nil
}

// configureStep is a step that prepares a build without compiling
// (./configure, nginx's auto/configure, autoreconf, cmake -S, meson setup).
var configureStep = regexp.MustCompile(`^(?:(?:\S*/)?configure(?:\s|$)|autoreconf|\./autogen\.sh|\./bootstrap|\./buildconf\S*|meson setup|cmake(?: -S| -B| \.\.| -D| \.$))`)

// configures reports whether a command is a configure step.
func configures(text string) bool { return configureStep.MatchString(strings.TrimSpace(text)) }

// failedConfigure is the first configure step of failed, "" when none.
func failedConfigure(failed []outcome) string {
	for _, f := range failed {
		if configures(f.Text) {
			return f.Text
		}
	}
	return ""
}

// compiles reports whether a step of passed builds something (not only
// configures).
func compiles(passed []outcome) bool {
	for _, p := range passed {
		if !configures(p.Text) || strings.Contains(p.Text, "--build") {
			return true
		}
	}
	return false
}

// installStep reports whether a build command only installs what was
// built (make install, cmake --install, ninja install).
func installStep(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && (f[len(f)-1] == "install" || strings.Contains(text, "--install"))
}

// adoptBuild puts the pyramid build commands that built the project into
// the Bash File's empty build section, each in its own directory. It
// reports whether the state changed; an adoption rolled back before is
// not tried again.
func (r *runner) adoptBuild(passed []outcome) bool {
	var texts []string
	for _, res := range passed {
		texts = append(texts, adoptedLine(res.cmd, r.cur.file.RepoDir))
	}
	key := "adopt-build:" + strings.Join(texts, "\n")
	if _, rejected := r.rejected[key]; rejected || r.repairBudget() != "" {
		return false
	}
	var edits []bashfile.Edit
	for i, res := range passed {
		why := bashfile.Provenance{Source: "pyramid", Note: "the pyramid's build command built the project"}
		if len(res.cmd.Why) > 0 {
			why.File, why.Line = res.cmd.Why[0].File, res.cmd.Why[0].Line
		}
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Build, Command: texts[i], Why: why})
	}
	applied := r.applyEdits(edits)
	if len(applied) == 0 {
		return false
	}
	rec := report.RepairRecord{Iteration: r.iter, Phase: repair.PhaseCommand, Command: passed[0].Text, Rule: "adopt-build", Action: repair.ActionEdit,
		Edits: applied, Reason: "the Bash File built nothing; these build commands built the project", Brain: "rules", Key: key}
	r.rep.Repairs = append(r.rep.Repairs, rec)
	r.traj.emit(report.Event{Phase: "repair", Iteration: r.iter, Command: passed[0].Text, Message: "the build commands join the Bash File's build section", Data: rec})
	r.advance()
	return true
}

// adoptedLine is a pyramid build command as a line of the build section,
// which runs in repoDir (the Bash File's RepoDir): in a subshell when the
// command runs elsewhere, so the next line starts where the section does.
func adoptedLine(c pyramid.Command, repoDir string) string {
	dir := path.Join(sandbox.RepoDir, c.Dir)
	if dir == path.Clean(repoDir) {
		return c.Text
	}
	if rel, ok := strings.CutPrefix(dir, path.Clean(repoDir)+"/"); ok {
		dir = rel
	}
	return "(cd " + quote(dir) + " && " + c.Text + ")"
}
