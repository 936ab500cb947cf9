package loops

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The export keeps the checkout's .git when a CMake file clones the
// checkout itself (nlohmann/json's FetchContent tests), and leaves it out
// when nothing reads it.
func TestContextIgnoreKeepsGitForALocalClone(t *testing.T) {
	repo := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("CMakeLists.txt", "project(json CXX)\nadd_subdirectory(tests)\n")
	if !slices.Contains(ContextIgnore(repo, nil), ".git") {
		t.Fatal(".git kept though nothing reads it")
	}
	write("tests/cmake_fetch_content/project/CMakeLists.txt", "get_filename_component(GIT_REPOSITORY_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/../../.. ABSOLUTE)\nFetchContent_Declare(json GIT_REPOSITORY ${GIT_REPOSITORY_DIRECTORY} GIT_TAG HEAD)\n")
	if slices.Contains(ContextIgnore(repo, nil), ".git") {
		t.Fatal(".git left out though the tests clone the checkout")
	}
}
