package loops

import (
	"strings"
	"testing"
)

// libgsf's make check: every Perl test died for a module, which only
// tests/test-suite.log says; its failed sections reach the rules.
func TestSuiteLogFailures(t *testing.T) {
	log := "==========================================\n   libgsf 1.14.59: tests/test-suite.log\n==========================================\n\n# TOTAL: 2\n# PASS:  1\n# FAIL:  1\n\n.. contents:: :depth: 2\n\nFAIL: t1000-zip-single.pl\n=========================\n\nCan't locate XML/Parser.pm in @INC (you may need to install the XML::Parser module) (@INC contains: /etc/perl) at tests/LibGsfTest.pm line 6.\nBEGIN failed--compilation aborted at tests/LibGsfTest.pm line 6.\n\nPASS: t0000-ok.pl\n=================\nfine\n\nSKIP: t2000-iconv.pl\n====================\n\nSKIP -- unzip is missing\n"
	got := suiteLogFailures(map[string][]byte{"tests/test-suite.log": []byte(log), "junit.xml": []byte("<x/>")})
	if !strings.Contains(got, "(tests/test-suite.log) FAIL: t1000-zip-single.pl\n") || !strings.Contains(got, "Can't locate XML/Parser.pm in @INC") || strings.Contains(got, "fine") || !strings.Contains(got, "SKIP -- unzip is missing") || strings.Contains(got, "=====") {
		t.Fatalf("got %q", got)
	}
	if got := suiteLogFailures(map[string][]byte{"junit.xml": []byte("<x/>")}); got != "" {
		t.Fatalf("no suite log: %q", got)
	}
}
