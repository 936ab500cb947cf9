package repair

import "testing"

// messageVariants are message forms of other tools and versions than the
// captured excerpts. These lines are SAMPLES written from the tools'
// documented or well-known output, not captured here. FuzzDiagnose starts
// from them too.
var messageVariants = []struct {
	phase   Phase
	command string
	line    string
	kind    Kind
	subject string
}{
	{PhaseSetup, "", "src/a.c:3:10: fatal error: 'openssl/ssl.h' file not found", MissingHeader, "openssl/ssl.h"},
	{PhaseSetup, "", "src/a.cpp:1:10: fatal error: boost/any.hpp: No such file or directory", MissingHeader, "boost/any.hpp"},
	{PhaseSetup, "", "cc1: fatal error: missing.c: No such file or directory", Unknown, ""},
	{PhaseSetup, "", "No package 'gtk+-3.0' found", MissingPkgConfig, "gtk+-3.0"},
	{PhaseSetup, "", "Package libevent was not found in the pkg-config search path.", MissingPkgConfig, "libevent"},
	{PhaseSetup, "", "ld.lld: error: unable to find library -lssl", MissingLibrary, "-lssl"},
	{PhaseCommand, "pytest", "OSError: libGL.so.1: cannot open shared object file: No such file or directory", MissingLibrary, "libGL.so.1"},
	{PhaseSetup, "", "/usr/bin/env: 'python': No such file or directory", MissingExecutable, "python"},
	{PhaseSetup, "", "meson.build:5:0: ERROR: Program 'glib-compile-resources' not found or not executable", MissingExecutable, "glib-compile-resources"},
	{PhaseSetup, "", "  No CMAKE_CXX_COMPILER could be found.", MissingExecutable, "c++"},
	{PhaseSetup, "", "CMake Error: CMake was unable to find a build program corresponding to \"Ninja\".  CMAKE_MAKE_PROGRAM is not set.", MissingExecutable, "ninja"},
	{PhaseSetup, "", "./configure: line 12: ./missing-script: No such file or directory", Unknown, ""},
	{PhaseCommand, "python3 -m pytest", "ImportError: No module named yaml", MissingPythonModule, "yaml"},
	{PhaseCommand, "node index.mjs", "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /repo/index.mjs", MissingNodeModule, "express"},
	{PhaseCommand, "node index.js", "Error: Cannot find module '@scope/pkg/lib/x'", MissingNodeModule, "@scope/pkg"},
	{PhaseCommand, "node index.js", "Error: Cannot find module './local'", Unknown, ""},
	{PhaseSetup, "", "go: github.com/x/y@v1.2.3: missing go.sum entry for go.mod file; to add it:", MissingGoModule, "github.com/x/y"},
	{PhaseSetup, "", "go: module github.com/x/y@v1.5.0 requires go >= 1.23.0 (running go 1.22.5; GOTOOLCHAIN=local)", GoToolchainTooOld, "1.23"},
	{PhaseSetup, "", "src/a.c:9:5: error: unused variable 'x' [-Werror,-Wunused-variable]", Werror, "unused-variable"},
	{PhaseSetup, "", "cc1plus: all warnings being treated as errors", Werror, ""},
	{PhaseSetup, "", "g++: internal compiler error: Killed (program cc1plus)", OutOfMemory, "cc1plus"},
	{PhaseSetup, "", "collect2: fatal error: ld terminated with signal 9 [Killed]", OutOfMemory, "ld"},
	{PhaseSetup, "", "  add_subdirectory given source \"third_party/googletest\" which is not an existing", MissingSubmodule, "third_party/googletest"},
	{PhaseCommand, "pytest", "locale.Error: unsupported locale setting", Locale, ""},
	{PhaseSetup, "", "fatal: unable to access 'https://github.com/a/b.git/': Could not resolve host: github.com", NetworkUnreachable, "github.com"},
	{PhaseSetup, "", "curl: (60) SSL certificate problem: unable to get local issuer certificate", NetworkUnreachable, "tls"},
	{PhaseCommand, "go test ./...", "dial tcp: lookup example.com on 10.0.0.1:53: no such host", NeedsNetwork, "example.com"},
	{PhaseCommand, "mvn -q compile", "[ERROR] Failed to execute goal on project x: Could not transfer artifact a:b:pom:1 from/to central (https://repo.maven.apache.org/maven2): Connection timed out", NetworkUnreachable, "https://repo.maven.apache.org/maven2"},
	{PhaseCommand, "ctest", "Gtk-WARNING **: 10:00:00.000: cannot open display: ", NeedsDisplay, ""},
	{PhaseCommand, "make check", "This program must be run as root.", NeedsRoot, ""},
	{PhaseCommand, "ctest", "83% tests passed, 1 tests failed out of 6", TestFailure, ""},
	{PhaseCommand, "pytest", "FAILED tests/test_a.py::test_b - AssertionError", TestFailure, "tests/test_a.py::test_b"},
	{PhaseSetup, "pytest", "FAILED tests/test_a.py::test_b - AssertionError", Unknown, ""}, // not a test command
	{PhaseCommand, "cargo test", "error[E0425]: cannot find value `x` in this scope", CompileError, "E0425"},
}

// TestMessageVariants: each variant gets its diagnosis first.
func TestMessageVariants(t *testing.T) {
	for _, tc := range messageVariants {
		t.Run(tc.line, func(t *testing.T) {
			ds := Diagnose(Failure{Phase: tc.phase, Command: tc.command, Log: tc.line + "\n"})
			if ds[0].Kind != tc.kind || ds[0].Subject != tc.subject {
				t.Fatalf("got %+v, want %s %q", ds, tc.kind, tc.subject)
			}
		})
	}
}
