package pyramid

import (
	"strings"
	"testing"
	"testing/fstest"
)

// entt's CMakeLists asks for cxx_std_20: its include probe compiles with
// -std=c++20 when the default standard refuses; a project of the
// compiler's default standard or older adds nothing.
func TestProjectCxxStd(t *testing.T) {
	for _, tc := range []struct {
		file, text, want string
	}{
		{"CMakeLists.txt", "target_compile_features(EnTT INTERFACE cxx_std_20)\n", "-std=c++20"},
		{"CMakeLists.txt", "set(CMAKE_CXX_STANDARD 23)\n", "-std=c++23"},
		{"meson.build", "project('x', 'cpp', default_options: ['cpp_std=c++2a'])\n", "-std=c++20"},
		{"Makefile", "CXXFLAGS = -O2 -std=gnu++20\n", "-std=c++20"},
		{"CMakeLists.txt", "set(CMAKE_CXX_STANDARD 17)\ntarget_compile_features(x PUBLIC cxx_std_11)\n", ""},
		{"Makefile", "CXXFLAGS = -std=c++98\n", ""},
	} {
		if got := ProjectCxxStd(fstest.MapFS{tc.file: {Data: []byte(tc.text)}}); got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.file, tc.text, got, tc.want)
		}
	}
	repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte("target_compile_features(EnTT INTERFACE cxx_std_20)\n")}, "src/entt/entt.hpp": {Data: []byte("namespace entt {}\n")}}
	ps := IncludeProbe(repo, nil, "skypjack-entt")
	if len(ps) != 1 || !strings.Contains(ps[0].Text, "{ c++ -o /tmp/heragent-include /tmp/heragent-include.cpp -Isrc/entt 2>/dev/null || c++ -std=c++20 -o /tmp/heragent-include") {
		t.Errorf("probe %v", ps)
	}
}
