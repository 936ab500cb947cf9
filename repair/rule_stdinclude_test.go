package repair

import (
	"strings"
	"testing"
)

func TestStdIncludeNamesTheHeaders(t *testing.T) {
	for _, tt := range []struct {
		name, log, subject, command string
	}{
		{"cpptoml's numeric_limits", "/repo/include/cpptoml.h:1253:53: error: ‘numeric_limits’ is not a member of ‘std’\n/repo/include/cpptoml.h:2732:33: error: ‘numeric_limits’ is not a member of ‘std’\n/repo/x.cpp:9:5: error: ‘runtime_error’ is not a member of ‘std’",
			"limits stdexcept|", `persist_env CXXFLAGS "${CXXFLAGS:+$CXXFLAGS }-include limits -include stdexcept"`},
		{"GCC's own note", "a.cpp:3:8: note: ‘std::optional’ is defined in header ‘<optional>’; did you forget to ‘#include <optional>’?", "optional|", `-include optional"`},
		{"a C file's uint8_t", "src/x.c:4:1: error: unknown type name ‘uint8_t’", "|stdint.h", `persist_env CFLAGS "${CFLAGS:+$CFLAGS }-include stdint.h"`},
		{"a C++ file's uint32_t", "src/x.cpp:4:1: error: ‘uint32_t’ does not name a type", "cstdint|", `-include cstdint"`},
		{"the project's own list is no std::list", "src/x.cpp:4:1: error: ‘list’ was not declared in this scope", "", ""},
		{"a C++17 helper is cxx-standard's", "a.cpp:1:1: error: ‘is_standard_layout_v’ is not a member of ‘std’", "", ""},
	} {
		ds := stdInclude{}.Diagnose(Failure{Log: tt.log})
		if tt.subject == "" {
			if len(ds) != 0 {
				t.Errorf("%s: diagnosed %+v", tt.name, ds)
			}
			continue
		}
		if len(ds) != 1 || ds[0].Subject != tt.subject {
			t.Errorf("%s: diagnosed %+v, want subject %q", tt.name, ds, tt.subject)
			continue
		}
		p, ok := stdInclude{}.Propose(ds[0], nil)
		if !ok || p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, tt.command) {
			t.Errorf("%s: proposed %+v", tt.name, p)
		}
	}
}
