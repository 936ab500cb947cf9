package bashfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCMakeDefersToAutotools(t *testing.T) {
	for _, tt := range []struct {
		cmake string
		want  bool
	}{
		{"if (NOT WIN32 AND NOT ${UNSUPPORTED_BUILDS})\n    message(FATAL_ERROR \"Note: on Unix platform the official and supported build method is using autoconfig. CMake based build should be only used for Windows.\")\nendif()\n", true},
		{"message(FATAL_ERROR \"In-source builds are not allowed\")\n", false},
		{"message(STATUS \"you may also use ./configure\")\n", false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "CMakeLists.txt"), []byte(tt.cmake), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := cmakeDefersToAutotools(dir); got != tt.want {
			t.Errorf("cmakeDefersToAutotools(%q) = %v, want %v", tt.cmake, got, tt.want)
		}
	}
}

func TestTestDepsTarget(t *testing.T) {
	dir := t.TempDir()
	if f, tg := testDepsTarget(dir); f != "" || tg != "" {
		t.Fatalf("empty tree: %s %s", f, tg)
	}
	os.WriteFile(filepath.Join(dir, "CMakeLists.txt"), []byte("add_subdirectory(tests)\nadd_custom_target(docs)\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "tests"), 0o755)
	// curl's tests/CMakeLists.txt
	os.WriteFile(filepath.Join(dir, "tests", "CMakeLists.txt"), []byte("  add_custom_target(tests-clang-tidy)\nendif()\n\nadd_custom_target(testdeps)\nadd_dependencies(testdeps servers)\n"), 0o644)
	if f, tg := testDepsTarget(dir); f != "tests/CMakeLists.txt" || tg != "testdeps" {
		t.Fatalf("got %q %q", f, tg)
	}
}
