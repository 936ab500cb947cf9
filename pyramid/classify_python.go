package pyramid

import (
	"regexp"
	"strings"
)

// The Python interpreter's commands: what it runs (-m, -c, a script) and
// what that does; the documentation trees a server may serve.

// pythonOptionsSkipped drops the interpreter's own options before -m, -c
// or the script: `python -Werror -W ignore::X -X dev -m pytest`.
func pythonOptionsSkipped(args []string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-m" && args[0] != "-c" && args[0] != "-V" && args[0] != "--version" {
		if (args[0] == "-W" || args[0] == "-X") && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	return args
}

func classifyPython(args []string) verdict {
	args = pythonOptionsSkipped(args)
	if len(args) == 0 {
		return verdict{Drop: "interactive interpreter"}
	}
	if args[0] == "-m" && len(args) > 1 {
		switch args[1] {
		case "pytest", "unittest", "tox", "nox", "doctest", "twisted.trial", "trial", "green", "nose2", "xmlrunner":
			return verdict{Bucket: Unit, Reason: "runs the Python tests"}
		case "pip":
			return classifyOne(strings.Join(append([]string{"pip"}, args[2:]...), " "))
		case "build", "venv", "virtualenv":
			return verdict{Drop: "prepares the environment (the setup script owns it)"}
		case "http.server":
			if servesDocs(args[2:]) {
				return verdict{Drop: "serves the documentation, not the project"}
			}
			return verdict{Bucket: Integration, Reason: "serves the project on localhost"}
		case "flake8", "pylint", "mypy", "black", "ruff", "isort", "pyright", "pyflakes", "pycodestyle", "bandit", "coverage":
			return verdict{Drop: "lint or format check"}
		}
		return verdict{Bucket: Entry, Reason: "runs the package module " + args[1]}
	}
	if args[0] == "-c" {
		if len(args) > 1 && strings.Contains(strings.Join(args[1:], " "), "import") {
			return verdict{Bucket: Smoke, Reason: "imports the package in a fresh interpreter"}
		}
		return verdict{Drop: "inline Python snippet"}
	}
	a := strings.Trim(args[0], `"'`)
	switch {
	case strings.HasPrefix(a, "/") && !strings.HasPrefix(a, "/repo/"):
		// a script of the CI machine's (speex's GitLab CI runs
		// /opt/oss-fuzz/infra/cifuzz/cifuzz_combined_entrypoint.py)
		return verdict{Drop: "runs a file outside the repository"}
	case a == "setup.py" && len(args) > 1 && (args[1] == "test"):
		return verdict{Bucket: Unit, Reason: "runs the Python tests"}
	case a == "setup.py" || a == "-V" || a == "--version":
		if a == "setup.py" {
			return verdict{Bucket: Build, Reason: "builds or installs the package"}
		}
		return verdict{Drop: "asks the interpreter, not the project"}
	case strings.HasSuffix(a, ".py"):
		base := a[strings.LastIndex(a, "/")+1:]
		if testScript.MatchString(base) || strings.Contains(a, "tests/") {
			return verdict{Bucket: Unit, Reason: "runs a test script"}
		}
		switch {
		case throughTestDir(a) && suiteRunnerRe.MatchString(base):
			return verdict{Bucket: Unit, Reason: "runs the test suite's own runner"}
		case throughTestDir(a):
			// rsync's CI runs testsuite/fleettest.py
			return verdict{Drop: "a helper of the test suite (it lives in a test directory), not the project's program"}
		}
		if base == "setup.py" || strings.Contains(base, "build") || strings.Contains(base, "configure") {
			return verdict{Bucket: Build, Reason: "runs the project's build script"}
		}
		if maintenanceScript.MatchString(a) {
			return verdict{Drop: "a CI or maintenance script (checks, generates, releases), not the project's program"}
		}
		return verdict{Bucket: Entry, Reason: "runs the project's Python program"}
	}
	return verdict{Drop: "not a build, test or run command"}
}

// servesDocs reports http.server arguments serving a documentation tree
// (fast_float's README: `python3 -m http.server -d docs 8080`).
func servesDocs(args []string) bool {
	for i, a := range args {
		if (a == "-d" || a == "--directory") && i+1 < len(args) {
			return docsDir.MatchString(args[i+1])
		}
	}
	return false
}

// docsDir is a documentation tree, as written or built.
var docsDir = regexp.MustCompile(`(?i)^(\./)?(doc|docs|documentation|site|_site|html|_build)(/|$)`)
