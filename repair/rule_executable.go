package repair

import (
	"fmt"
	"github.com/heragent/heragent/bashfile"
	"path"
	"regexp"
	"strings"
)

// missingExecutable: a command the build or the script runs is not on PATH.
type missingExecutable struct{}

var executableMatches = []match{
	// bash: bash: line 1: xxd: command not found
	{MissingExecutable, regexp.MustCompile(`(?:^|: )([\w.+/-]+): command not found$`)},
	// dash: /bin/sh: 1: xxd: not found
	// dash running a script: /repo/tests/test_json_parse_cli.test: 14: xxd: not found
	// (npm prefixes a failed install script's lines: npm ERR! sh: 1: make: not found)
	// (a test runner's report of a child's stderr indents it: AVA's "  /bin/sh: 1: git: not found")
	{MissingExecutable, regexp.MustCompile(`^\s*(?:npm (?:ERR!|error) )?(?:/bin/|/usr/bin/)?(?:sh|dash|bash): \d+: ([\w.+/-]+): not found$|^/?[\w./+-]+: \d+: ([\w.+/-]+): not found$`)},
	// make: make: xxd: No such file or directory (under npm, a native
	// module's node-gyp build: npm ERR! make: cc: No such file or directory)
	{MissingExecutable, regexp.MustCompile(`^(?:npm (?:ERR!|error) )?g?make(?:\[\d+\])?: ([\w.+/-]+): No such file or directory$`)},
	// bash's exec builtin in a script: ./buildconf.sh: line 35: exec: autoreconf: not found
	{MissingExecutable, regexp.MustCompile(`: line \d+: exec: ([\w.+-]+): not found$`)},
	// env: /usr/bin/env: 'python': No such file or directory
	{MissingExecutable, regexp.MustCompile(`/env: ['‘]?([\w.+-]+)['’]?: No such file or directory`)},
	// meson: ERROR: Program 'xxd' not found or not executable
	{MissingExecutable, regexp.MustCompile(`ERROR: Program '([^']+)' not found`)},
	// Python subprocess: FileNotFoundError: [Errno 2] No such file or directory: 'xxd'
	{MissingExecutable, regexp.MustCompile(`FileNotFoundError: \[Errno 2\] No such file or directory: '([\w.+-]+)'$`)},
	// … or the OSError a program reports in its own words (check-manifest:
	// "could not run ['git', 'ls-files', …]: [Errno 2] No such file or
	// directory: 'git'"): a bare name is a program looked for on PATH
	{MissingExecutable, regexp.MustCompile(`\]: \[Errno 2\] No such file or directory: '([\w+-]+)'$`)},
	// Ruby's spawn and backticks (rake): Errno::ENOENT: No such file or directory - rubocop
	{MissingExecutable, regexp.MustCompile(`Errno::ENOENT: No such file or directory - ([\w.+-]+)$`)},
	// Node child_process: Error: spawn xxd ENOENT
	{MissingExecutable, regexp.MustCompile(`spawn ([\w.+-]+) ENOENT`)},
	// node's which (node-gyp looking for make): gyp ERR! stack Error: not found: make
	{MissingExecutable, regexp.MustCompile(`(?:^|stack )Error: not found: ([\w.+-]+)$`)},
	// Go's os/exec: exec: "bzr": executable file not found in $PATH
	{MissingExecutable, regexp.MustCompile(`exec: "([\w.+-]+)": executable file not found in \$PATH`)},
	// CMake: No CMAKE_CXX_COMPILER could be found.
	{MissingExecutable, regexp.MustCompile(`No CMAKE_(C|CXX)_COMPILER could be found`)},
	// CMake: CMake was unable to find a build program corresponding to "Ninja".
	{MissingExecutable, regexp.MustCompile(`unable to find a build program corresponding to "([^"]+)"`)},
	// hand-written configure (nginx): ./auto/configure: error: C compiler cc is not found
	{MissingExecutable, regexp.MustCompile(`error: C(?:\+\+)? compiler (\S+) is not found`)},
	// autoconf: configure: error: no acceptable C compiler found in $PATH
	{MissingExecutable, regexp.MustCompile(`configure: error: no acceptable (C) compiler found`)},
	// ctest: a test whose command is a program not on PATH (add_test(NAME
	// functional COMMAND pytest ...)): Unable to find executable: pytest
	{MissingExecutable, regexp.MustCompile(`^Unable to find executable: ([\w.+-]+)$`)},
	// meson: Did not find pkg-config by name 'pkg-config'
	{MissingExecutable, regexp.MustCompile(`Did not find pkg-config by name '([^']+)'`)},
	// meson, a language's compiler (msitools' Vala): ERROR: Could not execute Vala compiler: valac
	{MissingExecutable, regexp.MustCompile(`ERROR: Could not execute [\w#+ ]*compiler: ([\w.+-]+)`)},
}

