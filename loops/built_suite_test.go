package loops

import (
	"testing"

	"github.com/heragent/heragent/pyramid"
)

// The suite's own program is not the project's entry point; a runtime
// probe at Testable (lua's `./lua -e 'print(1+2)'`, a smoke copy) does
// not make the interpreter a test program, whose suite driver it runs.
func TestSuiteRuns(t *testing.T) {
	p := &pyramid.Pyramid{Commands: []pyramid.Command{
		{Text: "make sds-test && ./sds-test", Bucket: pyramid.Unit, Level: pyramid.Testable},
		{Text: "./bin/tool --help", Bucket: pyramid.Entry, Level: pyramid.Runnable},
		{Text: "./lua -e 'print(1+2)'", Bucket: pyramid.Smoke, Level: pyramid.Testable},
	}}
	if !suiteRuns(p, "sds-test") {
		t.Error("the suite's program was not seen")
	}
	if suiteRuns(p, "bin/tool") || suiteRuns(p, "sds") || suiteRuns(p, "lua") {
		t.Error("a program the tests do not run was taken for the suite's")
	}
}
