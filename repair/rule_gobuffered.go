package repair

import "regexp"

// goTestBuffered: `go test` over several packages (./...) keeps each
// package's output until the package's tests end, unless it runs one
// package at a time (-p 1), when it passes the output on as it comes;
// a package whose tests take minutes (a storage engine's: bbolt, badger)
// leaves the whole command silent for its idle limit, stopped as hung
// though it was working. The tests run again one package at a time
// (-p=1 in GOFLAGS, which go build takes too): the idle limit then sees
// each test start, and what ran before the run's time ends is counted.
// Once tried, a silence is recorded as a hang.
type goTestBuffered struct{}

var (
	goTestManyRe = regexp.MustCompile(`\bgo test\b[^;&|]*(?:\./\.\.\.|\s\./\S+\s+\./)`)
	goTestOneRe  = regexp.MustCompile(`\s-p(?:=|\s+)1\b`)
)

const goOnePackage = "-p=1"

func (goTestBuffered) Name() string { return "go-test-buffered" }

func (goTestBuffered) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || !f.TimedOut || !f.Idle || !goTestManyRe.MatchString(f.Command) || goTestOneRe.MatchString(f.Command) {
		return nil
	}
	return []Diagnosis{{Kind: GoTestBuffered, Subject: f.Command, Evidence: lastLine(f.Log)}}
}

func (r goTestBuffered) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GoTestBuffered || ctx.File == nil {
		return Proposal{}, false
	}
	e, ok := goFlagEdit(ctx, goOnePackage, why(r, d))
	if !ok {
		return record(d, "go test printed nothing for minutes one package at a time too: it waits for something that does not come (a peer that did not start, input, a privilege it lacks), or one test runs that long in silence"), true
	}
	return edit(d, "go test over several packages shows a package's output only when the package ends, and printed nothing for the idle limit: one package at a time (GOFLAGS -p=1), whose output comes as it is written", e), true
}