// namedMatches are messages that name a missing program in words, not in
// a shell's "command not found": autoconf's custom errors, test drivers'
// requirements. The name is only a guess until the Debian index knows a
// package shipping it on PATH (Propose checks), so prose cannot install
// anything by accident.
var namedMatches = []match{
	// configure: error: "yacc not found" / bison is required / flex was not found
	{MissingExecutable, regexp.MustCompile(`configure: error: ["']?(?:the )?([A-Za-z][\w.+-]*)["']? (?:program )?(?:not found|is required|was not found|is missing|is not installed|not installed|could not be found)`)},
	// configure: error: cannot find/could not find/no tclsh (found)
	{MissingExecutable, regexp.MustCompile(`configure: error: (?:cannot find|could not find|can't find|no) ["']?([A-Za-z][\w.+-]*)["']?(?: program| executable| binary| command)?(?: found)?\b`)},
	// You need tclsh 8.5 or newer in order to run the test suite
	{MissingExecutable, regexp.MustCompile(`\bYou need ([A-Za-z][\w.+-]*)(?: v?[\d.]+)?(?: or (?:newer|later|higher))? (?:in order )?to\b`)},
	// Please install gperf / You must install help2man
	{MissingExecutable, regexp.MustCompile(`\b(?:[Pp]lease install|You must install|You need to install|Install) (?:the )?["']?([A-Za-z][\w.+-]*)["']?(?: program| package| tool)?(?: first| and (?:re-?run|try again)|[.!]?$)`)},
	// setuptools_scm: OSError: 'git' was not found (a Python tool's require_command)
	{MissingExecutable, regexp.MustCompile(`\b(?:OSError|FileNotFoundError|RuntimeError): ['"]([A-Za-z][\w.+-]*)['"] (?:was )?not found`)},
	// automake's DejaGnu check rule: WARNING: could not find 'runtest'
	{MissingExecutable, regexp.MustCompile(`^WARNING: could not find '([\w.+-]+)'$`)},
	// a test's own message at its file:line: "bzr_test.go:59: bzr is not installed"
	{MissingExecutable, regexp.MustCompile(`^\s*[\w./-]+:\d+: ["']?([A-Za-z][\w.+-]*)["']? (?:is not installed|not installed|not found in PATH|is not in PATH|is not available)`)},
	// a version check that fails when the program is absent (its version
	// reads as empty): "Git version must be at least 2.32.0. Please upgrade
	// your git version." (lazygit without git)
	{MissingExecutable, regexp.MustCompile(`\b[Pp]lease (?:upgrade|update) your ([A-Za-z][\w.+-]*)(?: version| installation)?\b`)},
	// a test that skips itself for a program: "SKIP -- unzip is missing"
	// (libgsf's Perl tests, in automake's test-suite.log), TAP's "# SKIP
	// valgrind not installed"
	{MissingExecutable, regexp.MustCompile(`\bSKIP(?:PED)?:?(?: --| -|:)? ["']?([A-Za-z][\w.+-]*)["']? (?:is missing|is not installed|not installed|not found|is not available)\b`)},
	// ERROR: gperf is not installed / sphinx-build: not found in PATH
	{MissingExecutable, regexp.MustCompile(`(?:ERROR|Error|error): ["']?([A-Za-z][\w.+-]*)["']? (?:is not installed|not found in PATH|is not in PATH|is required but not found)`)},
	// a quoted program a script says is not on PATH: libusb's
	// gen-describe.sh, "building from a git checkout but `git' is not on
	// PATH;" (configure runs it)
	{MissingExecutable, regexp.MustCompile("[`'\"‘]([A-Za-z][\\w.+-]*)['\"’] is not (?:on|in) (?:your |the )?\\$?PATH\\b")},
	// a build file's own check of alternatives, the first the usual one:
	// "Neither flex nor win_flex nor lex was found." (libpcap's CMake)
	{MissingExecutable, regexp.MustCompile(`\bNeither ["']?([A-Za-z][\w.+-]*)["']?(?:,? nor ["']?[\w.+-]+["']?)+ (?:was|were|is|are|could be) found\b`)},
	// CMake's find_program(… REQUIRED): "Could not find RUBY_EXECUTABLE
	// using the following names: NAME, ruby" (iniparser's test/, whose
	// NAME stands where NAMES belongs): the first name that is no keyword
	{MissingExecutable, regexp.MustCompile(`Could not find \w+ using the following names: (?:(?:NAMES?|PATHS|HINTS|REQUIRED), )*([\w.+-]+)`)},
	// a build file asking the shell where a program is, and the answer
	// empty: node-gyp's binding.gyp ("gyp: Call to 'which pg_config ||
	// find … -name pg_config' returned exit status 1", libpq's addon),
	// which(1) of other systems ("which: no pg_config in (/usr/bin…)")
	{MissingExecutable, regexp.MustCompile(`Call to '(?:which|command -v|type -p) ([\w.+-]+)\b[^']*' returned exit status|^which: no ([\w.+-]+) in \(`)},
}

