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
// pytest or go test run, or a name cannot be passed safely.
func WithoutTests(c Command, names []string, why string) (Command, bool) {
	if len(names) == 0 || len(names) > maxLeftOut {
		return Command{}, false
	}
	step := c.Text
	if i := strings.LastIndex(step, "&&"); i >= 0 {
		step = step[i+2:]
	}
	step = strings.TrimSpace(step)
	for _, n := range names {
		if strings.ContainsAny(n, "'\n") {
			return Command{}, false
		}
	}
	var extra string
	switch {
	case ctestStepRe.MatchString(step) && !strings.Contains(step, " -E ") && !strings.Contains(step, "--exclude-regex"):
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = regexp.QuoteMeta(n)
		}
		extra = " -E '^(" + strings.Join(quoted, "|") + ")$'"
	case goTestStepRe.MatchString(step) && !strings.Contains(step, "-skip") && !strings.ContainsAny(step, "|;<>"):
		// -skip (Go 1.20) matches a top-level test: its subtests go with it
		var top []string
		for _, n := range names {
			n, _, _ = strings.Cut(n, "/")
			if q := regexp.QuoteMeta(n); !slices.Contains(top, q) {
				top = append(top, q)
			}
		}
		extra = " -skip '^(" + strings.Join(top, "|") + ")$'"
	case pytestStepRe.MatchString(step) && !strings.ContainsAny(step, "|;<>"):
		for _, n := range names {
			extra += " --deselect '" + n + "'"
		}
	default:
		return Command{}, false
	}
	out := c
	out.Text = c.Text + extra
	out.Synth = true
	out.Part = fmt.Sprintf("the suite without the %d tests that failed for want of %s", len(names), why)
	out.Reason = "runs " + c.Text + " again without the tests that failed for want of " + why
	out.Why = append([]Provenance{{Source: "synthesized", Note: out.Part}}, c.Why...)
	return out, true
}
