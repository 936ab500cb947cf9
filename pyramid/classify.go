package pyramid

import (
	"context"
	"regexp"
	"strings"
)

// verdict is what the classifier says about one command text.
type verdict struct {
	Bucket Bucket
	Reason string
	Drop   string // non-empty: why the command is not evidence at all
}

var (
	placeholderRe = regexp.MustCompile(`<[A-Za-z][\w .:/-]*>|(^|[^${\w])\{[A-Za-z]+[-_][\w-]*\}|\b[Yy]our[-_][\w-]+|\bYOUR_[A-Z_]+|\bpath/to/|\$\{\{[^}]*\}\}|\bxxx+\b|(^|\s)\.\.\.(\s|$)|\[\.\.\.\]|…|\[options?\]|(^|\s)\[[a-z][\w-]*\](\s|$)|(^|\s)\[\s*--?[A-Za-z][^\]]*\]|\bTOKEN\b|/some/|\[[A-Z][A-Z_ .]*[\]\[]|\b(?:my|[Yy]our)[-_]?(app|project|file|tool|program|cmd|command|binary|script)\b|(^|\s)(FILE|FILES|DIR|PATH|NAME|URL|HOST|ARGS|OPTIONS|INPUT|OUTPUT)(\.\w+)?(\s|$)`)
	destructiveRe = regexp.MustCompile(`\b(npm|yarn|pnpm|cargo|twine|gem|poetry|flit)\s+(publish|upload)\b|\b(git|docker|podman|helm)\s+push\b|\b(deploy|publish)\b|\bgh\s+release\b|\bgsutil\b|\baws\s+s3\b|\bmvn\b.*\bdeploy\b|\bsemantic-release\b|\brelease-it\b|\bchangeset\s+(publish|version)\b|\blerna\s+(publish|version)\b`)
	rmRe          = regexp.MustCompile(`\brm\s+(-\w*\s+)*(/|~|\$HOME|\.\.)`)
	helpRe        = regexp.MustCompile(`\s(--version|-V|--help|-h|version|help)$`)
	// repoScriptRe is a script run by its path in the checkout without
	// ./ (nginx's auto/configure, tools/build.sh)
	repoScriptRe = regexp.MustCompile(`^[A-Za-z_][\w.-]*(/[\w.-]+)+$`)
	runLocalRe   = regexp.MustCompile(`^(\./|build/|\.build/|bin/|_build/|builddir/|out/)\S+`)
)

var (
	vendorRe   = regexp.MustCompile(`\bvcpkg\b|\bconan\b|\bbrew\b|\bchoco\b|\bemsdk\b|\bemcmake\b|\bemmake\b`)
	cleanRe    = regexp.MustCompile(`\bmake\b[^;&|]*\s(clean|distclean|mrproper)\b`)
	platformRe = regexp.MustCompile(`(?i)\bCC=\S*(linux-gnu|android|mingw|powerpc|aarch64|arm-|riscv|mips|s390)|QEMU|CMAKE_OSX|hw\.logicalcpu|--vsenv|wincred|M68K|amiga|NOIXEMUL|xcodebuild|-G\s*"?(Xcode|Visual Studio)|msbuild|\.exe\b|\.bat\b|\.cmd\b|powershell|\bpwsh\b|vcvars|-m32\b|\bi686\b|--host[= ]\S*(android|mingw|w64|cygwin|darwin|apple|aarch64|arm|riscv|mips|s390|powerpc|ppc|sparc|wasm|emscripten|qnx|nto)|CMAKE_TOOLCHAIN_FILE|ANDROID_(ABI|NDK)|CMAKE_SYSTEM_NAME=(Windows|Android|iOS|Darwin|Emscripten)|TRIPLET=\S*(windows|osx|android|ios|uwp|wasm)|(?:^|&&\s*|;\s*)(?:adb|fastboot|ios-deploy|xcrun)\s`)
	ciHelperRe = regexp.MustCompile(`^(\./|(\.\./)+)?(\.github|\.circleci|\.ci|ci|ci[_-][\w-]*|\.gitlab|scripts|script|tools|devtools|maint|misc|build-aux)/`)
	netRe      = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*)://([^/\s'"]*@)?([^/\s'":]*)`)
	proseRe    = regexp.MustCompile(`^\w+(\s+[A-Za-z,']+){3,}[.:]$|[a-z]{2,}\.\s+[A-Z][a-z]+\s`)
	varRe      = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)
)

