package repair

import (
	"fmt"
	"strings"
	"testing"
)

func TestExcerptKeepsEarlyCausesAndTheTail(t *testing.T) {
	var b strings.Builder
	b.WriteString("-- Could NOT find Doxygen (missing: DOXYGEN_EXECUTABLE)\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "test %d ok\n", i)
		if i == 14 {
			b.WriteString("/repo/tests/test_util.sh: line 7: xxd: command not found\n")
		}
	}
	b.WriteString("97% tests passed, 1 tests failed out of 28\n")
	got := Excerpt(b.String(), 60, 40)
	if !strings.Contains(got, "xxd: command not found") || !strings.Contains(got, "1 tests failed out of 28") {
		t.Fatalf("excerpt lost the cause or the summary:\n%s", got)
	}
	if strings.Contains(got, "Doxygen") || strings.Contains(got, "test 3 ok") {
		t.Fatalf("excerpt kept noise:\n%s", got)
	}
	ds := Diagnose(Failure{Phase: PhaseCommand, ExitCode: 8, Log: got})
	if ds[0].Kind != MissingExecutable || ds[0].Subject != "xxd" {
		t.Fatalf("diagnoses of the excerpt = %+v, want missing executable xxd first", ds)
	}
}

func TestExcerptShortLogIsUnchanged(t *testing.T) {
	log := "a\nb: error\nc"
	if got := Excerpt(log, 60, 40); got != log {
		t.Fatalf("Excerpt = %q", got)
	}
}

func TestExcerptBoundsSymptoms(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "error %d\n", i)
	}
	got := Excerpt(b.String(), 10, 20)
	if n := strings.Count(got, "\n") + 1; n != 20+1+10 {
		t.Fatalf("excerpt has %d lines, want 31", n)
	}
	if !strings.Contains(got, "error 0\n") || !strings.Contains(got, "error 989\n") {
		t.Fatalf("excerpt should keep both ends of the symptoms:\n%s", got)
	}
}

func TestBlocking(t *testing.T) {
	tests := []struct {
		cmd, log string
		want     bool
	}{
		{"make check", "make[1]: file: No such file or directory\nmake[1]: *** [Makefile:351: test-zstd] Error 127", true},
		{"ctest --test-dir build", readLog(t, "missing-executable/ctest-dash-script-xxd.log"), true},
		{"tox -e py", "bash: line 3: tox: command not found", false},
		{"./memcached", "must add '-u root' to start as root", true},
		{"npm test", readLog(t, "node-too-old/tap-webcrypto-global-dotenv.log"), true}, // every node command of the level fails alike
		{"python -m pytest", "FAILED tests/test_a.py::test_x - AssertionError\n=== 1 failed, 20 passed in 3.1s ===", false},
	}
	for _, tt := range tests {
		if got := Blocking(Failure{Phase: PhaseCommand, Command: tt.cmd, ExitCode: 2, Log: tt.log}); got != tt.want {
			t.Errorf("Blocking(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

// A program's usage line early in a long log (rsync prints its version,
// capabilities and usage, then a hundred lines of options) stays in the
// excerpt: it is the grammar the next probe is made from.
func TestExcerptKeepsTheUsageLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("rsync  version 3.5.0  protocol version 32\nUsage: rsync [OPTION]... SRC [SRC]... DEST\n")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&b, " --option-%d   does thing %d\n", i, i)
	}
	if got := Excerpt(b.String(), 60, 40); !strings.Contains(got, "Usage: rsync [OPTION]... SRC [SRC]... DEST") {
		t.Fatalf("excerpt lost the usage line:\n%s", got)
	}
}

// A failed test named long before the tail (go test's `--- FAIL: X`
// before a hundred lines of other packages' results) is kept.
func TestExcerptKeepsAFailedTestBeforeTheTail(t *testing.T) {
	var b strings.Builder
	b.WriteString("=== RUN   TestFailGen\n--- FAIL: TestFailGen (0.00s)\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "--- PASS: TestOther%d (0.00s)\n", i)
	}
	b.WriteString("FAIL\nmake: *** [Makefile:24: test] Error 1\n")
	if got := Excerpt(b.String(), 60, 40); !strings.Contains(got, "--- FAIL: TestFailGen") || strings.Contains(got, "=== RUN   TestFailGen") {
		t.Errorf("excerpt:\n%s", got)
	}
}
