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

// Travis and GitLab run a phase's list in one shell: a `- cd tests` item
// moves the items after it (stb's `script: [cd tests, make all]`), and
// `mkdir build`, `cd build`, `cmake ..` is the usual out-of-tree build.
// GitHub Actions' steps are shells of their own.
func TestOneShellCIListsKeepTheirDirectory(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"tests/Makefile": "all:\n\tcc -o t t.c\n",
		".travis.yml":    "language: c\nscript:\n  - cd tests\n  - make all\n",
		".gitlab-ci.yml": "build:\n  script:\n    - mkdir build\n    - cd build\n    - cmake ..\n    - make\n",
	})
	got := ciDirs(t, e)
	if d, ok := got["make all"]; !ok || d != "tests" {
		t.Errorf("make all mined in %q (%v), want tests: %v", d, ok, got)
	}
	if d, ok := got["cmake .."]; !ok || d != "build" {
		t.Errorf("cmake .. mined in %q (%v), want build: %v", d, ok, got)
	}
}

// A GitHub step's working-directory is where its commands run: the
// tests' program in build/ (the checkout variable written from there),
// and a program run in the docs' directory is their tooling, not an entry
// point.
func TestWorkingDirectory(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"test/CMakeLists.txt": "project(t C)\nadd_executable(utf8_test main.c)\n",
		"test/main.c":         "int main(void) { return 0; }\n",
		"docs/validate.py":    "print(1)\n",
		".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n" +
			"      - working-directory: ${{github.workspace}}/build\n        run: cmake $GITHUB_WORKSPACE/test\n" +
			"      - working-directory: docs\n        run: python3 validate.py\n",
	})
	got := ciDirs(t, e)
	if d, ok := got["cmake ../test"]; !ok || d != "build" {
		t.Errorf("cmake ../test mined in %q (%v): %v", d, ok, got)
	}
	if _, ok := got["python3 validate.py"]; ok {
		t.Errorf("the docs' tooling is an entry point: %v", got)
	}
}

// ciDirs maps the commands mineCI finds in e to their directories.
func ciDirs(t *testing.T, e *env) map[string]string {
	t.Helper()
	cs, err := mineCI(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range cs {
		got[c.Text] = c.Dir
	}
	return got
}
