package pyramid

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/pyramid/results"
)

// The strength of the evidence for Testable: the project's test suite, a
// part of it, or no test at all (a program started).
const (
	EvidenceSuite  = "suite"
	EvidenceSubset = "subset"
	EvidenceSmoke  = "smoke"
)

// The strength of the evidence for Runnable: the user's goal, a use the
// repository documents, a probe heragent made up, or a last resort that
// only shows the program starts (--help, --version, an import).
const (
	EvidenceGoal       = "goal"
	EvidenceDocumented = "documented"
	EvidenceProbe      = "probe"
	EvidenceLastResort = "last_resort"
)

// EvidenceRank orders evidence of one level, strongest highest: suite 3 >
// subset 2 > smoke 1 for Testable; goal 3 > documented 2 = probe 2 >
// last_resort 1 for Runnable; "" (none, or unknown) 0.
func EvidenceRank(evidence string) int {
	switch evidence {
	case EvidenceSuite, EvidenceGoal:
		return 3
	case EvidenceSubset, EvidenceDocumented, EvidenceProbe:
		return 2
	case EvidenceSmoke, EvidenceLastResort:
		return 1
	}
	return 0
}

// suiteShare is the share of the tests the graph found that a run must
// execute to be the project's suite, whatever its command says.
const suiteShare = 0.5

// fewShare is the share of the tests found below which a run of a
// framework counting the same units the graph counts (a Python test
// function, a Go Test func) is a part of the suite whatever its command
// says: tornado's `unittest discover` with the default test*.py ran 21 of
// its ~1,000 x_test.py tests. Runners of programs (ctest, make check) count
// other units and are not held to it.
const fewShare = 0.1

// perTestFrameworks count one test as the graph does.
var perTestFrameworks = []string{"pytest", "unittest", "go test"}

// GradeTestable grades the command that proved Testable, given its parsed
// counts and the tests the graph found (Pyramid.TestsFound, 0 when
// unknown):
//   - suite: it ran at least half the tests found (even through a
//     selector), or it is a whole-suite command without a test selector
//     (`go test ./...`, `ctest`, `make check`, `npm test`, `cargo test`,
//     `python -m pytest tests/`…), or the project's own test command
//     (mined from its docs, CI or build files) without one;
//   - subset: under a tenth of the tests found ran (pytest, unittest, go
//     test: fewShare), or a selector or a part (one named test, `-k`, `-run`, `-R`,
//     `--gtest_filter`, a fuzz target, doctests, one package or file), or
//     a test program heragent found that ran a small share;
//   - smoke: a smoke probe (Bucket Smoke) that ran no test: the program
//     started.
//
// why is a short reason ("ran 412 of ~430 tests found", "tests selected
// by name (-run TestX)").
func GradeTestable(c Command, counts results.Counts, testsFound int) (evidence, why string) {
	ran := counts.Passed + counts.Failed + counts.Errors
	if slices.Contains(counts.Frameworks, "suite") && ran == 1 {
		ran = 0 // a test target's own "all tests passed", counted as one: no count
	}
	if c.Bucket == Smoke && ran == 0 {
		return EvidenceSmoke, "no test ran: a smoke probe, the program started"
	}
	if len(c.LeftOut) > 0 {
		// a run without the tests that failed for want of what the
		// sandbox lacks (WithoutTests) is a part, never the whole, whatever
		// the graph counted (libssh2: 8 ran, 48 left out, ~7 test files
		// found); it leaves out a tenth or more (a run that nearly passed
		// is tolerated as it is)
		return EvidenceSubset, join(fmt.Sprintf("ran %d of ~%d tests, %d left out", ran, ran+len(c.LeftOut), len(c.LeftOut)), c.Part)
	}
	share := ""
	if testsFound > 0 && ran > 0 {
		share = fmt.Sprintf("ran %d of ~%d tests found", ran, testsFound)
	}
	sc := commandScope(c.Text)
	if c.Part != "" && sc.part == "" {
		sc.part = c.Part
	}
	switch {
	case counts.Unloaded > 0:
		// the suite's other files ran (--continue-on-collection-errors
		// after a test dependency could not be had): not the whole suite
		return EvidenceSubset, join(fmt.Sprintf("%d test file(s) could not be loaded and none of their tests ran", counts.Unloaded), share)
	case share != "" && testsFound >= 100 && float64(ran) < fewShare*float64(testsFound) &&
		slices.ContainsFunc(counts.Frameworks, func(f string) bool { return slices.Contains(perTestFrameworks, f) }):
		return EvidenceSubset, join("a small part of the tests found ran", share)
	case share != "" && float64(ran) >= suiteShare*float64(testsFound):
		return EvidenceSuite, join(share, sc.part)
	case c.Only && sc.part != "" && (ran > 0 || c.Driver):
		// (a driver's program run to its end counts though it prints no
		// count: QR-Code-generator's qrcodegen-test)
		return EvidenceSuite, join("the project's only test target, "+strings.TrimPrefix(sc.part, "one test target "), share)
	case sc.part != "":
		return EvidenceSubset, join(sc.part, share)
	case sc.runner:
		return EvidenceSuite, join("the whole test suite ("+sc.what+")", share)
	case c.Driver:
		return EvidenceSuite, join("the test suite's own driver, run to its end", share)
	case c.Bucket == Smoke:
		return EvidenceSubset, join("tests a smoke probe ran", share)
	case projectCommand(c):
		return EvidenceSuite, join("the project's test command ("+c.Why[0].Source+"), no test selector", share)
	}
	return EvidenceSubset, join("a test program heragent found, not the project's test command", share)
}

