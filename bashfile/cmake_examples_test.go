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

// Example programs added where they are defined, under an example option
// off by default declared at the top (atomic_queue's src/CMakeLists.txt,
// the target's name on the line after add_executable's): their names and
// the flag switching them on. A test program under a test option and an
// example option on by default add none.
func TestCMakeGuardedPrograms(t *testing.T) {
	top := "OPTION( ATOMIC_QUEUE_BUILD_TESTS\n    \"If the tests should be built.\"\n    OFF\n)\nOPTION( ATOMIC_QUEUE_BUILD_EXAMPLES\n    \"If examples should be built.\"\n    OFF\n)\noption(X_DEMOS \"demos\" ON)\n"
	src := "if ( ATOMIC_QUEUE_BUILD_EXAMPLES )\n    add_executable(\n        atomic_queue_example\n        ${CMAKE_CURRENT_SOURCE_DIR}/example.cc\n    )\nendif()\n" +
		"if ( ATOMIC_QUEUE_BUILD_TESTS )\n    add_executable(atomic_queue_tests tests.cc)\nendif()\nif (X_DEMOS)\n  add_executable(demo demo.c)\nendif()\n"
	names, flags := cmakeGuardedPrograms(src, offOptions(top))
	if len(names) != 1 || names[0] != "atomic_queue_example" || flags != " -DATOMIC_QUEUE_BUILD_EXAMPLES=ON" {
		t.Errorf("%q %q, want [atomic_queue_example] -DATOMIC_QUEUE_BUILD_EXAMPLES=ON", names, flags)
	}
}