// needsNet reports a URL that is not on this machine (any scheme but
// file://, any host but localhost).
func needsNet(t string) bool {
	for _, m := range netRe.FindAllStringSubmatch(t, -1) {
		scheme, host := strings.ToLower(m[1]), strings.ToLower(m[3])
		if scheme == "file" || host == "localhost" || host == "127.0.0.1" || host == "[" || host == "0.0.0.0" {
			continue
		}
		return true
	}
	return false
}

// knownVars are set in any shell the runner starts.
var knownVars = map[string]bool{"HOME": true, "PWD": true, "PATH": true, "USER": true, "SHELL": true}

// unsetVar names a variable the command expands that the runner's shell
// does not set (CI secrets, matrix values, loop variables of another
// script); "" when there is none.
func unsetVar(t string) string {
	for _, m := range varRe.FindAllStringSubmatch(t, -1) {
		if !knownVars[m[1]] {
			return m[1]
		}
	}
	return ""
}

// installVerb are a package manager's words for adding a package to the
// reader's own project (`npx jsr add @scope/pkg`, `npx expo install x`).
var installVerb = map[string]bool{"add": true, "install": true, "i": true}

// jsTestVerdict judges a JavaScript file named like a test (test.js,
// parser.test.js) or in a test directory: a test command, or — a file of
// a test directory named like no test or runner (test/support/createdb.js)
// — a helper of the suite; a benchmark is neither (nanoid's
// test/benchmark.js). ok is false for others.
func jsTestVerdict(arg string) (verdict, bool) {
	base := arg[strings.LastIndex(arg, "/")+1:]
	if base != "" && !strings.HasPrefix(arg, "-") && !strings.Contains(base, ".") {
		base += ".js" // node resolves test/toFixed as test/toFixed.js (big.js's README)
	}
	if !jsFileRe.MatchString(base) {
		return verdict{}, false
	}
	switch {
	case benchNameRe.MatchString(base):
		return verdict{Drop: "runs a benchmark: it measures the project, it is no use of it"}, true
	case testScript.MatchString(base):
		return verdict{Bucket: Unit, Reason: "runs a test script"}, true
	case throughTestDir(arg) && !strings.Contains(arg, "fixtures/") && (suiteRunnerRe.MatchString(base) || strings.HasPrefix(base, "index.")):
		return verdict{Bucket: Unit, Reason: "runs the test suite's own runner"}, true
	case throughTestDir(arg):
		return verdict{Drop: "a helper of the test suite (it lives in a test directory), not the project's program"}, true
	}
	return verdict{}, false
}

// benchNameRe names a benchmark file (benchmark.js, bench-parse.mjs, not
// workbench.js).
var benchNameRe = regexp.MustCompile(`(?i)(?:^|[_.-])bench(?:mark)?s?(?:[_.-]|$)`)

// jsFileRe is a JavaScript or TypeScript file's name.
var jsFileRe = regexp.MustCompile(`\.[mc]?[jt]s$`)

// testScript names a script that runs tests: test_x.py, x_test.py, and
// the runners of a suite (run-tests.py, runtests.py, spec_tests.py).
var testScript = regexp.MustCompile(`(?i)^test|_test\.py$|(^|[_.-])(run[_-]?)?tests?([_.-]|$)|^runtests?\b`)

// maintenanceScript names a repository's CI and maintenance scripts by
// their words (tomlplusplus's ci_single_header_check.py, dateutil's
// ci_tools/, lint_*.py, update_*.py; doctest's scripts/assemble.py and
// nlohmann/json's amalgamate.py, which make the single header): they
// check, lint or regenerate the repository, they are not the program it
// is about.
var maintenanceScript = regexp.MustCompile(`(?i)(^|[/_-])ci([/_-]|$)|check|lint|update|bump|release|regenerate|generate|gen[_-]|assembl|amalgamat`)

// lintTools check style, not that the project builds or runs.
var lintTools = map[string]bool{"flake8": true, "pylint": true, "mypy": true, "black": true, "isort": true, "ruff": true, "eslint": true,
	"prettier": true, "clang-format": true, "clang-tidy": true, "cppcheck": true, "shellcheck": true, "golangci-lint": true,
	"gofmt": true, "codespell": true, "pre-commit": true, "tsc": false, "cpplint": true, "yamllint": true, "markdownlint": true}

// coverageTools report a test run's coverage; coverageVerbs are their
// subcommands that run no test.
var (
	coverageTools = set("nyc", "c8", "istanbul", "codecov", "coveralls", "lcov-result-merger")
	coverageVerbs = set("report", "check-coverage", "merge", "instrument", "help")
)

