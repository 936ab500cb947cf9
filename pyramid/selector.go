package pyramid

import (
	"fmt"
	"path"
	"strings"
)

// scope is what a test command's run covers, read from its text.
type scope struct {
	runner bool   // a test runner or test script was recognised
	part   string // what part it selects; "" for the whole suite
	what   string // the runner's invocation, for reasons
}

// commandScope reads what the tests a command runs cover. A command with
// a whole-suite runner invocation is whole (`make && make test`); else the
// first runner invocation with a selector says which part; a command
// without a recognised runner has the zero scope.
func commandScope(text string) scope {
	var first scope
	for _, a := range argvs(text) {
		a = effective(a)
		s := argvScope(a)
		if !s.runner {
			continue
		}
		s.what = shortArgv(a)
		if s.part == "" {
			return s
		}
		if !first.runner {
			first = s
		}
	}
	return first
}

// SuiteRunner is the test runner a command runs the whole suite with —
// its program, interpreters unwrapped (python -m pytest, py.test and
// pytest are "pytest") — and "" for a part of the suite or no runner.
func SuiteRunner(text string) string {
	if s := commandScope(text); !s.runner || s.part != "" {
		return ""
	}
	for _, a := range argvs(text) {
		if a = effective(a); argvScope(a).runner {
			if b := path.Base(a[0]); b != "py.test" {
				return b
			}
			return "pytest"
		}
	}
	return ""
}

// shortArgv is an invocation in at most five words, for reasons.
func shortArgv(a []string) string {
	if len(a) > 5 {
		return strings.Join(a[:5], " ") + " …"
	}
	return strings.Join(a, " ")
}

// whole and part build scopes.
var whole = scope{runner: true}

func part(format string, a ...any) scope { return scope{runner: true, part: fmt.Sprintf(format, a...)} }

// argvScope reads one runner invocation (interpreters already unwrapped:
// `python -m pytest` is [pytest …]).
func argvScope(a []string) scope {
	base, args := path.Base(a[0]), a[1:]
	sub := ""
	if len(args) > 0 {
		sub = args[0]
	}
	switch {
	case base == "pytest" || base == "py.test":
		return pytestScope(args)
	case base == "unittest":
		return unittestScope(args)
	case base == "doctest":
		return part("doctests (python -m doctest)")
	case base == "go" && sub == "test":
		return goTestScope(args[1:])
	case base == "ctest":
		return ctestScope(args)
	case base == "make" || base == "gmake" || base == "ninja":
		return makeScope(args)
	case base == "cmake":
		return cmakeScope(args)
	case base == "meson" && sub == "test":
		return mesonScope(args[1:])
	case base == "npm" || base == "yarn" || base == "pnpm" || base == "bun":
		return npmScope(base, args)
	case base == "jest" || base == "vitest" || base == "mocha" || base == "ava":
		return jsScope(base, args)
	case base == "node" && sub == "--test":
		return nodeTestScope(args[1:])
	case base == "cargo":
		return cargoScope(args)
	case base == "mvn" || base == "mvnw" || base == "gradle" || base == "gradlew":
		return jvmScope(base, args)
	case base == "tox" || base == "nox":
		if _, _, after := scanArgs(args, nil); len(after) > 0 {
			return pytestScope(after)
		}
		return whole
	}
	return otherScope(base, args)
}

// scanArgs splits arguments into options (name → value, "" for a flag;
// "--x=v" and, for names in valued, "-x v"), positionals, and what
// follows a "--".
func scanArgs(args []string, valued map[string]bool) (opts map[string]string, pos, after []string) {
	opts = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return opts, pos, args[i+1:]
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if k, v, ok := strings.Cut(a, "="); ok {
				opts[k] = v
			} else if valued[a] && i+1 < len(args) {
				opts[a] = args[i+1]
				i++
			} else {
				opts[a] = ""
			}
		default:
			pos = append(pos, a)
		}
	}
	return opts, pos, nil
}

// opt returns the value of the first of names present.
func opt(opts map[string]string, names ...string) (string, bool) {
	for _, n := range names {
		if v, ok := opts[n]; ok {
			return v, true
		}
	}
	return "", false
}

// set makes a lookup set.
func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// testDirs are directory names that hold a whole test suite.
var testDirs = set("test", "tests", "t", "spec", "specs", "testing", "testsuite", "__tests__", "src", "lib", "unittests", "unit_tests")

// pathsScope reads a runner's path arguments: test ids (`file::name`),
// files with one of exts, or directories (a top-level or test directory
// is the whole suite, a deeper one a part).
func pathsScope(pos []string, exts ...string) scope {
	plural := func(one, many string) scope {
		if len(pos) == 1 {
			return part("%s (%s)", one, pos[0])
		}
		return part("%d %s (%s …)", len(pos), many, pos[0])
	}
	for _, p := range pos {
		if strings.Contains(p, "::") {
			return plural("one named test", "named tests")
		}
	}
	for _, p := range pos {
		for _, e := range exts {
			if strings.HasSuffix(p, e) && !strings.ContainsAny(p, "*?") {
				return plural("one test file", "test files")
			}
		}
	}
	for _, p := range pos {
		d := strings.Trim(strings.TrimPrefix(p, "./"), "/")
		if d != "" && d != "." && strings.Contains(d, "/") && !testDirs[path.Base(d)] && !strings.ContainsAny(d, "*?") {
			return plural("one test directory", "test directories")
		}
	}
	return whole
}

