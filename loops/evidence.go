package loops

import (
	"fmt"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/report"
)

// grade sets a passing command's evidence grade, in the report too.
func (r *runner) grade(res *outcome, c pyramid.Command) {
	switch c.Level {
	case pyramid.Testable:
		res.Evidence, res.gradeWhy = pyramid.GradeTestable(c, res.Counts, r.rep.TestsFound)
	case pyramid.Runnable:
		res.Evidence = pyramid.GradeRunnable(c)
	}
	r.rep.Commands[res.index].Evidence = res.Evidence
}

// strongest reports whether evidence ends the search for a level: the
// project's test suite, a real use of the program.
func strongest(l pyramid.Level, evidence string) bool {
	if l == pyramid.Testable {
		return evidence == pyramid.EvidenceSuite
	}
	return evidence != pyramid.EvidenceLastResort
}

// take records the command that proved level l in the pass's proof.
func (r *runner) take(l pyramid.Level, res outcome, p *proof) {
	p.cmds = append(p.cmds, res.index)
	switch l {
	case pyramid.Testable:
		p.tests, p.testEv, p.testWhy = res.Counts, res.Evidence, res.gradeWhy
	case pyramid.Runnable:
		p.runnable, p.runEv = commandLine(res.cmd), res.Evidence
	}
}

// tolerate accepts Testable from a test run whose failures no repair
// could fix when nearly all of its tests passed (pyramid.Tolerable): the
// suite runs in this environment, and the failing tests are the
// environment's or the project's, listed in the report. The command is
// marked as proving the level, so verify re-runs it.
func (r *runner) tolerate(failed []outcome, why []string, p *proof) bool {
	best := -1
	for i, fc := range failed {
		if !fc.TimedOut && pyramid.Tolerable(fc.Counts) && (best < 0 || fc.Counts.Passed > failed[best].Counts.Passed) {
			best = i
		}
	}
	if best < 0 {
		return r.acceptCut(failed, why, p)
	}
	r.acceptTolerated(failed[best], strings.Join(why, "; "), p)
	return true
}

// acceptTolerated makes fc, a nearly passing test run, the level's proof.
func (r *runner) acceptTolerated(fc outcome, why string, p *proof) {
	cr := &r.rep.Commands[fc.index]
	cr.Passed, cr.Tolerated = true, true
	r.grade(&fc, fc.cmd)
	r.take(pyramid.Testable, fc, p)
	p.tolerated = true
	delete(r.cur.skip, fc.Text) // recorded as failing, still the level's evidence after a later repair
	msg := "level reached: testable, with failing tests no repair fixed"
	cr.Verdict = toleratedVerdict(fc.Counts) + cr.Verdict
	if pyramid.RunnerFailed(fc.Counts) {
		p.notes = append(p.notes, fmt.Sprintf("testable: %d tests passed and none failed, but `%s` did not pass (%s): what failed is the runner's own check (a skip list, a coverage threshold, a step after the tests), not a test (last output: %q); %s",
			fc.Counts.Passed, fc.Text, fc.Verdict, lastLine(fc.Tail), why))
		msg = "level reached: testable, every test counted passed though the runner failed the run"
	} else {
		p.notes = append(p.notes, fmt.Sprintf("testable with %d failing test(s) of %d that no repair fixed: %s",
			fc.Counts.Failed+fc.Counts.Errors, fc.Counts.Passed+fc.Counts.Failed+fc.Counts.Errors, why))
	}
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(pyramid.Testable), Command: fc.Text, Message: msg})
}

// toleratedVerdict prefixes the verdict of a tolerated test run.
func toleratedVerdict(c results.Counts) string {
	if pyramid.RunnerFailed(c) {
		return "accepted, every test counted passed: "
	}
	return "accepted with failures: "
}