// setupTools prepare the machine; the Bash File owns them.
var setupTools = map[string]bool{"apt-get": true, "apt": true, "brew": true, "yum": true, "dnf": true, "apk": true, "choco": true,
	"pacman": true, "port": true, "vcpkg": true, "conan": true, "git": true, "curl": true, "wget": true, "export": true, "source": true,
	".": true, "echo": true, "printf": true, "set": true, "ls": true, "cat": true, "cp": true, "mv": true, "ln": true, "tar": true,
	"unzip": true, "chmod": true, "rm": true, "docker": true, "podman": true, "ccache": true, "pwd": true, "env": true, "which": true,
	"sed": true, "grep": true, "test": true, "[": true, "[[": true, "if": true, "for": true, "while": true, "true": true, "exit": true,
	"nproc": true, "ulimit": true, "sleep": true, "touch": true, "python-version": true, "corepack": true, "nvm": true, "rustup": true,
	"update-alternatives": true, "locale": true, "sysctl": true, "pip3": false, "gcov": true, "lcov": true, "codecov": true, "coveralls": true}

// classify puts a command text into a bucket, or says why it is dropped.
// dropCIHelper is why a script of a CI or tools directory is dropped.
const dropCIHelper = "a CI helper script (it assumes the CI machine)"

func classify(text string) verdict {
	t := strings.TrimSpace(text)
	if why := hardDrop(t); why != "" {
		return verdict{Drop: why}
	}
	// Judge a chain by its last command that proves something (e.g.
	// `cmake .. && make && make test` is a test run). A program run
	// before a test run prepares it (gopher-lua's CI: `./_tools/go-inline
	// *.go && go fmt . && go test -v ./...`): the chain is the test run.
	parts := splitChain(t)
	best := verdict{Drop: "not a build, test or run command"}
	for _, p := range parts {
		v := classifyOne(p)
		if v.Drop != "" {
			continue
		}
		if best.Drop != "" || v.Bucket.Level().Rank() >= best.Bucket.Level().Rank() ||
			v.Bucket == Unit && best.Bucket.Level() == Runnable {
			best = v
		}
	}
	if best.Drop == "" {
		return best
	}
	if len(parts) > 0 {
		return classifyOne(parts[len(parts)-1])
	}
	return best
}

// splitChain splits a && / ; chain (pipes stay together).
func splitChain(t string) []string {
	var out []string
	for _, a := range strings.Split(t, "&&") {
		for _, b := range strings.Split(a, ";") {
			if s := strings.TrimSpace(b); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func words(s string) []string {
	f := strings.Fields(s)
	if strings.ContainsAny(s, `"'`) {
		if w := shellWords(s); len(w) > 0 {
			f = w // quoted words with spaces stay whole
		}
	}
	for len(f) > 0 && strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "-") { // VAR=value prefix
		f = f[1:]
	}
	if len(f) > 0 && (f[0] == "sudo" || f[0] == "time" || f[0] == "env") {
		f = f[1:]
	}
	return f
}

// goNotSuiteRe is a `go test` that fuzzes a target (fzf's CI: `go test
// ./src/algo/ -fuzz=FuzzIndexByteTwo -fuzztime=5s`) or only benchmarks.
var goNotSuiteRe = regexp.MustCompile(`\s-{1,2}fuzz[= ]|\s-{1,2}run[= ]['"]?(\^\$|XXX|none|NONE|nothing)`)

// lastPipe is the index of the last | of s that separates the stages of
// its pipeline, -1 for none: one inside quotes or a command substitution
// is an argument's (gopher-lua's `go test … -coverpkg=$(go list ./... |
// sed …)`).
func lastPipe(s string) int {
	last, depth := -1, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '\\':
			i++
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			depth++
			i++
		case c == '(' && depth > 0:
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == '|' && depth == 0:
			last = i
		}
	}
	return last
}

// buildBootstrapRe is a script that generates the build system (autogen.sh,
// bootstrap.sh, buildconf): a build step, never the program (libusb's CI
// runs ./bootstrap.sh, which was tried as its Runnable entry).
var buildBootstrapRe = regexp.MustCompile(`^(?:\./)?(?:autogen|bootstrap|buildconf)(?:\.sh)?$`)

