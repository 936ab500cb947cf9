package bashfile

import "testing"

func TestCMakeExampleSwitch(t *testing.T) {
	for _, tt := range []struct{ name, cmake, dir, flags string }{
		{"an option off (msgpack-c)", "OPTION (MSGPACK_BUILD_EXAMPLES          \"Build msgpack examples\"               OFF)\nIF (MSGPACK_BUILD_EXAMPLES)\n    ADD_SUBDIRECTORY (example)\nENDIF ()\n", "example", " -DMSGPACK_BUILD_EXAMPLES=ON"},
		{"a dependent option under a development switch (Catch2)", "option(CATCH_DEVELOPMENT_BUILD \"Build tests, enable warnings\" OFF)\ncmake_dependent_option(CATCH_BUILD_EXAMPLES \"Build code examples\" OFF \"CATCH_DEVELOPMENT_BUILD\" OFF)\nif (CATCH_BUILD_EXAMPLES)\n  add_subdirectory(examples)\nendif()\n", "examples", " -DCATCH_DEVELOPMENT_BUILD=ON -DCATCH_BUILD_EXAMPLES=ON"},
		{"on by default (libconfig)", "option(BUILD_EXAMPLES \"Enable examples\" ON)\nif(BUILD_EXAMPLES)\n\tadd_subdirectory(examples)\nendif()\n", "", ""},
		{"on for the top-level project (magic_enum)", "option(MAGIC_ENUM_OPT_BUILD_EXAMPLES \"Build magic_enum examples\" ${PROJECT_IS_TOP_LEVEL})\nif(MAGIC_ENUM_OPT_BUILD_EXAMPLES)\n  add_subdirectory(example)\nendif()\n", "", ""},
		{"not behind an option", "add_subdirectory(examples)\n", "", ""},
	} {
		dir, flags := CMakeExampleSwitch(tt.cmake)
		if dir != tt.dir || flags != tt.flags {
			t.Errorf("%s: %q %q, want %q %q", tt.name, dir, flags, tt.dir, tt.flags)
		}
	}
}
