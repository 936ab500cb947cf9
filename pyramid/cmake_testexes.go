package pyramid

import (
	"context"
	"path"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A CMake project can build its test program without registering it with
// add_test (kcp's `add_executable(kcp_test test.cpp)` under BUILD_TESTING):
// ctest then finds no tests, and the program is the suite. unregisteredTests
// runs each such executable — named as a test, outside examples and
// benchmarks — after building its target, and reports it as automake's
// harness does (`PASS: kcp_test`), its exit status the verdict, as ctest
// would have.

// maxUnregisteredTests bounds the test programs run this way.
const maxUnregisteredTests = 8

// unregisteredTests are the commands running the project's test
// executables when no add_test registers any; nil otherwise.
func unregisteredTests(ctx context.Context, e *env) ([]Command, error) {
	bd := e.layout.BuildDir("cmake")
	if bd == "" {
		return nil, nil
	}
	eps, err := e.ix.EntryPoints(ctx)
	if err != nil {
		return nil, err
	}
	var out []Command
	var names, runs []string
	for _, ep := range eps {
		if ep.Kind != "executable" || path.Base(ep.Path) != "CMakeLists.txt" || !testName.MatchString(ep.Name) || notTestProgram(ep) || len(out) >= maxUnregisteredTests {
			continue
		}
		run := e.invocation(ep.Name, ep.Path)
		if run == "" || strings.ContainsAny(ep.Name, "$@{} '\"") {
			continue
		}
		names, runs = append(names, ep.Name), append(runs, passFail(ep.Name, run, "rc=1"))
		out = append(out, Command{Text: "cmake --build " + bd + " --target " + ep.Name + " && " + passFail(ep.Name, run, "exit 1"),
			Bucket: Unit, Reason: "runs the test program " + ep.Name + ", which the build makes and no add_test registers (ctest finds no tests)",
			Why: []Provenance{{Source: "cmake", File: ep.Path, Line: int(ep.Line), Note: "add_executable " + ep.Name + " without add_test"}}})
	}
	if len(out) > 1 {
		// every test program, each run whatever the others did: the
		// suite, before each on its own (xiph/ogg's test_bitwise and
		// test_framing)
		all := Command{Text: "cmake --build " + bd + " --target " + strings.Join(names, " ") + " && rc=0 && " + strings.Join(runs, " && ") + " && exit $rc",
			Bucket: Unit, Only: true, Reason: "runs the test programs " + strings.Join(names, ", ") + ", which the build makes and no add_test registers (ctest finds no tests): each in turn, the suite",
			Why: out[0].Why}
		out = append([]Command{all}, out...)
	}
	return out, nil
}

// passFail runs the test program run as automake's harness reports one
// (PASS: name, FAIL: name), onFail after a failure.
func passFail(name, run, onFail string) string {
	return "if timeout 600 " + run + " < /dev/null; then echo \"PASS: " + name + "\"; else echo \"FAIL: " + name + "\"; " + onFail + "; fi"
}

// notTestProgram is an executable named like a test that is a benchmark,
// a fuzzer or an example.
func notTestProgram(ep retrieval.EntryPoint) bool {
	n := strings.ToLower(ep.Name)
	return strings.Contains(n, "bench") || strings.Contains(n, "fuzz") || exampleRe.MatchString(n)
}