var pytestValued = set("-k", "-m", "-p", "-c", "-o", "-W", "-n", "-r", "--rootdir", "--junitxml", "--junit-xml", "--cov", "--cov-report",
	"--cov-config", "--cov-fail-under", "--maxfail", "--tb", "--deselect", "--ignore", "--ignore-glob", "--durations", "--timeout",
	"--log-level", "--log-cli-level", "--basetemp", "--import-mode", "--confcutdir", "--override-ini", "--capture", "--dist",
	"--color", "--numprocesses", "--reruns", "--randomly-seed")

// pytestScope: -k, -m (but `-m "not slow"`), --lf, test ids, files and
// directories select.
func pytestScope(args []string) scope {
	opts, pos, _ := scanArgs(args, pytestValued)
	if k, ok := opt(opts, "-k"); ok {
		return part("tests selected by name (-k %s)", k)
	}
	if m, ok := opt(opts, "-m"); ok && !strings.HasPrefix(strings.TrimSpace(m), "not ") {
		return part("tests marked %s (-m)", m)
	}
	if _, ok := opt(opts, "--lf", "--last-failed"); ok {
		return part("the tests that failed last time (--lf)")
	}
	return pathsScope(pos, ".py")
}

// unittestScope: `python -m unittest` and `discover` are the suite; named
// modules, classes or tests, -k, or a discover pattern naming one file
// select.
func unittestScope(args []string) scope {
	opts, pos, _ := scanArgs(args, set("-k", "-s", "--start-directory", "-p", "--pattern", "-t", "--top-level-directory", "--durations"))
	if k, ok := opt(opts, "-k"); ok {
		return part("tests selected by name (-k %s)", k)
	}
	if len(pos) > 0 && pos[0] == "discover" {
		if p, ok := opt(opts, "-p", "--pattern"); ok && !strings.ContainsAny(p, "*?[") {
			return part("one test file (-p %s)", p)
		}
		return whole
	}
	if len(pos) == 0 {
		return whole
	}
	if len(pos) > 1 {
		return part("%d named tests or modules (%s …)", len(pos), pos[0])
	}
	return part("%s (%s)", unittestName(pos[0]), pos[0])
}

// unittestName says what a unittest name names: a module, a class
// (Capitalised) or one test (a name after the class).
func unittestName(n string) string {
	if strings.HasSuffix(n, ".py") || strings.Contains(n, "/") {
		return "one test module"
	}
	segs := strings.Split(n, ".")
	for i, s := range segs {
		if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
			if i < len(segs)-1 {
				return "one named test"
			}
			return "one test class"
		}
	}
	return "one test module"
}

var goTestValued = set("-run", "-skip", "-bench", "-fuzz", "-count", "-timeout", "-tags", "-p", "-parallel", "-cpu", "-coverprofile",
	"-covermode", "-coverpkg", "-benchtime", "-fuzztime", "-fuzzminimizetime", "-o", "-exec", "-ldflags", "-gcflags", "-asmflags",
	"-mod", "-modfile", "-shuffle", "-list", "-C", "-memprofile", "-cpuprofile", "-blockprofile", "-mutexprofile", "-trace",
	"-outputdir", "-pgo", "-overlay", "-vet", "-toolexec")

// goTestScope: -fuzz, -run, -list, and package arguments without "..."
// select; `go test ./...` (any pattern with ...) is the suite.
func goTestScope(args []string) scope {
	norm := make([]string, 0, len(args))
	for _, a := range args {
		if a == "-args" || a == "--args" {
			break // the rest is the test binary's
		}
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			a = a[1:]
		}
		norm = append(norm, a)
	}
	opts, pos, _ := scanArgs(norm, goTestValued)
	if f, ok := opts["-fuzz"]; ok {
		return part("a fuzz target (-fuzz %s)", f)
	}
	if r, ok := opts["-run"]; ok {
		if _, bench := opts["-bench"]; bench && (r == "^$" || r == "xxx" || r == "NONE" || r == "^#") {
			return part("benchmarks only (-bench)")
		}
		return part("tests selected by name (-run %s)", r)
	}
	if _, ok := opts["-list"]; ok {
		return part("lists the tests without running them (-list)")
	}
	for _, p := range pos {
		if strings.Contains(p, "...") {
			return whole
		}
	}
	switch len(pos) {
	case 0:
		return part("one package (the current directory)")
	case 1:
		return part("one package (%s)", pos[0])
	}
	return part("%d packages (%s …)", len(pos), pos[0])
}
