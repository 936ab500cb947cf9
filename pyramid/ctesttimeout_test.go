package pyramid

import "testing"

func TestBoundCTest(t *testing.T) {
	for in, want := range map[string]string{
		"ctest --test-dir build --output-on-failure":        "ctest --timeout 290 --test-dir build --output-on-failure",
		"cmake build -DX=ON && ctest --test-dir build -R a": "cmake build -DX=ON && ctest --timeout 290 --test-dir build -R a",
		"(cd build && ctest -C Debug)":                      "(cd build && ctest --timeout 290 -C Debug)",
		"ctest --test-dir build --timeout 60":               "ctest --test-dir build --timeout 60",
		"cmake --build build --target ctest_helper":         "cmake --build build --target ctest_helper",
		"make test": "make test",
	} {
		if got := boundCTest(in); got != want {
			t.Errorf("boundCTest(%q) = %q, want %q", in, got, want)
		}
	}
}
