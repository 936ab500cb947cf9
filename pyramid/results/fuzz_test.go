package results

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that no input makes a parser panic or report negative
// counts. Seeds are the testdata excerpts.
func FuzzParse(f *testing.F) {
	fs, _ := filepath.Glob("testdata/*/*")
	for _, name := range fs {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range []Counts{Parse(s), ParseFiles(map[string][]byte{"junit.xml": []byte(s), "test-suite.log": []byte(s), "a.trs": []byte(s), "out.txt": []byte(s)})} {
			if c.Passed < 0 || c.Failed < 0 || c.Skipped < 0 || c.Errors < 0 {
				t.Fatalf("negative counts %+v for %q", c, s)
			}
		}
	})
}