func classifyOne(s string) verdict {
	// the program run by a pipeline is its last stage: `echo x | ./prog`
	stage := s
	if i := lastPipe(s); i >= 0 && !strings.Contains(s, "||") {
		stage = strings.TrimSpace(s[i+1:])
	}
	w := words(stage)
	if len(w) == 0 {
		return verdict{Drop: "empty"}
	}
	if inner := unwrapRunner(context.Background(), nil, Command{Text: stage}); len(inner) > 0 {
		// `uv run pytest`, `poetry run app serve`: what runs inside; the
		// unwrap stage puts that command itself before the wrapper
		v := classifyOne(inner[0])
		if v.Drop == "" {
			v.Reason += " (through " + w[0] + " run)"
		}
		return v
	}
	cmd, arg := w[0], ""
	if len(w) > 1 {
		arg = w[1]
	}
	rest := strings.Join(w[1:], " ")
	switch {
	case lintTools[cmd]:
		return verdict{Drop: "lint or format check"}
	case cmd == "go":
		switch arg {
		case "build", "install", "generate", "mod":
			if strings.Contains(rest, "@") {
				return verdict{Drop: "installs a tool, not the project"}
			}
			return verdict{Bucket: Build, Reason: "compiles the Go packages"}
		case "test":
			if goNotSuiteRe.MatchString(" " + rest) {
				return verdict{Drop: "fuzzes or benchmarks (-fuzz, -bench with -run matching none): not the test suite"}
			}
			return verdict{Bucket: Unit, Reason: "runs the Go tests"}
		case "run":
			for _, a := range w[2:] {
				if !strings.HasPrefix(a, "-") {
					if strings.Contains(a, "@") {
						// zeebo/blake3's CI: go run honnef.co/go/tools/cmd/staticcheck@v0.8.0 ./...
						return verdict{Drop: "runs a tool fetched at a version, not the project"}
					}
					if goIgnoredDir(a) {
						// testify's CI: go run ./_readme-gofmt/main.go
						return verdict{Drop: "runs a Go program in a directory the go tool ignores (_ or . first): the repository's tooling, not the project"}
					}
					break
				}
			}
			return verdict{Bucket: Entry, Reason: "runs the Go main package"}
		case "vet":
			return verdict{Drop: "lint or format check"}
		}
	case cmd == "cargo":
		switch arg {
		case "build", "install", "check":
			return verdict{Bucket: Build, Reason: "compiles the crate"}
		case "test", "nextest":
			return verdict{Bucket: Unit, Reason: "runs the crate's tests"}
		case "run":
			return verdict{Bucket: Entry, Reason: "runs the crate's binary"}
		case "fmt", "clippy":
			return verdict{Drop: "lint or format check"}
		}
	case cCompilerCmds[cmd] && compilesProgram(w[1:]):
		return verdict{Bucket: Build, Reason: "compiles the program with the C/C++ compiler"}
	case cmd == "cmake":
		return verdict{Bucket: Build, Reason: "configures or builds with CMake"}
	case cmd == "ctest":
		return verdict{Bucket: Unit, Reason: "runs the CMake test suite"}
	case cmd == "meson":
		switch arg {
		case "test":
			return verdict{Bucket: Unit, Reason: "runs the meson test suite"}
		case "setup", "compile", "install", "configure", "build":
			return verdict{Bucket: Build, Reason: "configures or builds with meson"}
		}
		if !strings.HasPrefix(arg, "-") && arg != "" {
			return verdict{Bucket: Build, Reason: "configures with meson"}
		}
	case cmd == "ninja":
		if strings.Contains(rest, "test") {
			return verdict{Bucket: Unit, Reason: "runs the test target"}
		}
		return verdict{Bucket: Build, Reason: "builds with ninja"}
	case cmd == "make" || cmd == "gmake" || cmd == "bmake" || cmd == "mingw32-make":
		return classifyMake(w[1:])
	case cmd == "just" || cmd == "task" || cmd == "rake":
		return classifyTask(cmd, w[1:])
	case (cmd == "./configure" || cmd == "../configure") && (arg == "--help" || arg == "-h" || arg == "--version"):
		return verdict{Drop: "asks a build script for its usage"}
	case cmd == "./configure" || cmd == "autoreconf" || buildBootstrapRe.MatchString(cmd) || cmd == "../configure" || cmd == "scons" || cmd == "bazel" && arg == "build":
		return verdict{Bucket: Build, Reason: "configures or builds the project"}
	case cmd == "bazel" && arg == "test":
		return verdict{Bucket: Unit, Reason: "runs the bazel tests"}
	case cmd == "npm" || cmd == "yarn" || cmd == "pnpm":
		return classifyNpm(cmd, w[1:])
	case cmd == "npx":
		if at := strings.LastIndex(arg, "@"); at > 0 {
			arg = arg[:at] // the package at a version (npx nyc@latest npm run test)
		}
		if arg == "jest" || arg == "mocha" || arg == "vitest" || arg == "ava" || arg == "tap" {
			return verdict{Bucket: Unit, Reason: "runs the JavaScript tests"}
		}
		if lintTools[arg] {
			return verdict{Drop: "lint or format check"}
		}
		if coverageTools[arg] {
			if len(w) > 2 && !strings.HasPrefix(w[2], "-") && !coverageVerbs[w[2]] {
				rest := strings.Join(w[2:], " ")
				if w[2] != "node" && w[2] != "npm" {
					rest = "npx " + rest // a package's bin, as npx runs it
				}
				return classify(rest) // npx nyc mocha: the suite, with coverage
			}
			return verdict{Drop: "reports test coverage, not a use"} // async's CI: npx nyc report --reporter=lcov
		}
		if len(w) > 2 && installVerb[w[2]] {
			return verdict{Drop: "installs a package into the reader's own project"} // npx jsr add @scope/pkg
		}
		return verdict{Bucket: Entry, Reason: "runs the package's command"}
	case (cmd == "deno" || cmd == "bun") && (installVerb[arg] || arg == "remove" || arg == "upgrade"):
		return verdict{Drop: "installs a package into the reader's own project"}
	case cmd == "node" && nodeREPL(w[1:]):
		return verdict{Drop: "interactive interpreter"} // luxon's docs: node --icu-data-dir=./node_modules/full-icu
	case cmd == "node" || cmd == "deno" || cmd == "bun":
		if arg == "--test" || cmd == "deno" && arg == "test" || cmd == "bun" && arg == "test" {
			return verdict{Bucket: Unit, Reason: "runs the " + cmd + " test runner"}
		}
		if v, ok := jsTestVerdict(arg); ok {
			return v // fx's CI: cd npm && node test.js
		}
		return verdict{Bucket: Entry, Reason: "runs the program with node"}
	case cmd == "pip" || cmd == "pip3" || cmd == "pipx" || cmd == "uv" && arg == "pip":
		if strings.Contains(rest, "install") && (strings.Contains(rest, " .") || strings.Contains(rest, "-e") || strings.Contains(rest, "-r ") || strings.Contains(rest, "requirements")) {
			return verdict{Bucket: Build, Reason: "installs the project or its requirements"}
		}
		return verdict{Drop: "installs a tool, not the project"}
	case (cmd == "tox" || cmd == "nox") && otherSession(w[1:]) != "":
		return verdict{Drop: "runs the " + otherSession(w[1:]) + " session, not the tests"}
	case cmd == "hatch" && arg == "run":
		return classifyHatchRun(w[2:]) // `hatch run ENV:SCRIPT`, which unwrapRunner leaves
	case cmd == "pytest" || cmd == "py.test" || cmd == "tox" || cmd == "nox" || cmd == "hatch" && arg == "test":
		return verdict{Bucket: Unit, Reason: "runs the Python tests"}
	case cmd == "python" || cmd == "python3" || cmd == "py" || strings.HasPrefix(cmd, "python3."):
		return classifyPython(w[1:])
	case cmd == "mvn" || cmd == "./mvnw" || cmd == "gradle" || cmd == "./gradlew":
		if strings.Contains(rest, "test") || strings.Contains(rest, "verify") || strings.Contains(rest, "check") {
			return verdict{Bucket: Unit, Reason: "runs the JVM tests"}
		}
		if strings.Contains(rest, "run") || strings.Contains(rest, "exec:java") {
			return verdict{Bucket: Entry, Reason: "runs the JVM program"}
		}
		return verdict{Bucket: Build, Reason: "compiles the JVM project"}
	case setupTools[cmd]:
		return verdict{Drop: "prepares the machine (the setup script owns it)"}
	case runLocalRe.MatchString(cmd) || strings.HasPrefix(cmd, "./") || strings.HasPrefix(cmd, "../") || repoScriptRe.MatchString(cmd):
		base := cmd[strings.LastIndex(cmd, "/")+1:]
		switch {
		case ciHelperRe.MatchString(cmd):
			return verdict{Drop: dropCIHelper}
		case (base == "configure" || strings.HasSuffix(base, ".sh") || base == "bootstrap") && (arg == "--help" || arg == "-h" || arg == "--version"):
			return verdict{Drop: "asks a build script for its usage"}
		case strings.Contains(base, "checkpatch") || strings.Contains(base, "lint") || strings.Contains(base, "format") || strings.Contains(base, "style") || strings.Contains(base, "tidy"):
			return verdict{Drop: "lint or format check"}
		case strings.HasSuffix(base, ".sh") && (strings.Contains(base, "test") || strings.Contains(base, "check")):
			return verdict{Bucket: Unit, Reason: "runs the project's test script"}
		case strings.Contains(base, "install") || strings.Contains(base, "build") || strings.Contains(base, "configure") || strings.Contains(base, "setup"):
			return verdict{Bucket: Build, Reason: "runs the project's build script"}
		case strings.Contains(strings.ToLower(base), "test"):
			return verdict{Bucket: Unit, Reason: "runs a test program built from the repository"}
		case throughTestDir(cmd) && suiteRunnerRe.MatchString(base):
			return verdict{Bucket: Unit, Reason: "runs the test suite's own runner"}
		case throughTestDir(cmd):
			// mosquitto's CI coverage job runs test/merge-gcda.py
			return verdict{Drop: "a helper of the test suite (it lives in a test directory), not the project's program"}
		case helpRe.MatchString(" "+rest) && len(w) == 2:
			return verdict{Bucket: Smoke, Reason: "asks the built program for its version or usage"}
		}
		return verdict{Bucket: Entry, Reason: reasonBuiltProgram}
	}
	return verdict{Drop: "not a build, test or run command"}
}