// envBuilders make a virtual environment from the package index before
// they run a suite.
var envBuilders = map[string]bool{"tox": true, "nox": true, "hatch": true}

// namedDetail marks a diagnosis read from such prose.
const namedDetail = "named"

// cmakeNotFoundRe is the value find_program leaves when the program is
// missing at configure time: GIT_EXECUTABLE-NOTFOUND.
var cmakeNotFoundRe = regexp.MustCompile(`^(\w+?)_(?:EXECUTABLE|PROGRAM|BIN|COMMAND)-NOTFOUND$`)

// cmakeProgramNames are the programs behind the variables CMake's own
// Find modules and common projects name: a variable not listed is no
// diagnosis, since its program's name cannot be told from it.
var cmakeProgramNames = map[string]string{
	"GIT": "git", "PERL": "perl", "PYTHON": "python3", "Python3": "python3", "Python": "python3", "DOXYGEN": "doxygen",
	"BASH": "bash", "VALGRIND": "valgrind", "CLANG_FORMAT": "clang-format", "XXD": "xxd", "SED": "sed", "PATCH": "patch",
	"GZIP": "gzip", "UNZIP": "unzip", "CURL": "curl", "WGET": "wget", "SPHINX": "sphinx-build", "PKG_CONFIG": "pkg-config",
}

// executableName turns what a tool printed into a command name; "" for
// things that are not a command to install (./configure, a project file).
func executableName(s string) string {
	if m := cmakeNotFoundRe.FindStringSubmatch(s); m != nil {
		// CMake's find_program left GIT_EXECUTABLE-NOTFOUND in the command.
		return cmakeProgramNames[m[1]]
	}
	switch s {
	case "C":
		return "cc"
	case "CXX":
		return "c++"
	case "Ninja":
		return "ninja"
	case "Unix Makefiles":
		return "make"
	}
	if strings.HasPrefix(s, ".") || strings.Contains(s, "/") && !strings.HasPrefix(s, "/usr/") && !strings.HasPrefix(s, "/bin/") {
		return ""
	}
	return path.Base(s)
}

func (missingExecutable) Name() string { return "missing-executable" }

func (missingExecutable) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, executableMatches, executableName)
	for _, d := range scan(f.Log, namedMatches, strings.ToLower) {
		d.Detail = namedDetail
		ds = append(ds, d)
	}
	if d, ok := configureLastCheck(f.Log); ok {
		ds = append(ds, d)
	}
	out := ds[:0]
	gyp := nodeGypRe.MatchString(f.Log)
	for _, d := range ds {
		if d.Subject != "" {
			if gyp && cToolchainProgram[d.Subject] {
				d.Detail = gypDetail
			}
			out = append(out, d)
		}
	}
	return out
}

// configureCheckRe is configure finding no program of that name;
// configureErrorRe its error.
var (
	configureCheckRe = regexp.MustCompile(`^checking for ([A-Za-z][\w+-]*)\.\.\. (?:\(cached\) )?no$`)
	configureErrorRe = regexp.MustCompile(`^configure: error: `)
)

// configureLastCheck is the program configure looked for just before it
// stopped, when its error is prose that names no program: protobuf-c's
// "checking for protoc... no" then "configure: error: Please install the
// protobuf compiler from https://…".
func configureLastCheck(log string) (Diagnosis, bool) {
	lines := logLines(log)
	for i := 1; i < len(lines); i++ {
		if !configureErrorRe.MatchString(lines[i]) {
			continue
		}
		if m := configureCheckRe.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
			return Diagnosis{Kind: MissingExecutable, Subject: m[1], Evidence: strings.TrimSpace(lines[i-1]) + " / " + strings.TrimSpace(lines[i])}, true
		}
	}
	return Diagnosis{}, false
}

// A native addon's node-gyp build needs make and both C and C++ compilers
// (helmet's node-zopfli): the first one missing brings build-essential,
// not one setup run for make, then cc, then g++.
var (
	nodeGypRe         = regexp.MustCompile(`gyp info using node-gyp@|gyp ERR! `)
	cToolchainProgram = map[string]bool{"make": true, "cc": true, "gcc": true, "g++": true, "c++": true}
)

const gypDetail = "node-gyp"

