// Package results turns the output of a test command (and the result files
// the run leaves behind) into test counts: passed, failed, skipped, errors.
//
// The feedback loop uses [Counts.Ran] to decide whether a Testable command
// really executed a test, and the report shows the counts per command.
// Each framework has its own parser in its own file; the ordered list of
// parsers is [textParsers]. See README.md for the formats, what counts as
// skipped and how double counting is avoided.
package results

import "slices"

// Counts is the outcome of one test command.
type Counts struct {
	// Passed counts tests that ran and succeeded (incl. non-strict XPASS
	// where the framework itself treats it as a pass).
	Passed int `json:"passed"`
	// Failed counts tests that ran and failed (incl. timeouts and unexpected
	// passes where the framework fails the run because of them).
	Failed int `json:"failed"`
	// Skipped counts tests that were skipped, disabled, todo or expected
	// failures (XFAIL).
	Skipped int `json:"skipped"`
	// Errors counts tests that ended in an error rather than an assertion
	// failure (unittest/pytest errors, JUnit <error>, automake ERROR, ctest
	// "Not Run", a test binary that crashed mid-test).
	Errors int `json:"errors"`
	// Frameworks names the frameworks whose output was recognised, in the
	// order of the parser list, without duplicates.
	Frameworks []string `json:"frameworks,omitempty"`
	// Unloaded counts test files the framework could not load (pytest's
	// "ERROR collecting tests/test_x.py"): none of their tests ran.
	Unloaded int `json:"unloaded,omitempty"`
}

// Total is the number of tests seen, skipped ones included.
func (c Counts) Total() int { return c.Passed + c.Failed + c.Skipped + c.Errors }

// Ran reports whether at least one test was executed: passed, failed or
// ended in an error. Skipped tests do not count.
func (c Counts) Ran() bool { return c.Passed+c.Failed+c.Errors > 0 }

// Add adds o to c and merges the framework names (keeping first-seen order).
func (c *Counts) Add(o Counts) {
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Skipped += o.Skipped
	c.Errors += o.Errors
	c.Unloaded += o.Unloaded
	for _, f := range o.Frameworks {
		if !slices.Contains(c.Frameworks, f) {
			c.Frameworks = append(c.Frameworks, f)
		}
	}
}

// Parse counts the tests reported in a command's combined stdout+stderr.
// ANSI colour codes and carriage-return progress lines are removed first.
// Several runs in one output (several go packages, ctest invocations,
// Makefile suites) are summed; see README.md for how repeated summaries are
// kept from being counted twice.
func Parse(output string) Counts {
	return combine(parseText(output))
}

// ParseRun combines a command's output with the result files collected
// after it (see [ResultFilePatterns]). Result files are the more precise
// source: when they count at least one test, they are used and the console
// output only adds the framework names; otherwise the console counts are
// used.
func ParseRun(output string, files map[string][]byte) Counts {
	fromFiles := ParseFiles(files)
	console := Parse(output)
	if fromFiles.Total() > 0 {
		fw := fromFiles.Frameworks
		fromFiles.Frameworks = nil
		fromFiles.Add(Counts{Frameworks: console.Frameworks})
		fromFiles.Add(Counts{Frameworks: fw})
		return fromFiles
	}
	console.Add(Counts{Frameworks: fromFiles.Frameworks})
	return console
}

// found is one parser's result on one text.
type found struct {
	name       string
	counts     Counts
	supersedes []string                 // of its parser
	wraps      bool                     // of its parser
	summaries  func(lines []string) int // of its parser
}

// combine sums parser results into one Counts, recording framework names.
func combine(fs []found) Counts {
	var c Counts
	for _, f := range fs {
		f.counts.Frameworks = []string{f.name}
		c.Add(f.counts)
	}
	return c
}
