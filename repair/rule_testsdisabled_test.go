package repair

import "testing"

func TestTestOptionIsTheSuites(t *testing.T) {
	for _, tc := range []struct{ lists, want string }{
		{"PROJECT (msgpack-c LANGUAGES C)\nOPTION (MSGPACK_BUILD_TESTS \"Build msgpack tests.\" OFF)\n", "MSGPACK_BUILD_TESTS"},
		{"project(json-c C)\noption(ENABLE_TEST_COVERAGE \"coverage\" OFF)\noption(JSONC_BUILD_TESTS \"tests\" OFF)\n", "JSONC_BUILD_TESTS"},
		{"project(Foo)\noption(FOO_ENABLE_FUZZ_TESTS \"fuzz\" OFF)\noption(FOO_INSTALL_TESTS \"install\" OFF)\nset(BUILD_TESTING OFF CACHE BOOL \"tests\")\n", "BUILD_TESTING"},
		{"project(bar)\noption(BAR_WITH_PERF_TESTS \"perf\" OFF)\n", ""},
		{"project(baz)\noption(BAZ_BUILD_TESTS \"tests\" ON)\n", ""},
	} {
		if got := testOption(tc.lists); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.lists, got, tc.want)
		}
	}
}
