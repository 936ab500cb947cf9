package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A C++ standard above GCC 12's is recorded naming the release whose GCC
// implements it (capnproto's C++23: trixie's GCC 14); one above that
// (C++26) names none.
func TestCXXStandardRecordNamesTheNextRelease(t *testing.T) {
	fail := Failure{Phase: PhaseSetup, Log: readLog(t, "cxx-standard/capnproto-requires-cxx23.log")}
	p := pick(Propose(&Context{File: bashfile.New()}, fail), CXXStandard)
	if p.Action != ActionRecord || p.Release != NextRelease {
		t.Fatalf("C++23: %+v", p)
	}
	p, _ = cxxStandard{}.Propose(Diagnosis{Kind: CXXStandard, Subject: "26"}, &Context{File: bashfile.New()})
	if p.Action != ActionRecord || p.Release != "" {
		t.Fatalf("C++26: %+v", p)
	}
}
