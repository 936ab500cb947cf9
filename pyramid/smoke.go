package pyramid

import (
	"context"
	"fmt"
	"slices"

	"github.com/heragent/heragent/retrieval"
)

// smokeProbes gives a repository without any test a Testable level: its
// Runnable commands double as runtime probes (smoke), the lowest evidence
// the hierarchy accepts. A repository with tests gets none when a command
// runs them, so a failing test suite is never hidden behind a probe that
// passes; one whose test files no command here runs (rxi/vec's
// test/build_test.py) gets them, or its run stops at Installable.
func smokeProbes(ctx context.Context, ix *retrieval.Index, all []Command) ([]Command, error) {
	tests, err := ownTestFiles(ctx, ix)
	if err != nil {
		return nil, err
	}
	targets, err := ix.Targets(ctx, "test")
	if err != nil {
		return nil, fmt.Errorf("find test targets: %w", err)
	}
	note := "no test files or test targets"
	withTests := len(tests) > 0 || len(targets) > 0
	if withTests {
		if slices.ContainsFunc(all, func(c Command) bool { return c.Bucket.Level() == Testable }) {
			return nil, nil
		}
		// test files no command here runs (rxi/vec's test/build_test.py):
		// without a probe the run stops at Installable — a real use, not a
		// --version, which the loop's own probes outdo (nnn)
		note = "test files, but no command that runs them"
	}
	var out []Command
	for _, c := range order(all) {
		if c.Bucket.Level() != Runnable || len(out) == 2 || withTests && c.LastResort() {
			continue
		}
		out = append(out, SmokeCopy(c, note))
	}
	return out, nil
}

// SmokeCopy is a Runnable command of a repository without tests run at
// Testable as its runtime probe (smoke); note says why there are no tests.
func SmokeCopy(c Command, note string) Command {
	s := c
	s.Bucket, s.Level, s.Synth, s.Expect = Smoke, Testable, true, nil
	s.Reason = "the repository has no tests: running the program is the runtime probe (" + c.Reason + ")"
	s.Why = synthWhy(c.Why, note)
	return s
}

// ownTestFiles are the test files but those only named like a test, in
// a language none of the project's sources is written in: a data file
// (svgo's svgplot/test.d, "D" to the language detector, in a Go module)
// is no test of the project's. Under a test directory a file of another
// language is a test (rxi/vec's test/build_test.py for its C).
func ownTestFiles(ctx context.Context, ix *retrieval.Index) ([]retrieval.FileInfo, error) {
	tests, err := ix.FindFiles(ctx, retrieval.FileQuery{Kind: "test"})
	if err != nil {
		return nil, fmt.Errorf("find test files: %w", err)
	}
	srcs, err := ix.FindFiles(ctx, retrieval.FileQuery{Kind: "source"})
	if err != nil {
		return nil, fmt.Errorf("find source files: %w", err)
	}
	langs := map[string]bool{"Shell": true}
	for _, f := range srcs {
		langs[f.Language] = true
	}
	return slices.DeleteFunc(tests, func(f retrieval.FileInfo) bool {
		return f.Language != "" && !langs[f.Language] && !throughTestDir(f.Path)
	}), nil
}
