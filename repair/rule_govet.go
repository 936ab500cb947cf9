package repair

import (
	"regexp"
	"strings"
)

// goTestVet: `go test` runs a part of go vet before the tests, and a
// finding fails the package's build ("[build failed]") though it
// compiles: a Go newer than the project's code has newer checks
// (statik's "fmt.Println arg list ends with redundant newline" under Go
// 1.24's printf check). The project's CI ran an older vet; the tests are
// what is asked for, so they run without it (-vet=off in GOFLAGS, which
// the go command applies to go test and ignores elsewhere). The finding
// is in the report.
type goTestVet struct{}

var (
	// the findings of go test's vet checks that newer Go releases add to:
	// printf's and stringintconv's
	// (./statik.go:376:2: fmt.Println arg list ends with redundant newline)
	goVetFindingRe  = regexp.MustCompile(`^\S+\.go:\d+:\d+: (.*(?:arg list ends with redundant newline|call has possible (?:Printf )?formatting directive|non-constant format string in call to|format %\S+ has arg .* of wrong type|call needs \d+ args? but has \d+ args?|call has arguments but no formatting directives|format %\S+ reads arg #\d+, but call has|conversion from \w+ to string yields a string of one rune))$`)
	goBuildFailedRe = regexp.MustCompile(`(?m)^FAIL\s+\S+ \[build failed\]$`)
)

const vetOff = "-vet=off"

func (goTestVet) Name() string { return "go-test-vet" }

func (goTestVet) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || !goBuildFailedRe.MatchString(f.Log) {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if m := goVetFindingRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			return []Diagnosis{{Kind: GoTestVet, Subject: m[1], Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

func (r goTestVet) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GoTestVet || ctx.File == nil {
		return Proposal{}, false
	}
	e, ok := goFlagEdit(ctx, vetOff, why(r, d))
	if !ok {
		return record(d, "the package fails to build for its tests with go vet off too: "+d.Evidence), true
	}
	return edit(d, "go test's vet step fails the package on a check newer than the project's code ("+d.Evidence+"): the tests run without it (GOFLAGS -vet=off)", e), true
}
