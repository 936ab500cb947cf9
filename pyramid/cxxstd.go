package pyramid

import (
	"io/fs"
	"regexp"
	"strconv"
)

// A C++ library written for a standard newer than the compiler's default
// (GCC 12: C++17) says so in its build files — CMake's
// `target_compile_features(… cxx_std_20)` or `CMAKE_CXX_STANDARD 20`,
// meson's `cpp_std=c++20`, a Makefile's `-std=c++20` — and a program
// including its headers must be compiled for it: entt's concepts
// (`std::unsigned_integral`, `requires`) fail under C++17. The include
// probe asks for the project's standard when the default one refuses
// its header (a build file may name C++20 only for a test or an option).

// cxxStdRes read a C++ standard from a build file: its two digits (or
// gcc's 2a/2b names).
var cxxStdRes = []*regexp.Regexp{
	regexp.MustCompile(`\bcxx_std_(\d\d)\b`),
	regexp.MustCompile(`\bCMAKE_CXX_STANDARD\b["\s]+(\d\d)\b`),
	regexp.MustCompile(`\bcpp_std\s*=\s*['"]?(?:c|gnu)\+\+(\d\d|2a|2b)\b`),
	regexp.MustCompile(`-std=(?:c|gnu)\+\+(\d\d|2a|2b)\b`),
}

// defaultCxxStd is the base image's compiler's default C++ standard.
const defaultCxxStd = 17

// ProjectCxxStd is the compiler flag for the newest C++ standard the
// top-level build files name, when it is newer than the compiler's
// default ("-std=c++20"); "" otherwise.
func ProjectCxxStd(repo fs.FS) string {
	best := 0
	for _, f := range []string{"CMakeLists.txt", "meson.build", "Makefile", "makefile", "GNUmakefile"} {
		b, err := fs.ReadFile(repo, f)
		if err != nil {
			continue
		}
		for _, re := range cxxStdRes {
			for _, m := range re.FindAllStringSubmatch(string(b), -1) {
				n := map[string]int{"2a": 20, "2b": 23}[m[1]]
				if n == 0 {
					n, _ = strconv.Atoi(m[1])
				}
				if n < 90 && n > best { // 98 is the oldest, not the newest
					best = n
				}
			}
		}
	}
	if best <= defaultCxxStd {
		return ""
	}
	return "-std=c++" + strconv.Itoa(best)
}
