package results

import (
	"slices"
	"testing"
)

func TestFailedNames(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		want      []string
	}{
		{"go", "=== RUN   TestA\n--- FAIL: TestA (0.00s)\n--- PASS: TestB\n--- FAIL: TestA/sub (0.00s)\nFAIL\n", []string{"TestA", "TestA/sub"}},
		{"tap", "1..3\nok 1 - rev(\"a\")\nnot ok 2 - rev(\"abc\")\nnot ok 3 - later # TODO not yet\n", []string{`rev("abc")`}},
		{"pytest", "FAILED tests/test_x.py::test_one - AssertionError\nERROR tests/test_y.py::test_two\n", []string{"tests/test_x.py::test_one", "tests/test_y.py::test_two"}},
		{"unittest", "FAIL: test_rev (tests.test_rev.T)\n", []string{"test_rev (tests.test_rev.T)"}},
		{"ctest", "The following tests FAILED:\n\t  2 - parse_test (Failed)\n\t  3 - crash (SEGFAULT)\n", []string{"parse_test", "crash"}},
		{"gtest", "[  FAILED  ] Rev.Empty (0 ms)\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] Rev.Empty\n", []string{"Rev.Empty"}},
		{"cargo", "test tests::it_works ... FAILED\n", []string{"tests::it_works"}},
		{"ansi", "\x1b[31m--- FAIL: TestC\x1b[0m (0.1s)\n", []string{"TestC"}},
		{"none", "all good\n3 passed\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FailedNames(tc.out, 0); !slices.Equal(got, tc.want) {
				t.Errorf("FailedNames = %q, want %q", got, tc.want)
			}
		})
	}
	if got := FailedNames("--- FAIL: A\n--- FAIL: B\n--- FAIL: C\n", 2); len(got) != 2 {
		t.Errorf("max 2: got %q", got)
	}
}