// acceptCut accepts Testable, graded subset, from a test run its time or
// idle limit stopped after tests passed and none failed
// (pyramid.CutShort): the suite runs here, its end was not seen. The
// report says where it stopped.
func (r *runner) acceptCut(failed []outcome, why []string, p *proof) bool {
	best := -1
	for i, fc := range failed {
		if pyramid.CutShort(fc.TimedOut, fc.Counts) && (best < 0 || fc.Counts.Passed > failed[best].Counts.Passed) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	r.acceptCutRun(failed[best], strings.Join(why, "; "), p)
	return true
}

// acceptCutBeforeRepair accepts Testable, graded subset, from the whole
// suite stopped at its share of the run after its tests passed
// (pyramid.CutShort), before the level's other commands go to repair: a
// repair of another spelling of the suite costs a setup run and gives the
// suite no more time, and the state after it skips the cut suite, so its
// proof was lost (libffi's `make check RUNTESTFLAGS=--all`: 2,262 passed,
// none failed, at 466 s; its emscripten pytest's missing pytest_pyodide
// was repaired instead, and the run ended Installable). The Runnable tier
// gets the time the share kept for it, and what is left after it resumes
// the cut suite (resumecut.go).
func (r *runner) acceptCutBeforeRepair(failed []outcome, p *proof) bool {
	best := cutProves(failed)
	if best < 0 {
		return false
	}
	var others []string
	for i, fc := range failed {
		if i != best {
			others = append(others, fmt.Sprintf("`%s`: %s", fc.Text, fc.Verdict))
		}
	}
	why := "the level's other commands were not repaired"
	if len(others) > 0 {
		why += " (" + strings.Join(others, "; ") + ")"
	}
	r.acceptCutRun(failed[best], why, p)
	return true
}

// cutProves is the index in failed of the whole suite stopped at its
// share after its tests passed (the most of them), -1 for none.
func cutProves(failed []outcome) int {
	best := -1
	for i, fc := range failed {
		if fc.share > 0 && pyramid.CutShort(fc.TimedOut, fc.Counts) && !pyramid.Narrow(fc.cmd) && (best < 0 || fc.Counts.Passed > failed[best].Counts.Passed) {
			best = i
		}
	}
	return best
}

// acceptCutRun makes fc, a test run stopped after its tests passed, the
// level's proof, graded subset.
func (r *runner) acceptCutRun(fc outcome, why string, p *proof) {
	cr := &r.rep.Commands[fc.index]
	cr.Passed, cr.Cut = true, true
	cr.Verdict = "accepted, cut short: " + cr.Verdict
	fc.Evidence = pyramid.EvidenceSubset
	howMany := "none failed"
	if bad := fc.Counts.Failed + fc.Counts.Errors; bad > 0 {
		howMany = fmt.Sprintf("%d failed", bad)
		p.tolerated = true
	}
	fc.gradeWhy = fmt.Sprintf("%d tests passed and %s before the suite was stopped (%s)", fc.Counts.Passed, howMany, fc.Verdict)
	cr.Evidence = fc.Evidence
	r.take(pyramid.Testable, fc, p)
	delete(r.cur.skip, fc.Text)
	p.notes = append(p.notes, fmt.Sprintf("testable on part of the suite: %d tests passed and %s before `%s` was stopped (%s; last output: %q); %s",
		fc.Counts.Passed, howMany, fc.Text, fc.Verdict, lastLine(fc.Tail), why))
	r.traj.emit(report.Event{Phase: "level", Iteration: r.iter, Level: string(pyramid.Testable), Command: fc.Text, Message: "level reached: testable, on the part of the suite that ran before it was stopped"})
}

// outrank looks, beside a weak pass (found: a smoke probe, a part of the
// suite), at the test runs of the level that failed for one that is
// stronger evidence as it stands — a whole suite that nearly passed, or
// one stopped after its tests passed — and makes that the proof; at the
// same grade, one with no failure that ran more tests. rsync's `./rsync
// --version` passed first; its `make check` then ran 285 tests, none
// failing, and exited 2 on its skip list, and `runtests.py` was cut with
// hundreds passed: the level was proved by the version banner.
// mosquitto's ctest, cut after 135 passed, lost to a one-test subset.
func (r *runner) outrank(found outcome, runs []outcome, p *proof) bool {
	best, rank := -1, pyramid.EvidenceRank(found.Evidence)
	for i, fc := range runs {
		var ev string
		switch {
		case pyramid.CutShort(fc.TimedOut, fc.Counts):
			ev = pyramid.EvidenceSubset
		case !fc.TimedOut && pyramid.Tolerable(fc.Counts):
			ev, _ = pyramid.GradeTestable(fc.cmd, fc.Counts, r.rep.TestsFound)
		default:
			continue
		}
		k, clean := pyramid.EvidenceRank(ev), fc.Counts.Failed+fc.Counts.Errors == 0
		switch {
		case best < 0 && (k > rank || k == rank && clean && fc.Counts.Passed > found.Counts.Passed),
			best >= 0 && (k > rank || k == rank && fc.Counts.Passed > runs[best].Counts.Passed):
			best, rank = i, k
		}
	}
	if best < 0 {
		return false
	}
	why := fmt.Sprintf("it ran more than `%s` (%s evidence, %d tests passed), which passed", found.Text, found.Evidence, found.Counts.Passed)
	if fc := runs[best]; fc.TimedOut {
		r.acceptCutRun(fc, why, p)
	} else {
		r.acceptTolerated(fc, why, p)
	}
	return true
}

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.TrimSpace(ls[len(ls)-1])
}

// commandLine is the command as the entrypoint runs it, from /repo: for a
// server probe, the server itself; under a virtual display, or as the
// unprivileged user, when it was proved so.
func commandLine(c pyramid.Command) string {
	text := c.Text
	if c.Background && c.Serve != "" {
		text = c.Serve
	}
	if c.Display {
		text = "xvfb-run -a bash -c " + quote(text)
	}
	if c.TTY {
		// the exported entrypoint runs the terminal program as it is,
		// for `docker run -it`, its input the terminal
		text = pyramid.OnTerminal(text)
	}
	if c.Dir != "" && c.Dir != "." {
		text = "cd " + quote(c.Dir) + " && " + text
	}
	if c.User != "" {
		text = "{ " + ownRepo(c.User) + "; runuser -u " + c.User + " -- bash -lc " + quote(text) + "; }"
	}
	for i := len(c.Start) - 1; i >= 0; i-- {
		text = "{ " + c.Start[i] + "; } && " + text
	}
	return text
}
