package pyramid

import (
	"context"
	"slices"
	"testing"
)

// Jobs that run on Windows or macOS (a runner label, or a matrix whose
// every os is one) build for that system: their steps are not mined; a
// matrix that includes Linux is.
func TestCIJobsOfOtherSystemsAreNotMined(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"Makefile": "all:\n\tcc -o demo main.c\n",
		".github/workflows/ci.yml": `name: ci
on: push
jobs:
  windows:
    runs-on: windows-2022
    steps:
      - run: make -C ports/windows
  mac:
    runs-on: macos-latest
    steps:
      - run: brew install cmake
  cross:
    strategy:
      matrix:
        os: [windows-latest, macos-14]
    runs-on: ${{ matrix.os }}
    steps:
      - run: msbuild demo.sln
  linux:
    runs-on: ubuntu-latest
    steps:
      - run: make check
  all:
    strategy:
      matrix:
        os: [windows-latest, ubuntu-latest]
    runs-on: ${{ matrix.os }}
    steps:
      - run: make test
`,
	})
	texts := ciTexts(t, e)
	if !slices.Equal(texts, []string{"make check", "make test"}) {
		t.Fatalf("mined %q, want only the Linux jobs' steps", texts)
	}
}

// A CI file below the top of the repository is a vendored project's: its
// service never reads it there (cJSON's tests/unity/.travis.yml runs
// Unity's `rake ci`). A task runner's test task at the top is mined.
func TestNestedCIFilesAreNotMined(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"Makefile":                          "all:\n\tcc -o demo main.c\n",
		"tests/unity/.travis.yml":           "script:\n  - cd test && rake ci\n",
		"vendor/x/.github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make vendor-test\n",
		".github/workflows/ci.yml":          "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: just test\n",
	})
	texts := ciTexts(t, e)
	if !slices.Equal(texts, []string{"just test"}) {
		t.Fatalf("mined %q, want only the top workflow's step", texts)
	}
}

// ciTexts are the commands mineCI finds in e.
func ciTexts(t *testing.T, e *env) []string {
	t.Helper()
	cs, err := mineCI(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range cs {
		texts = append(texts, c.Text)
	}
	return texts
}
