package results

import (
	"regexp"
	"strings"
)

// A test driver of the project's own (a shell script, a Tcl or Perl
// harness) often prints one verdict per test and no total: "testing
// -fPIC ... passed" (chibicc's driver.sh), "[ok]: SET and GET (1 ms)" /
// "[err]: …" (Tcl harnesses), "test_foo ... ok", "PASS    name" (rsync's
// runtests.py, whose totals come only at its end). parseVerdicts counts
// those lines; a fallback used only when no framework was recognised, and
// only from three verdicts on (one "… ok" line is a log message).

var (
	// "testing -fPIC ... passed", "foo: ok", "test_foo ... FAILED",
	// "CBC encrypt: SUCCESS!" (tiny-AES-c's test program)
	verdictTrailingRe = regexp.MustCompile(`^(?:testing|test|checking|running)?\s*\S.*?(?:\s*\.{2,}\s*|:\s+)(passed|pass|ok|OK|PASS|PASSED|SUCCESS|failed|fail|FAIL|FAILED|FAILURE|skipped|skip|SKIP|SKIPPED)[.!]?$`)
	// a name, then the verdict in its own column and maybe a time:
	// "buffers.sh                    PASS (1s)" (tmux's regress/Makefile)
	verdictColumnRe = regexp.MustCompile(`^\S+\s{2,}(PASS|PASSED|FAIL|FAILED|SKIP|SKIPPED|OK)(?:\s+\([\d.]+\s*m?s\))?$`)
	// "[ok]: SET and GET (1 ms)", "[err]: …", "[skip]: …"; "[PASS] diff.js",
	// "[FAIL] x.js :: …" (uvu's own test/index.js, one line a test file)
	verdictBracketRe = regexp.MustCompile(`^\[(ok|OK|err|ERR|fail|FAIL|skip|SKIP|ignore|pass|PASS)\]:?\s+\S`)
	// the verdict first in its own column, then the name and maybe a
	// reason: "PASS    wildmatch", "SKIP    xattrs (no xattr support)"
	// (rsync's runtests.py)
	verdictLeadingRe = regexp.MustCompile(`^(PASS|PASSED|FAIL|FAILED|SKIP|SKIPPED)(?:\t+| {2,})[\w./-]+(?:\s+\(.*\))?$`)
	// a check mark or a cross before the test's name, no total after
	// them: "✔ asyncgenFanOut" (through2's bare-async runner)
	verdictMarkRe = regexp.MustCompile(`^(✔|✓|✖|✗|×)\s+\S`)
	// the name, then a colon and the mark, under a tree's branches: "│ │
	// should emit `add` event: ✓", "…: ☓" (micro-should, whose totals
	// come only at its end and not at all when a test's error ends the
	// process; its "…: ☆" line is a test starting)
	verdictMarkAfterRe = regexp.MustCompile(`^[│├└─┬ ]*\S.*:\s+(✔|✓|☓|✖|✗|×)$`)
)

// minVerdicts is how many verdict lines make a suite's output.
const minVerdicts = 3

// verdictWordRe is a check's line ending in a bare verdict word:
// "string comparison on line 217 succeeded" (json-parser's tests/test.c,
// one line per check a macro makes). Such words end many log lines, so
// they count only where several lines share one shape — the same text
// but for their numbers: one check repeated (see wordVerdicts).
var (
	verdictWordRe = regexp.MustCompile(`^(\S.*?)\s+(succeeded|failed|passed)[.!]?$`)
	digitsRe      = regexp.MustCompile(`\d+`)
)

// wordVerdicts counts the bare-verdict lines of the shapes that at least
// minVerdicts lines share.
func wordVerdicts(ls []string) (Counts, int) {
	type group struct {
		c Counts
		n int
	}
	groups := map[string]*group{}
	for _, l := range ls {
		m := verdictWordRe.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || !digitsRe.MatchString(m[1]) {
			continue
		}
		shape := digitsRe.ReplaceAllString(m[1], "#")
		g := groups[shape]
		if g == nil {
			g = &group{}
			groups[shape] = g
		}
		g.n++
		if m[2] == "failed" {
			g.c.Failed++
		} else {
			g.c.Passed++
		}
	}
	var c Counts
	n := 0
	for _, g := range groups {
		if g.n >= minVerdicts {
			c.Add(g.c)
			n += g.n
		}
	}
	return c, n
}

func parseVerdicts(ls []string) (Counts, bool) {
	var c Counts
	n := 0
	for _, l := range ls {
		t := strings.TrimSpace(l)
		v := ""
		if m := verdictBracketRe.FindStringSubmatch(t); m != nil {
			v = m[1]
		} else if m := verdictTrailingRe.FindStringSubmatch(t); m != nil {
			v = m[1]
		} else if m := verdictColumnRe.FindStringSubmatch(t); m != nil {
			v = m[1]
		} else if m := verdictLeadingRe.FindStringSubmatch(t); m != nil {
			v = m[1]
		} else if m := verdictMarkAfterRe.FindStringSubmatch(t); m != nil {
			v = markVerdict(m[1])
		} else if m := verdictMarkRe.FindStringSubmatch(t); m != nil {
			v = markVerdict(m[1])
		} else {
			continue
		}
		n++
		switch strings.ToLower(v) {
		case "passed", "ok", "pass", "success":
			c.Passed++
		case "skipped", "skip", "ignore":
			c.Skipped++
		default:
			c.Failed++
		}
	}
	if n == 0 {
		c, n = wordVerdicts(ls)
	}
	return c, n >= minVerdicts
}

// markVerdict is a check mark's verdict: a tick passed, a cross failed.
func markVerdict(mark string) string {
	if mark == "✔" || mark == "✓" {
		return "ok"
	}
	return "fail"
}
