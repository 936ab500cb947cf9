package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNamedInOutput(t *testing.T) {
	log := filepath.Join(t.TempDir(), "cmd.log")
	whole := "collected 278 items\n" +
		"INTERNALERROR>   File \"/usr/lib/python3/dist-packages/execnet/multi.py\", line 162, in makegateway\n" +
		"INTERNALERROR> ValueError: unknown execmodel 'main_thread_only'\n" +
		"FAILED testing/acceptance_test.py::test_error_report_styles[native] - Failed\n"
	if err := os.WriteFile(log, []byte(whole), 0o644); err != nil {
		t.Fatal(err)
	}
	check := "pytest-xdist 0.0.0 has requirement execnet>=2.1, but you have execnet 1.9.0.\n" +
		"pytest-xdist 0.0.0 has requirement pytest>=7.0.0, but you have pytest 6.2.0.\n"
	excerpt := "FAILED testing/acceptance_test.py::test_error_report_styles[native] - Failed\n"
	got := namedInOutput(log, excerpt, check)
	if !strings.Contains(got, "dist-packages/execnet/multi.py") {
		t.Errorf("the line naming execnet was not added: %q", got)
	}
	if strings.Count(got, "\n") != 1 {
		t.Errorf("want one line (pytest is named nowhere), got %q", got)
	}
	if got := namedInOutput(log, excerpt+"execnet\n", check); got != "" {
		t.Errorf("a name the excerpt has needs no line, got %q", got)
	}
}