// engineProgram is a container engine or VM a CI job drives (docker run,
// docker compose, a QEMU board): installing its client into the sandbox
// gives no engine to talk to.
var engineProgram = regexp.MustCompile(`^(docker|docker-compose|podman|podman-compose|nerdctl|kubectl|kind|minikube|vagrant|qemu-system-[\w-]+|virsh|lxc)$`)

func (r missingExecutable) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingExecutable {
		return Proposal{}, false
	}
	if engineProgram.MatchString(d.Subject) {
		return record(d, fmt.Sprintf("the command runs %s: a container engine or virtual machine, which the sandbox cannot run inside itself", d.Subject)), true
	}
	if envBuilders[d.Subject] && !ctx.PyPIReachable {
		// tox installed from Debian then spends minutes failing to reach
		// PyPI (inflect: 290 s); the pyramid runs the suite its
		// configuration names directly (unwrap_tox.go)
		return record(d, fmt.Sprintf("%s builds its test environments from PyPI, which is out of reach here: the suite runs without it", d.Subject)), true
	}
	if d.Detail == gypDetail && !ctx.hasPackage("build-essential") && !triedPackage(ctx, "build-essential") {
		return edit(d, fmt.Sprintf("node-gyp builds a native addon with make and the C and C++ compilers, %s first missing: install build-essential", d.Subject),
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection("build-essential"), Packages: []string{"build-essential"}, Why: why(r, d)}), true
	}
	if spec, ok := nodeManagers[d.Subject]; ok {
		// Debian's /usr/bin/yarn is cmdtest's, another program: Node's
		// package managers come from the npm registry, as the npm
		// detector installs them (lerna 2's bootstrap spawns yarn: polka)
		get := "command -v " + d.Subject + " >/dev/null || npm install -g " + spec
		if ctx.File == nil || ctx.File.Contains(get) {
			return record(d, fmt.Sprintf("%s was installed from the npm registry and is still not found: %s", d.Subject, d.Evidence)), true
		}
		return edit(d, fmt.Sprintf("the command runs %s, a Node package manager: installed from the npm registry (%s), not Debian's program of that name", d.Subject, spec),
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: get, Why: why(r, d)}), true
	}
	cands := lookup(ctx, func(i PackageIndex) []string { return i.Executable(d.Subject) }, executableHints[d.Subject])
	if len(cands) == 0 {
		if p, ok := r.python3Name(d, ctx); ok {
			return p, true
		}
	}
	if d.Detail == namedDetail && len(cands) == 0 {
		return none(d, fmt.Sprintf("the log names %q as missing, but no Debian package ships a program by that name", d.Subject)), true
	}
	return addPackage(r, d, ctx, cands), true
}

// nodeManagers are Node's package managers a command may spawn, with
// the release installed from the npm registry: Yarn's classic line (lerna
// and most scripts that spawn yarn predate Yarn 2), pnpm's.
var nodeManagers = map[string]string{"yarn": "yarn@1", "pnpm": "pnpm@8"}

// python3Name answers a program Debian ships only under its Python 3
// name (the_silver_searcher's tests run `cram`; python3-cram installs
// cram3, as pytest-3 and nosetests3 were): the package is installed and
// the program linked under the name the project calls, once.
//
// coverage is python3-coverage's /usr/bin/python3-coverage; a package the
// project's requirements installed already gets only the link (aiocache's
// Makefile runs `coverage run -m pytest`).
func (r missingExecutable) python3Name(d Diagnosis, ctx *Context) (Proposal, bool) {
	for _, alt := range []string{d.Subject + "3", d.Subject + "-3", "python3-" + d.Subject} {
		cands := lookup(ctx, func(i PackageIndex) []string { return i.Executable(alt) }, nil)
		link := fmt.Sprintf(`[ -e /usr/local/bin/%[1]s ] || ln -s "$(command -v %[2]s)" /usr/local/bin/%[1]s`, d.Subject, alt)
		if len(cands) == 0 || ctx.File != nil && ctx.File.Contains(link) {
			continue
		}
		w := why(r, d)
		linkEdit := bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: link, Why: w}
		if ctx.hasPackage(cands[0]) {
			return edit(d, fmt.Sprintf("Debian's %s, installed, ships %s as %s: link %s to it", cands[0], d.Subject, alt, d.Subject), linkEdit), true
		}
		if triedPackage(ctx, cands[0]) {
			continue
		}
		return edit(d, fmt.Sprintf("Debian's %s ships %s as %s: install it and link %s to it", cands[0], d.Subject, alt, d.Subject),
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection(cands[0]), Packages: []string{cands[0]}, Why: w}, linkEdit), true
	}
	return Proposal{}, false
}
