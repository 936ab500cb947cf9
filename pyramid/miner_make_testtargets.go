package pyramid

import (
	"regexp"
	"sort"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// testTargetRe is a Makefile target named as tests other than the
// conventional test/tests/check: haproxy's unit-tests, sds's sds-test,
// runtests, alltests, test_all; the BSD projects' regress (lowdown's
// `bmake regress`, OpenBSD's regress/ suites).
var testTargetRe = regexp.MustCompile(`^([a-z0-9]+[-_])*(unit[-_]?)?tests?([-_][a-z0-9]+)*$|^(run|all|unit)tests?$|^regress(ion)?(-?tests?)?$`)

// notTestRunRe is a test-named target that prepares, inspects or runs the
// tests somewhere else: it does not run the suite here.
var notTestRunRe = regexp.MustCompile(`(^|[-_])(build|compile|install|bootstrap|setup|help|docker|e2e|32bit|cov|coverage|fuzz|clean|deps|tui|cli|ci|bench|perf|speed|bloat|stress|asv|notebook|nb|timer)([-_]|$)`)

// testLikeTarget reports whether make target t is named as the project's
// tests (classify's verdict on `make t`).
func testLikeTarget(t string) bool {
	return testTargetRe.MatchString(t) && !notTestRunRe.MatchString(t)
}

// otherTestTargets are the top-level Makefile's test-named targets when
// it has no test, tests or check target: `make unit-tests` (haproxy), and
// for a target that only links a program of its own name, the program
// run after it (sds's `sds-test: … $(CC) -o sds-test …` and its "Type
// ./sds-test to run the unit tests"). At most two, in file order, the
// unit tests first.
func otherTestTargets(byName map[string]retrieval.Target) []Command {
	for _, n := range []string{"test", "tests", "check"} {
		if _, ok := byName[n]; ok {
			return nil
		}
	}
	var ts []retrieval.Target
	for n, t := range byName {
		if _, runs := t.SelfProgram(); testLikeTarget(n) || runs && checkNameRe.MatchString(n) && !notTestRunRe.MatchString(n) {
			ts = append(ts, t)
		}
	}
	sort.Slice(ts, func(i, j int) bool {
		ui, uj := strings.Contains(ts[i].Name, "unit"), strings.Contains(ts[j].Name, "unit")
		if ui != uj {
			return ui
		}
		return ts[i].Line < ts[j].Line
	})
	var out []Command
	for _, t := range ts {
		if len(out) == 2 {
			break
		}
		text, reason := "make "+t.Name, "runs the make target "+t.Name+", named as the project's tests"
		links, runs := t.SelfProgram()
		switch {
		case links:
			text += " && ./" + t.Name
			reason = "builds the test program " + t.Name + " with its make target and runs it"
		case runs:
			// its program runs in its recipe, which the default build may
			// have run already (tinyexpr's all: smoke …): made again
			text, reason = "rm -f "+t.Name+" && make "+t.Name, "builds and runs the check "+t.Name+" (its program removed first: the build may have made and run it)"
		}
		// the program it links and runs is the suite's own driver either
		// way: its asserts stop it at a failure (url.h's url-test)
		out = append(out, Command{Text: text, Bucket: Unit, Reason: reason, Driver: links || runs || diffsItsPrograms(t, byName), Only: len(ts) == 1 && testLikeTarget(t.Name),
			Why: []Provenance{{Source: "makefile", File: t.Path, Line: int(t.Line), Note: "target " + t.Name}}})
	}
	return out
}

// checkNameRe names a check that is no unit test by its name: smoke
// tests, self-tests, sanity checks.
var checkNameRe = regexp.MustCompile(`(?i)(?:^|[-_])(?:smoke|selftest|self-test|sanity|verify|validate)s?(?:[-_]|$)`)
