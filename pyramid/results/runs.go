package results

import (
	"strconv"
	"strings"
)

// runs accumulates one framework's counts over an output that may hold
// several runs. Within a run a summary line is preferred over per-test
// lines: per-test lines are only a fallback for a run that never printed its
// summary (a crash, a timeout). A repeated summary inside one run replaces
// the earlier one instead of adding to it.
type runs struct {
	total  Counts
	found  bool
	sum    Counts
	hasSum bool
	per    Counts
	hasPer bool
	closed bool // the run's summary is complete; the next line of a run starts another
}

// start begins a new run, closing the current one.
func (r *runs) start() { r.flush() }

// summary sets the current run's summary (the last one wins).
func (r *runs) summary(c Counts) {
	if r.closed {
		r.flush()
	}
	r.sum, r.hasSum, r.found = c, true, true
}

// done marks the current run's summary as complete: it may still be amended
// through r.sum, but the next summary or per-test line belongs to a new run.
func (r *runs) done() { r.closed = true }

// test adds one per-test outcome to the current run's fallback counts.
func (r *runs) test(c Counts) {
	if r.closed {
		r.flush()
	}
	r.per.Add(c)
	r.hasPer, r.found = true, true
}

// detect records that the framework was seen even if nothing is counted.
func (r *runs) detect() { r.found = true }

// flush closes the current run: its summary if any, else its per-test counts.
func (r *runs) flush() {
	switch {
	case r.hasSum:
		r.total.Add(r.sum)
	case r.hasPer:
		r.total.Add(r.per)
	}
	r.sum, r.per = Counts{}, Counts{}
	r.hasSum, r.hasPer, r.closed = false, false, false
}

// result closes the last run and returns the sum and whether the framework
// was seen at all.
func (r *runs) result() (Counts, bool) {
	r.flush()
	return r.total, r.found
}

// maxCount is more tests than any suite runs. A larger number in a log
// is no count, and adding it up could overflow: fuzzing's seed `Ran
// 9223372036854775807 tests` twice made Passed negative.
const maxCount = 1 << 30

// atoi parses a non-negative decimal up to maxCount; anything else is 0.
func atoi(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 || n > maxCount {
		return 0
	}
	return n
}

// countList parses "3 passed, 1 failed" style lists: items separated by sep,
// each "N word…". words maps a (lower-case) word to the field it adds to;
// it returns ok=false if an item is not of that shape or its word is unknown
// (so prose does not match). Words mapped to nil are accepted and ignored.
func countList(s, sep string, words map[string]func(*Counts, int)) (Counts, bool) {
	var c Counts
	items := strings.Split(s, sep)
	for _, it := range items {
		it = strings.TrimSpace(it)
		num, word, ok := strings.Cut(it, " ")
		if !ok || num == "" || !isDigits(num) {
			return Counts{}, false
		}
		add, known := words[strings.ToLower(strings.TrimSpace(word))]
		if !known {
			return Counts{}, false
		}
		if add != nil {
			add(&c, atoi(num))
		}
	}
	return c, len(items) > 0
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func addPassed(c *Counts, n int)  { c.Passed += n }
func addFailed(c *Counts, n int)  { c.Failed += n }
func addSkipped(c *Counts, n int) { c.Skipped += n }
func addErrors(c *Counts, n int)  { c.Errors += n }

// passed is a single-outcome Counts, for per-test lines.
var (
	onePassed  = Counts{Passed: 1}
	oneFailed  = Counts{Failed: 1}
	oneSkipped = Counts{Skipped: 1}
	oneError   = Counts{Errors: 1}
)
