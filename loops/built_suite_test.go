package loops

import (
	"testing"

	"github.com/heragent/heragent/pyramid"
)

func TestSuiteRuns(t *testing.T) {
	p := &pyramid.Pyramid{Commands: []pyramid.Command{
		{Text: "make sds-test && ./sds-test", Level: pyramid.Testable},
		{Text: "./bin/tool --help", Level: pyramid.Runnable},
	}}
	if !suiteRuns(p, "sds-test") {
		t.Error("the suite's program was not seen")
	}
	if suiteRuns(p, "bin/tool") || suiteRuns(p, "sds") {
		t.Error("a program the tests do not run was taken for the suite's")
	}
}
