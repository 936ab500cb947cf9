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
