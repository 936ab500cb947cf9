package pyramid

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A test run whose failures are the environment's — its tests fetch data
// from a host the sandbox cannot reach (nlohmann/json: 76 of 93 tests
// need json_test_data from github.com) — still shows that the rest of the
// suite runs. WithoutTests is the same run without the tests that failed:
// ctest's -E, pytest's --deselect, go test's -skip (Go 1.20: an older Go
// refuses the flag, and the run fails as before), on the run's last step. It grades as a
// part of the suite (Part), never the whole.

// maxLeftOut bounds the tests a run may leave out.
const maxLeftOut = 300

var (
	ctestStepRe  = regexp.MustCompile(`^ctest(?:\s|$)`)
	pytestStepRe = regexp.MustCompile(`^(?:python3? -m pytest|pytest|py\.test)(?:\s|$)`)
	goTestStepRe = regexp.MustCompile(`^go test(?:\s|$)`)
)

// WithoutTests returns c without the named tests, which failed for want
// of what why says (the network): false when its last step is no ctest,
// pytest or go test run, or a name cannot be passed safely. A run made so
// that fails again (its other tests need the network too) is made again
// from its own command, leaving out both sets.
func WithoutTests(c Command, names []string, why string) (Command, bool) {
	base := c.Text
	if len(c.LeftOut) > 0 {
		extra, ok := exclusion(stepKind(lastStep(c.Text)), c.LeftOut)
		if !ok || !strings.HasSuffix(c.Text, extra) {
			return Command{}, false
		}
		base = strings.TrimSuffix(c.Text, extra)
		for _, n := range c.LeftOut {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 || len(names) > maxLeftOut {
		return Command{}, false
	}
	for _, n := range names {
		if strings.ContainsAny(n, "'\n") {
			return Command{}, false
		}
	}
	step := lastStep(base)
	kind := stepKind(step)
	switch {
	case kind == "ctest" && (strings.Contains(step, " -E ") || strings.Contains(step, "--exclude-regex")),
		kind == "go" && strings.Contains(step, "-skip"),
		kind != "ctest" && strings.ContainsAny(step, "|;<>"):
		return Command{}, false // the project's own exclusions, or a pipeline
	}
	extra, ok := exclusion(kind, names)
	if !ok {
		return Command{}, false
	}
	out := c
	out.Text, out.LeftOut = base+extra, names
	out.Synth = true
	out.Part = fmt.Sprintf("the suite without the %d tests that failed for want of %s", len(names), why)
	out.Reason = "runs " + base + " again without the tests that failed for want of " + why
	if len(c.LeftOut) == 0 {
		out.Why = append([]Provenance{{Source: "synthesized", Note: out.Part}}, c.Why...)
	}
	return out, true
}

// lastStep is the last command of a && chain.
func lastStep(text string) string {
	if i := strings.LastIndex(text, "&&"); i >= 0 {
		text = text[i+2:]
	}
	return strings.TrimSpace(text)
}

// stepKind is the test runner a step runs: ctest, go or pytest ("" for
// another).
func stepKind(step string) string {
	switch {
	case ctestStepRe.MatchString(step):
		return "ctest"
	case goTestStepRe.MatchString(step):
		return "go"
	case pytestStepRe.MatchString(step):
		return "pytest"
	}
	return ""
}

// exclusion is what the runner's command line takes to leave the tests out.
func exclusion(kind string, names []string) (string, bool) {
	switch kind {
	case "ctest":
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = regexp.QuoteMeta(n)
		}
		return " -E '^(" + strings.Join(quoted, "|") + ")$'", true
	case "go":
		// -skip (Go 1.20) matches a top-level test: its subtests go with it
		var top []string
		for _, n := range names {
			n, _, _ = strings.Cut(n, "/")
			if q := regexp.QuoteMeta(n); !slices.Contains(top, q) {
				top = append(top, q)
			}
		}
		return " -skip '^(" + strings.Join(top, "|") + ")$'", true
	case "pytest":
		extra := ""
		for _, n := range names {
			extra += " --deselect '" + n + "'"
		}
		return extra, true
	}
	return "", false
}
