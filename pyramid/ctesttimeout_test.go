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

func TestParallelCTest(t *testing.T) {
	for in, want := range map[string]string{
		"ctest --timeout 290 --test-dir build --output-on-failure": `ctest --parallel "$(nproc)" --timeout 290 --test-dir build --output-on-failure`,
		"cmake --build build && (cd build && ctest -C Debug)":      `cmake --build build && (cd build && ctest --parallel "$(nproc)" -C Debug)`,
		"ctest -j4 --test-dir build":                               "ctest -j4 --test-dir build",
		"ctest --parallel 8":                                       "ctest --parallel 8",
		"CTEST_PARALLEL_LEVEL=2 ctest":                             "CTEST_PARALLEL_LEVEL=2 ctest",
		"ctest --test-dir build --rerun-failed":                    "ctest --test-dir build --rerun-failed",
		"make test":                                                "make test",
		"cmake --build build -j4 && ctest --test-dir build":        `cmake --build build -j4 && ctest --parallel "$(nproc)" --test-dir build`,
	} {
		got := parallelCTest(in)
		if got != want {
			t.Errorf("parallelCTest(%q) = %q, want %q", in, got, want)
		}
		if serial, ok := SerialCTest(got); ok != (got != in) || serial != in {
			t.Errorf("SerialCTest(%q) = %q, %v, want %q", got, serial, ok, in)
		}
	}
}

func TestFailedCTestRerun(t *testing.T) {
	for in, want := range map[string]string{
		`ctest --parallel "$(nproc)" --test-dir build --output-on-failure`: "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure",
		`cmake --build build && (cd build && ctest -C Debug)`:              "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure",
		"ctest": "ctest --timeout 290 --rerun-failed --output-on-failure",
		// CMake's test target runs ctest in its build directory (flac's CI)
		`cmake --build build --target test`:                    "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure",
		`cmake --build out --config Release -t test --verbose`: "ctest --timeout 290 --test-dir out --rerun-failed --output-on-failure",
	} {
		if got := FailedCTestRerun(Command{Text: in}).Text; got != want {
			t.Errorf("FailedCTestRerun(%q) = %q, want %q", in, got, want)
		}
	}
}