func classifyNpm(cmd string, args []string) verdict {
	if len(args) == 0 {
		return verdict{Bucket: Build, Reason: "installs the package's dependencies"}
	}
	sub := args[0]
	script := ""
	if sub == "run" || sub == "run-script" {
		if len(args) > 1 {
			script = args[1]
		}
	} else {
		script = sub
	}
	switch {
	case sub == "ci" || sub == "install" || sub == "i" || sub == "add":
		for _, a := range args[1:] {
			if !strings.HasPrefix(a, "-") {
				return verdict{Drop: "installs a tool, not the project"}
			}
		}
		return verdict{Bucket: Build, Reason: "installs the package's dependencies"}
	case script == "test" || sub == "t" || strings.HasPrefix(script, "test:") || script == "test-ci" || script == "test-cov":
		return verdict{Bucket: Unit, Reason: "runs the package's test script"}
	case script == "start" || script == "serve" || script == "dev" || script == "example" || script == "demo":
		return verdict{Bucket: Entry, Reason: "runs the package's " + script + " script"}
	case script == "build" || script == "compile" || script == "prepare":
		return verdict{Bucket: Build, Reason: "runs the package's build script"}
	case script == "lint" || strings.HasPrefix(script, "lint") || script == "format" || script == "fmt":
		return verdict{Drop: "lint or format check"}
	case sub == "publish" || sub == "version" || sub == "pack" || sub == "audit" || sub == "outdated":
		return verdict{Drop: cmd + " " + sub + " is not evidence"}
	}
	return verdict{Drop: "unknown package script"}
}

// suiteRunnerRe is a script name that runs a suite (tests/run-all.sh).
var suiteRunnerRe = regexp.MustCompile(`(?i)^(run|all|check)`)

// otherSession is the tox environment or nox session a command selects
// (-e, -s, --session) when its name says it is no test run: benchmarks,
// lint, docs, type checks, packaging (jsonschema's README: `nox -s perf`).
func otherSession(args []string) string {
	for i, a := range args {
		if (a == "-e" || a == "-s" || a == "--session" || a == "--sessions") && i+1 < len(args) {
			if name := args[i+1]; nonTestSession.MatchString(name) {
				return name
			}
		}
	}
	return ""
}

var nonTestSession = regexp.MustCompile(`^(?:perf|bench\w*|lint\w*|docs?\b.*|style|format\w*|typing|mypy|pyright|pre-commit|release|build|readme|spelling|linkcheck)$`)

// nodeREPL reports node's arguments that name no program to run: only
// options, none of them evaluating code or running the test runner (the
// interpreter then waits for its user, or asks it about itself).
func nodeREPL(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return false
		}
		switch strings.SplitN(a, "=", 2)[0] {
		case "-e", "--eval", "-p", "--print", "--test", "--run":
			return false
		}
	}
	return true
}
