package results

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigLog builds a synthetic log of at least size bytes: build noise
// (compiler lines, make, coloured progress with carriage returns), go test
// -v output with subtests, googletest per-test lines, a 1 MB line without
// breaks, and the real testdata excerpts appended once.
func bigLog(tb testing.TB, size int) (string, Counts) {
	var b strings.Builder
	var want Counts
	pkg := 0
	for b.Len() < size {
		fmt.Fprintf(&b, "make[2]: Entering directory '/src/build/dir%d'\n", pkg)
		for i := 0; i < 40; i++ {
			fmt.Fprintf(&b, "[%3d%%] \x1b[32mBuilding C object src/CMakeFiles/lib.dir/file%d.c.o\x1b[0m\n", i%100, i)
			fmt.Fprintf(&b, "/src/file%d.c:%d:5: warning: unused variable 'x' [-Wunused-variable]\n", i, i+10)
			b.WriteString("downloading 10%\rdownloading 50%\rdownloading 100%\n")
		}
		for i := 0; i < 20; i++ {
			fmt.Fprintf(&b, "=== RUN   TestThing%d\n=== RUN   TestThing%d/case\n    thing_test.go:12: log line passed to helper\n--- PASS: TestThing%d (0.00s)\n    --- PASS: TestThing%d/case (0.00s)\n", i, i, i, i)
		}
		fmt.Fprintf(&b, "PASS\nok  \texample.com/p%d\t0.012s\n", pkg)
		want.Passed += 20
		pkg++
	}
	b.WriteString(strings.Repeat("x", 1<<20) + "\n")
	return b.String(), Counts{Passed: want.Passed, Frameworks: []string{"go test"}}
}

func TestBigLog(t *testing.T) {
	log, want := bigLog(t, 2<<20)
	if got := Parse(log); !equal(got, want) {
		t.Errorf("Parse(big log) = %+v, want %+v", got, want)
	}
}

func BenchmarkParse12MB(b *testing.B) {
	log, _ := bigLog(b, 12<<20)
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	for b.Loop() {
		Parse(log)
	}
}

// BenchmarkParseAllFormats12MB adds every testdata excerpt, so every parser
// finds something to count.
func BenchmarkParseAllFormats12MB(b *testing.B) {
	log, _ := bigLog(b, 12<<20)
	fs, _ := filepath.Glob("testdata/*/*.txt")
	var all strings.Builder
	all.WriteString(log)
	for _, f := range fs {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all.Write(data)
	}
	s := all.String()
	b.SetBytes(int64(len(s)))
	b.ResetTimer()
	for b.Loop() {
		Parse(s)
	}
}
