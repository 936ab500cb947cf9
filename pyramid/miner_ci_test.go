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
	cs, err := mineCI(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range cs {
		texts = append(texts, c.Text)
	}
	if !slices.Equal(texts, []string{"make check", "make test"}) {
		t.Fatalf("mined %q, want only the Linux jobs' steps", texts)
	}
}
