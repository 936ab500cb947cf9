package results

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// FuzzParse feeds a command's output (and the same text as every kind of
// result file) to the parsers. Counts are never negative and never
// overflow when summed (a log is hostile: `Ran 9223372036854775807 tests`
// twice made Passed negative), framework names are named once each, the
// answer does not change between two calls, ParseRun without files is
// Parse, and result files that count tests decide the counts. Seeds are
// the testdata excerpts.
func FuzzParse(f *testing.F) {
	fs, _ := filepath.Glob("testdata/*/*")
	for _, name := range fs {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("Ran 9223372036854775807 tests in 0.1s\n\nOK\nRan 9223372036854775807 tests in 0.1s\n\nOK\n")
	f.Fuzz(func(t *testing.T, s string) {
		c := Parse(s)
		checkCounts(t, s, c)
		if again := Parse(s); !reflect.DeepEqual(c, again) {
			t.Fatalf("two parses differ: %+v, %+v", c, again)
		}
		if run := ParseRun(s, nil); !reflect.DeepEqual(c, run) {
			t.Fatalf("ParseRun without files %+v, Parse %+v", run, c)
		}
		files := map[string][]byte{"junit.xml": []byte(s), "test-suite.log": []byte(s), "a.trs": []byte(s), "out.txt": []byte(s)}
		fc := ParseFiles(files)
		checkCounts(t, s, fc)
		rc := ParseRun(s, files)
		checkCounts(t, s, rc)
		if fc.Total() > 0 && (rc.Passed != fc.Passed || rc.Failed != fc.Failed || rc.Skipped != fc.Skipped || rc.Errors != fc.Errors) {
			t.Fatalf("result files count %+v, ParseRun %+v", fc, rc)
		}
	})
}

func checkCounts(t *testing.T, s string, c Counts) {
	t.Helper()
	if c.Passed < 0 || c.Failed < 0 || c.Skipped < 0 || c.Errors < 0 || c.Total() < max(c.Passed, c.Failed, c.Skipped, c.Errors) {
		t.Fatalf("negative or overflowing counts %+v for %q", c, s)
	}
	for i, fw := range c.Frameworks {
		if fw == "" || slices.Contains(c.Frameworks[:i], fw) {
			t.Fatalf("frameworks %q", c.Frameworks)
		}
	}
}