// join joins the non-empty reasons with "; ".
func join(rs ...string) string {
	var out []string
	for _, r := range rs {
		if r != "" {
			out = append(out, r)
		}
	}
	return strings.Join(out, "; ")
}

// projectCommand reports a command the repository gives (its docs, CI,
// build files, conventions of its stack), not one heragent or the user
// made up.
func projectCommand(c Command) bool {
	if c.Synth || len(c.Why) == 0 {
		return false
	}
	switch c.Why[0].Source {
	case "user", "synthesized", "built", "header", "llm":
		return false
	}
	return true
}

// GradeRunnable grades the command that proved Runnable: goal (the
// user's --goal, provenance "user"), last_resort (whatever its source,
// the command only shows the program starts: see Command.LastResort),
// probe (made up by heragent) or documented (found in the repository).
func GradeRunnable(c Command) string {
	switch {
	case userGoal(c):
		return EvidenceGoal
	case c.LastResort():
		return EvidenceLastResort
	case c.Synth:
		return EvidenceProbe
	}
	return EvidenceDocumented
}

func userGoal(c Command) bool { return len(c.Why) > 0 && c.Why[0].Source == "user" }

// lastResortText reports a command that only shows a program starts: every
// program it runs (wrappers, interpreters and text helpers set aside:
// `timeout 10 ./tool --help | head`, `python -m pkg --version`, `uv run
// tool -h`) only asks for its help or version, or it is a bare import
// (`python -c 'import pkg; print(pkg.__version__)'`, `node -e
// "require('x')"`), or it greps the output for usage text.
func lastResortText(text string) bool {
	if usageGrep.MatchString(text) {
		return true
	}
	progs := argvs(text)
	for _, a := range progs {
		if !helpOnly(effective(a)) {
			return false
		}
	}
	return len(progs) > 0
}

// usageGrep is a command that checks its output for usage text.
var usageGrep = regexp.MustCompile(`\|\s*(grep|egrep)\b[^|;&]*\b([Uu]sage|USAGE|--help)\b`)

// interpreters run inline code (as effective names them).
var interpreters = set("python", "node", "nodejs", "ruby", "perl")

// helpArgs ask a program for its help or version.
var helpArgs = set("--help", "-help", "-h", "-?", "--usage", "--version", "-version", "-V")

// helpOnly reports an invocation that only asks for help or a version
// (`-v`, `-vv` only when it is the sole argument; `help`/`version` as the first
// word: a subcommand), or inline code that only imports.
func helpOnly(a []string) bool {
	if len(a) >= 3 && interpreters[a[0]] {
		switch a[1] {
		case "-c", "-e", "--eval":
			return bareImport(a[2])
		case "-p", "--print":
			return bareImport("console.log(" + a[2] + ")")
		}
	}
	args := a[1:]
	switch {
	case len(args) == 0:
		return false
	case len(args) == 1 && (args[0] == "-v" || args[0] == "-vv" || args[0] == "-vvv"):
		return true // -vv: the version with the build options (haproxy)
	case args[0] == "help" || args[0] == "version" || args[0] == "--help-all":
		return true
	}
	for _, x := range args {
		if helpArgs[x] && (x != "-h" && x != "-V" || x == args[len(args)-1]) {
			return true
		}
	}
	return false
}

var (
	// importStmt: `import a, b`, `from a import b`, `require('x')`,
	// `const x = require("x")`, `import("x")`, `import x from "x"`.
	importStmt = regexp.MustCompile(`^(?:import\s+[\w., ]+(?:\s+as\s+\w+)?|from\s+[\w.]+\s+import\s+[\w., *()]+|(?:(?:const|let|var)\s+[\w{}, ]+\s*=\s*)?(?:require|import)\s*\(\s*['"][^'"]+['"]\s*\)|import\s+[\w{}, *]+\s+from\s+['"][^'"]+['"]|use\s+[\w:]+)$`)
	// printStmt: print(…), console.log(…), puts …, p …
	printStmt = regexp.MustCompile(`^(?:print|console\.log|puts|p|pass)\b`)
	// callRe finds the calls inside a print.
	callRe = regexp.MustCompile(`([\w.]+)\s*\(`)
)

// versionCalls are calls a print may make and still only show what was
// imported.
var versionCalls = set("print", "console.log", "getattr", "str", "repr", "type", "dir", "vars", "hasattr", "require", "import",
	"version", "get_version", "importlib.metadata.version", "metadata.version", "puts", "p", "len")

// bareImport reports inline code that only imports modules and prints
// what they are (a name, a version): it shows the package installs, not
// that it works.
func bareImport(code string) bool {
	stmts := strings.FieldsFunc(code, func(r rune) bool { return r == ';' || r == '\n' })
	n := 0
	for _, s := range stmts {
		s = strings.TrimSpace(s)
		switch {
		case s == "" || s == "1" || strings.HasPrefix(s, "#"):
		case importStmt.MatchString(s):
			n++
		case printStmt.MatchString(s):
			for _, m := range callRe.FindAllStringSubmatch(s, -1) {
				last := m[1][strings.LastIndex(m[1], ".")+1:]
				if !versionCalls[m[1]] && !versionCalls[last] {
					return false
				}
				if m[1] == "require" || m[1] == "import" {
					n++ // console.log(require('x').version)
				}
			}
		default:
			return false
		}
	}
	return n > 0
}

// Narrow reports whether a command runs only a part of the test suite by
// what it says (a test selector, one test, a fuzz target, a doctest, one
// package or file): the loops try such commands after the whole-suite ones.
func Narrow(c Command) bool { return c.Part != "" || commandScope(c.Text).part != "" }
