package results

import "testing"

// acutest's closing line gives the numbers when tests failed; its verdict
// lines count only in a run it closes (googletest's "[       OK ]" is no
// acutest verdict).
func TestAcutestSummaryNumbers(t *testing.T) {
	out := "Test a...   [ OK ]\nTest b...   [ FAILED ]\n  x.c:3: Check 1 == 2... failed\nTest c...   [ SKIPPED ]\nFAILED: 1 of 3 unit tests has failed.\n" +
		"[ OK ] stray\n"
	got, ok := parseAcutest(lines(out))
	if !ok || got.Passed != 1 || got.Failed != 1 || got.Skipped != 1 {
		t.Errorf("counts %+v (%v)", got, ok)
	}
	if _, ok := parseAcutest(lines("[       OK ] Suite.Test (0 ms)\n[  PASSED  ] 1 test.\n")); ok {
		t.Error("googletest's output read as acutest's")
	}
}
