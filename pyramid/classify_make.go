package pyramid

import (
	"path"
	"regexp"
	"strings"
)

// testDirOperand: make -C tests (or test/, t/): the default target of a
// test directory's own Makefile builds and runs its tests (uthash).
func testDirOperand(args []string) bool { return makeTestDirRe.MatchString(dirOperand(args)) }

// dirOperand is make's -C directory, "" when there is none.
func dirOperand(args []string) string {
	for i, a := range args {
		if a == "-C" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// makeDocDirRe is a documentation directory: make there builds the
// manual (uthash's CI: `make -C doc`, asciidoc), not the project.
var makeDocDirRe = regexp.MustCompile(`^(\./)?(doc|docs|Documentation|man|manual)/?$`)

var makeTestDirRe = regexp.MustCompile(`^(\./)?(tests?|t|testsuite|testes|unittests?|regress|regression)/?$`)

// throughTestDir reports whether a program's path goes through a test
// suite's directory (test/merge-gcda.py, tests/ci/run.sh).
func throughTestDir(prog string) bool {
	for _, d := range strings.Split(path.Dir(prog), "/") {
		if makeTestDirRe.MatchString(d) {
			return true
		}
	}
	return false
}

// inTestDir is the verdict on a make run from dir: a bare `make` in a
// tests directory runs its tests (tmux's CI: `cd regress && make`).
func inTestDir(v verdict, text, dir string) verdict {
	w := words(text)
	if v.Bucket != Build || dir == "" || len(w) == 0 || w[0] != "make" && w[0] != "gmake" && w[0] != "bmake" {
		return v
	}
	if mv := classifyMake(append(w[1:len(w):len(w)], "-C", path.Base(dir))); mv.Bucket == Unit {
		return mv
	}
	return v
}

func classifyMake(args []string) verdict {
	if makeDocDirRe.MatchString(dirOperand(args)) {
		return verdict{Drop: "builds the documentation, not the project"}
	}
	inTests := testDirOperand(args)
	var targets []string
	for i, a := range args {
		if a == "-v" || a == "--version" {
			return verdict{Drop: "asks make for its version"}
		}
		if (a == "-C" || a == "-f") && i+1 < len(args) {
			args[i+1] = "-" // the directory / file operand is not a target
		}
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && !strings.ContainsAny(a, "<>&|") && !strings.HasPrefix(a, "2") {
			targets = append(targets, a)
		}
	}
	if len(targets) == 0 {
		if inTests {
			return verdict{Bucket: Unit, Reason: "runs the default target of the tests' Makefile"}
		}
		return verdict{Bucket: Build, Reason: "builds the default make target"}
	}
	t := targets[len(targets)-1]
	switch {
	case t == "test" || t == "check" || t == "tests" || t == "verify" || t == "ci" || t == "test-all" || t == "unittest" || strings.HasPrefix(t, "check-") || strings.HasPrefix(t, "test-") || t == "runtest" || testLikeTarget(t):
		return verdict{Bucket: Unit, Reason: "runs the test target"}
	case t == "run" || t == "demo" || t == "example" || t == "examples" || t == "run-example" || t == "serve" || t == "start":
		return verdict{Bucket: Integration, Reason: "runs the program through the make target"}
	case t == "all" || t == "install" || t == "build" || t == "lib" || t == "shared" || t == "static" || t == "default" || t == "release":
		return verdict{Bucket: Build, Reason: "builds the make target " + t}
	case t == "clean" || t == "distclean" || t == "lint" || t == "format" || t == "docs" || t == "doc" || t == "dist" || t == "uninstall" || t == "coverage" || t == "cover" || strings.HasPrefix(t, "dist") || t == "html" || t == "cppcheck" || t == "staticAnalyze" || t == "tags":
		return verdict{Drop: "make " + t + " does not build, test or run the project"}
	}
	return verdict{Bucket: Build, Reason: "builds the make target " + t}
}

// classifyTask judges a task runner's command (just, go-task's task,
// Ruby's rake — Unity's CI runs its C tests with `cd test && rake ci`) by
// the task it names, as make's targets are judged; a task of another
// name, or none (the runner's default), says nothing of what it does.
func classifyTask(runner string, args []string) verdict {
	t := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-f" || a == "-d" || a == "--justfile" || a == "--working-directory" || a == "-t" || a == "--taskfile" || a == "--dir" || a == "-C":
			i++ // the operand is a file or directory, not a task
		case strings.HasPrefix(a, "-") || strings.Contains(a, "=") || strings.ContainsAny(a, "<>&|"):
		default:
			if t == "" {
				t = a
			}
		}
	}
	base, _, _ := strings.Cut(t, ":")   // rake's namespaces, task's too: test:unit
	base, _, _ = strings.Cut(base, "[") // rake's arguments: test[verbose]
	switch {
	case t == "":
		return verdict{Drop: runner + "'s default task: what it does is not named"}
	case base == "test" || base == "tests" || base == "check" || base == "ci" || base == "spec" || base == "unittest" || base == "unit" || strings.HasPrefix(base, "test-") || strings.HasPrefix(base, "test_"):
		return verdict{Bucket: Unit, Reason: "runs the " + runner + " task " + t}
	case base == "build" || base == "compile" || base == "all" || base == "install":
		return verdict{Bucket: Build, Reason: "builds with the " + runner + " task " + t}
	}
	return verdict{Drop: runner + " " + t + ": a task that is not known to build, test or run the project"}
}
