package pyramid

import (
	"testing"

	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/retrieval"
)

func TestTestLikeTarget(t *testing.T) {
	for n, want := range map[string]bool{
		"unit-tests": true, "sds-test": true, "runtests": true, "test_all": true, "alltests": true, "unittests": true,
		"test-compile": false, "build_tests": false, "test-install": false, "reg-tests-help": false, "test-docker": false,
		"testcoverage": false, "speed-test": false, "bloat-test": false, "latest": false, "contest": false, "integration-test-tui": false, "all": false,
	} {
		if got := testLikeTarget(n); got != want {
			t.Errorf("testLikeTarget(%q) = %v, want %v", n, got, want)
		}
	}
}

func TestOtherTestTargets(t *testing.T) {
	sds := map[string]retrieval.Target{
		"all":      {Kind: "make", Name: "all", Sources: []string{"sds-test"}, Path: "Makefile", Line: 1},
		"sds-test": {Kind: "make", Name: "sds-test", Command: "$(CC) -o sds-test sds.c -Wall -DSDS_TEST_MAIN\n@echo \">>> Type ./sds-test to run the sds.c unit tests.\"", Path: "Makefile", Line: 3},
		"clean":    {Kind: "make", Name: "clean", Command: "rm -f sds-test", Path: "Makefile", Line: 7},
	}
	got := otherTestTargets(sds)
	if len(got) != 1 || got[0].Text != "make sds-test && ./sds-test" || got[0].Bucket != Unit || !got[0].Driver || !got[0].Only {
		t.Fatalf("sds: got %+v", got)
	}
	haproxy := map[string]retrieval.Target{
		"reg-tests":      {Kind: "make", Name: "reg-tests", Command: "$(Q)$(REG_TEST_SCRIPT) --type \"$(REGTESTS_TYPES)\"", Path: "Makefile", Line: 1250},
		"reg-tests-help": {Kind: "make", Name: "reg-tests-help", Command: "@echo", Path: "Makefile", Line: 1254},
		"unit-tests":     {Kind: "make", Name: "unit-tests", Command: "$(Q)$(UNIT_TEST_SCRIPT)", Path: "Makefile", Line: 1292},
	}
	got = otherTestTargets(haproxy)
	if len(got) != 2 || got[0].Text != "make unit-tests" || got[1].Text != "make reg-tests" || got[0].Driver || got[0].Only {
		t.Fatalf("haproxy: got %+v", got)
	}
	haproxy["check"] = retrieval.Target{Kind: "make", Name: "check", Path: "Makefile"}
	if got = otherTestTargets(haproxy); len(got) != 0 {
		t.Fatalf("a check target is the suite: got %+v", got)
	}
	// tinyexpr: a target that links its program and runs it is a check,
	// whatever its name, the program its own driver (url.h's url-test
	// prints no count); one running a generator into a file is not
	tinyexpr := map[string]retrieval.Target{
		"all":   {Kind: "make", Name: "all", Sources: []string{"smoke", "repl"}, Path: "Makefile", Line: 7},
		"smoke": {Kind: "make", Name: "smoke", Command: "$(CC) $(CCFLAGS) -o $@ $^ $(LFLAGS)\n./$@", Path: "Makefile", Line: 10},
		"repl":  {Kind: "make", Name: "repl", Command: "$(CC) $(CCFLAGS) -o $@ $^ $(LFLAGS)", Path: "Makefile", Line: 18},
		"table": {Kind: "make", Name: "table", Command: "$(CC) -o $@ gen.c\n./$@ > table.h", Path: "Makefile", Line: 22},
		"demo":  {Kind: "make", Name: "demo", Command: "$(CC) -o $@ demo.c\n./$@", Path: "Makefile", Line: 26}, // a use, not a check
	}
	if got = otherTestTargets(tinyexpr); len(got) != 1 || got[0].Text != "rm -f smoke && make smoke" || got[0].Bucket != Unit || got[0].Only || !got[0].Driver {
		t.Fatalf("tinyexpr: got %+v", got)
	}
	if v := classify("make unit-tests"); v.Bucket != Unit {
		t.Fatalf("classify(make unit-tests) = %+v", v)
	}
}

// The only test target grades as the suite, one of several as a part.
func TestOnlyTestTargetIsTheSuite(t *testing.T) {
	c := Command{Text: "make sds-test && ./sds-test", Bucket: Unit, Level: Testable, Only: true, Why: []Provenance{{Source: "makefile"}}}
	if ev, why := GradeTestable(c, results.Counts{Passed: 46}, 0); ev != EvidenceSuite {
		t.Fatalf("only target: %s (%s)", ev, why)
	}
	c.Only = false
	if ev, why := GradeTestable(c, results.Counts{Passed: 46}, 0); ev != EvidenceSubset {
		t.Fatalf("one of several: %s (%s)", ev, why)
	}
}
