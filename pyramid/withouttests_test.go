package pyramid

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid/results"
)

// The run without the failed tests adds ctest's -E or pytest's
// --deselect to its last step, grades as a part of the suite, and is not
// made for a step of another runner or one that excludes already.
func TestWithoutTests(t *testing.T) {
	c := Command{Text: "cmake --build build && ctest --test-dir build --output-on-failure", Level: Testable, Bucket: Unit, Why: []Provenance{{Source: "ci"}}}
	got, ok := WithoutTests(c, []string{"download_test_data", "test-cbor_cpp11"}, "the network")
	if !ok || !strings.HasSuffix(got.Text, ` --output-on-failure -E '^(download_test_data|test-cbor_cpp11)$'`) || !got.Synth || got.Part == "" {
		t.Fatalf("ctest: %+v", got)
	}
	if ev, _ := GradeTestable(got, results.Counts{Passed: 17}, 0); ev != EvidenceSubset {
		t.Errorf("graded %s", ev)
	}
	py, ok := WithoutTests(Command{Text: "python -m pytest -q tests"}, []string{"tests/test_net.py::test_get[http]"}, "the network")
	if !ok || py.Text != "python -m pytest -q tests --deselect 'tests/test_net.py::test_get[http]'" {
		t.Fatalf("pytest: %q", py.Text)
	}
	gt, ok := WithoutTests(Command{Text: "go test -v ./..."}, []string{"TestGitClone", "TestGitClone/https", "TestHg"}, "the network")
	if !ok || gt.Text != "go test -v ./... -skip '^(TestGitClone|TestHg)$'" {
		t.Fatalf("go test: %q", gt.Text)
	}
	again, ok := WithoutTests(gt, []string{"TestGitClone", "TestGitPull"}, "the network")
	if !ok || again.Text != "go test -v ./... -skip '^(TestGitClone|TestGitPull|TestHg)$'" || len(again.Why) != len(gt.Why) {
		t.Fatalf("go test again: %q", again.Text)
	}
	for _, text := range []string{"make check", "ctest -E slow", "go test -skip X ./...", "pytest | tee log"} {
		if _, ok := WithoutTests(Command{Text: text}, []string{"x"}, "the network"); ok {
			t.Errorf("%q: made", text)
		}
	}
}
