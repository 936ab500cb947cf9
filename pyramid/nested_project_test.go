package pyramid

import "testing"

// fann keeps a copy of googletest in lib/googletest, licence, build and
// docs included: its documents are googletest's, not fann's. A directory
// with a build file and no licence of its own is the checkout's.
func TestNestedProjectDocs(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"CMakeLists.txt":                           "project(fann)\n",
		"lib/googletest/LICENSE":                   "BSD",
		"lib/googletest/CMakeLists.txt":            "project(googletest-distribution)\n",
		"lib/googletest/googletest/docs/primer.md": "# Primer\n",
		"src/CMakeLists.txt":                       "add_library(fann x.c)\n",
		"src/docs/usage.md":                        "# Usage\n",
		"packages/web/LICENSE":                     "MIT",
		"packages/web/package.json":                "{}",
		"packages/web/docs/guide.md":               "# Guide\n",
	})
	for file, want := range map[string]bool{
		"lib/googletest/googletest/docs/primer.md": true,
		"src/docs/usage.md":                        false,
		"packages/web/docs/guide.md":               false,
		"README.md":                                false,
	} {
		if got := e.nestedProject(file); got != want {
			t.Errorf("nestedProject(%s) = %v, want %v", file, got, want)
		}
	}
}
