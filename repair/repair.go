// Package repair diagnoses failures of a Bash File run or of a pyramid
// command and proposes repairs as edits of the Bash File. Diagnoses are
// typed (Kind); the knowledge lives in rules, one per file, listed in one
// ordered slice (rules.go). repair never talks to containers: it reads a
// Failure (exit code and log tail) and the current Bash File.
package repair

import (
	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid/results"
)

// Phase says what failed: the Bash File itself or a command run after it.
type Phase string

// Phases.
const (
	PhaseSetup   Phase = "setup"   // the Bash File
	PhaseCommand Phase = "command" // a pyramid command (build, test, run)
)

// Failure is what a run left behind.
type Failure struct {
	Phase    Phase              `json:"phase"`
	Command  string             `json:"command,omitempty"`
	Section  bashfile.SectionID `json:"section,omitempty"` // when known
	ExitCode int                `json:"exit_code"`
	TimedOut bool               `json:"timed_out,omitempty"`
	Idle     bool               `json:"idle,omitempty"` // timed out by printing nothing for too long
	Log      string             `json:"log"`            // tail of the output
	// Counts are a test command's parsed results, when it ran tests.
	Counts results.Counts `json:"counts,omitzero"`
	// Verdict is why the judge failed a command (pyramid.Judge's reason).
	Verdict string `json:"verdict,omitempty"`
	// Repo reads the repository, for a rule reading the code a log line
	// points at (a failed test's); may be nil (Propose sets the Context's).
	Repo RepoReader `json:"-"`
}

// Kind is the type of a diagnosis.
type Kind string

// The taxonomy. README.md has a table of what each means and who handles it.
const (
	UnknownPackage       Kind = "unknown_package"        // E: Unable to locate package libfoo-dev
	MissingHeader        Kind = "missing_header"         // fatal error: zlib.h: No such file or directory
	MissingPkgConfig     Kind = "missing_pkgconfig"      // Dependency "libevent" not found
	PkgConfigTooOld      Kind = "pkgconfig_too_old"      // Dependency exiv2 found: NO. Found 0.27.6 but need: '>= 0.28'
	MissingLibrary       Kind = "missing_library"        // cannot find -lssl; libfoo.so.1: cannot open shared object file
	UnlinkedLibrary      Kind = "unlinked_library"       // libXmu.so.6: error adding symbols: DSO missing from command line
	PositionDependent    Kind = "position_dependent"     // relocation R_X86_64_32S against `.text' can not be used when making a PIE object; recompile with -fPIE
	MissingExecutable    Kind = "missing_executable"     // xxd: command not found
	MissingCMakePackage  Kind = "missing_cmake_package"  // Could NOT find ZLIB
	MissingPythonModule  Kind = "missing_python_module"  // No module named 'yaml'
	ExtensionNotBuilt    Kind = "extension_not_built"    // cannot import name '_imaging' from 'PIL' (/repo/src/PIL/__init__.py): the project's own compiled module
	MissingNodeModule    Kind = "missing_node_module"    // Cannot find module 'left-pad'
	MissingPerlModule    Kind = "missing_perl_module"    // Can't locate XML/Parser.pm in @INC
	LifecycleScript      Kind = "lifecycle_script"       // npm ERR! command sh -c husky install
	TSLibCheck           Kind = "ts_lib_check"           // node_modules/fdir/dist/index.d.cts(3,8): error TS1259 (only the dependencies' declarations fail to compile)
	BuildScript          Kind = "build_script"           // > he@1.2.0 build … (the package's build script failed in setup)
	NpmAbsent            Kind = "npm_absent"             // npm ERR! 404 'x@…' is not in this registry
	GitHostedDependency  Kind = "git_hosted_dependency"  // yarn: error Error: getaddrinfo ENOTFOUND codeload.github.com (a dependency pinned to a GitHub commit)
	NodeLegacyOpenSSL    Kind = "node_legacy_openssl"    // ERR_OSSL_EVP_UNSUPPORTED (webpack 4 on Node 17+)
	WatchMode            Kind = "watch_mode"             // --watch is not supported without git/hg (jest outside CI)
	NpmPeerConflict      Kind = "npm_peer_conflict"      // npm ERR! code ERESOLVE: conflicting peer dependencies
	MissingGoModule      Kind = "missing_go_module"      // no required module provides package
	GoToolchainTooOld    Kind = "go_toolchain_too_old"   // go.mod requires go >= 1.22
	GoNeedsCgo           Kind = "go_needs_cgo"           // go: -race requires cgo
	GoMainless           Kind = "go_mainless"            // function main is undeclared in the main package (a tests-only package main)
	CMakeTooOld          Kind = "cmake_too_old"          // CMake 3.28 or higher is required
	MesonTooOld          Kind = "meson_too_old"          // Meson version is 1.0.1 but project requires >= 1.4.0
	UndefinedMacro       Kind = "undefined_macro"        // autoreconf: possibly undefined macro: LT_SYS_SYMBOL_USCORE
	StaleAutotools       Kind = "stale_autotools"        // make regenerates the shipped configure with the automake that made it: aclocal-1.14: command not found
	NodeGypHeaders       Kind = "node_gyp_headers"       // gyp http GET https://nodejs.org/…-headers.tar.gz, unreachable
	RustTooOld           Kind = "rust_too_old"           // requires rustc 1.70 or newer; a manifest cargo 1.63 cannot parse
	NodeTooOld           Kind = "node_too_old"           // Error [ERR_REQUIRE_ESM]: require() of ES Module (Node.js < 20.19)
	NodeEngine           Kind = "node_engine"            // yarn: The engine "node" is incompatible with this module
	DocsFail             Kind = "docs_fail"              // xsltproc not found: manpages cannot be built
	CMakePolicy          Kind = "cmake_policy"           // Compatibility with CMake < 3.5 has been removed
	Werror               Kind = "werror"                 // [-Werror=unused-variable]
	CXXStandard          Kind = "cxx_standard"           // only available with ‘-std=c++17’
	CMakePackageVersion  Kind = "cmake_package_version"  // Could not find a configuration file for package "doctest" that is compatible with requested version "2.4.11"
	StdInclude           Kind = "std_include"            // ‘numeric_limits’ is not a member of ‘std’ (an include older compilers made implicitly)
	OutOfMemory          Kind = "out_of_memory"          // Killed signal terminated program cc1plus
	CompilerCrash        Kind = "compiler_crash"         // internal compiler error: in gimplify_var_or_parm_decl
	MakePlatform         Kind = "make_platform"          // Building HAProxy without specifying a TARGET … make TARGET=xxx
	ParallelBuild        Kind = "parallel_build"         // make: *** Waiting for unfinished jobs (nothing more specific)
	MakeGoalPart         Kind = "make_goal_part"         // make: *** [makefile:23: xxh3scalar] Error 1, after a header nothing provides (one of the default goal's targets)
	MissingPath          Kind = "missing_path"           // No such file or directory: '/repo/tests/data' (a submodule's?)
	MissingSubmodule     Kind = "missing_submodule"      // add_subdirectory given source "third_party/x"
	FetchContentDownload Kind = "fetch_content"          // CMake step for catch2 failed (FetchContent's download)
	PytestTooOld         Kind = "pytest_too_old"         // 'minversion' requires pytest-8.0, actual pytest-7.2.1
	PytestStrictConfig   Kind = "pytest_strict_config"   // ERROR: Unknown config option: asyncio_default_fixture_loop_scope
	PytestWarningFilter  Kind = "pytest_warning_filter"  // ERROR: while parsing the following warning configuration
	PytestNose           Kind = "pytest_nose"            // ERROR at setup of …: pytest 7's nose support calls an imported setup(module)
	PytestStdin          Kind = "pytest_stdin"           // OSError: pytest: reading from stdin while output is captured!
	PytestTraceback      Kind = "pytest_traceback"       // INTERNALERROR> SystemError: AST constructor recursion depth mismatch (Python 3.11.2)
	PytestCoverage       Kind = "pytest_coverage"        // coverage.exceptions.CoverageWarning inside pytest-cov at startup
	Locale               Kind = "locale"                 // perl: warning: Setting locale failed
	GitIdentity          Kind = "git_identity"           // Author identity unknown: git commit without a user name and email
	InteractivePrompt    Kind = "interactive_prompt"     // tzdata asks for a geographic area
	NetworkUnreachable   Kind = "network_unreachable"    // setup could not reach a registry
	NeedsNetwork         Kind = "needs_network"          // a test wants the internet
	NeedsService         Kind = "needs_service"          // connection refused on 127.0.0.1:6379: a Redis server that does not run here
	NeedsServiceAccount  Kind = "needs_service_account"  // PostgreSQL: password authentication failed for user "foo": a role the program names
	NeedsTTY             Kind = "needs_tty"              // open /dev/tty: no such device or address (a terminal UI)
	NeedsDisplay         Kind = "needs_display"          // a test wants an X display
	NeedsRoot            Kind = "needs_root"             // a test wants privileges the sandbox lacks
	NeedsInit            Kind = "needs_init"             // dial unix /run/systemd/private: systemd as init
	NeedsSessionBus      Kind = "needs_session_bus"      // Cannot autolaunch D-Bus without X11 $DISPLAY: a D-Bus session bus
	NeedsSystemBus       Kind = "needs_system_bus"       // Failed to connect to socket /run/dbus/system_bus_socket: the D-Bus system bus
	NeedsDevice          Kind = "needs_device"           // could not open port /dev/ttyUSB0: a device node a container does not have
	NeedsContainerEngine Kind = "needs_container_engine" // Cannot connect to the Docker daemon: tests that build or run images
	NeedsSubIDs          Kind = "needs_subids"           // unshare: no line matching user "root" in /etc/subuid (unshare --map-auto)
	NodeHeap             Kind = "node_heap"              // FATAL ERROR: … JavaScript heap out of memory (V8's default heap limit)
	NeedsBrowser         Kind = "needs_browser"          // Playwright: Executable doesn't exist at /root/.cache/ms-playwright/chromium-1155/chrome-linux/chrome
	NeedsAudio           Kind = "needs_audio"            // ALSA: Unknown PCM default (no sound card: ALSA's null device is given)
	NeedsNonRoot         Kind = "needs_non_root"         // a test suite refuses root, or drops it and cannot write
	GoTestVet            Kind = "go_test_vet"            // ./x.go:3:2: fmt.Println arg list ends with redundant newline, FAIL pkg [build failed] (go test's vet step)
	GoTestBuffered       Kind = "go_test_buffered"       // go test over several packages printed nothing for the idle limit: it shows a package's output when the package ends
	CheckoutName         Kind = "checkout_name"          // expected: "go-hclog/logger_loc_test.go:32", actual: "repo/logger_loc_test.go:32" (a test expects the checkout named after the repository)
	NotExecutable        Kind = "not_executable"         // /bin/sh: 1: /repo/single/single.py: Permission denied (a script of the checkout without its executable bit)
	Python2              Kind = "python2"                // SyntaxError: Missing parentheses in call to 'print' (a Python 2 script)
	Timeout              Kind = "timeout"                // the run was killed by its time limit
	CompileError         Kind = "compile_error"          // an error in the project's own code
	TestsDisabled        Kind = "tests_disabled"         // No tests were found!!! (a CMake test option is off)
	TestFailure          Kind = "test_failure"           // tests ran and some failed
	NoTestsRan           Kind = "no_tests_ran"           // exit 0 and no test counted (a type check, a lint, a benchmark)
	RunnerFailed         Kind = "runner_failed"          // every test counted passed; a step of the runner after them failed (npm's posttest, a coverage threshold)
	DependencyVersion    Kind = "dependency_version"     // httpx 0.28.1 has requirement httpcore==1.*, but you have httpcore 0.16.3
	NoSuchTarget         Kind = "no_such_target"         // make: *** No rule to make target 'check'.  Stop.
	BuiltElsewhere       Kind = "built_elsewhere"        // timeout: failed to run command ‘/repo/gravity’: No such file or directory (built in build/bin)
	NotBuilt             Kind = "not_built"              // bash: ./checkmk/checkmk: No such file or directory (the build made no such program)
	NoWorkdir            Kind = "no_workdir"             // bash: cd: /repo/build.d: No such file or directory (the directory CI ran it in; the build made none)
	UsageError           Kind = "usage_error"            // the program printed its usage for the arguments given
	IncompleteExample    Kind = "incomplete_example"     // NameError: name 'url' is not defined (a documented fragment)
	PytestCollection     Kind = "pytest_collection"      // ERROR collecting tests/test_x.py, for a cause no other rule repairs
	PytestPluginMark     Kind = "pytest_plugin_mark"     // PytestUnknownMarkWarning: Unknown pytest.mark.mypy_testing (a declared plugin Debian lacks)
	LandmarkMissing      Kind = "landmark_missing"       // exit 0, but the output lacks what it was to show (a version)
	InputRejected        Kind = "input_rejected"         // a probe's made-up stdin: "syntax error, unexpected end of file"
	Unknown              Kind = "unknown"                // no rule recognised the log
)

// generic kinds describe a symptom that a more specific diagnosis of the
// same log usually explains (a missing header makes the compile fail).
func (k Kind) generic() bool {
	return k == CompileError || k == TestFailure || k == Unknown || k == NoTestsRan || k == ParallelBuild || k == MissingPath || k == PytestCollection || k == BuildScript || k == PytestPluginMark
}

// specific kinds explain a failure so that the generic diagnoses of the
// same log are dropped. A missing locale and a dependency older than the
// project needs (bidict's typing_extensions) are not: the test modules
// that do collect still run past them (pytest-collection).
func (k Kind) specific() bool { return !k.generic() && k != Locale && k != DependencyVersion }

// fallback kinds are answered only when no other diagnosis of the same
// failure gets an edit: what they change (running the test modules that
// collect) would hide the cause another repair addresses.
func (k Kind) fallback() bool {
	return k == PytestCollection || k == BuildScript || k == PytestPluginMark || k == MakeGoalPart
}

// Diagnosis is one thing a rule recognised in a failure.
type Diagnosis struct {
	Kind     Kind   `json:"kind"`
	Subject  string `json:"subject,omitempty"`  // "zlib.h", "libevent", "-lssl", "xxd", "yaml", "1.22"
	Evidence string `json:"evidence,omitempty"` // the log line
	Rule     string `json:"rule,omitempty"`     // rule that recognised it
	// Detail is a further fact from the log the rule needs to propose
	// ("pip-reachable", "clone-failed"); empty for most diagnoses.
	Detail string `json:"detail,omitempty"`
}

// Action is what a proposal asks the caller to do.
type Action string

// Actions.
const (
	ActionEdit        Action = "edit"         // apply Edits and re-run the Bash File
	ActionRetryLonger Action = "retry_longer" // run the same thing again with a longer time limit
	ActionRetry       Action = "retry"        // run the same thing again unchanged: the failure looked transient
	ActionRecord      Action = "record"       // not fixable by editing the script: record Reason
	ActionRunAsUser   Action = "run_as_user"  // apply Edits (they create TestUser) and run the command as TestUser
	// ActionRunWithDisplay: apply Edits (they install Xvfb) and run the
	// command under a virtual X display (xvfb-run).
	ActionRunWithDisplay Action = "run_with_display"
	// ActionRunWithTTY: run the command on a pseudo-terminal (script(1))
	// that types q, then Ctrl-C: a terminal UI draws and is quit as a
	// user quits it.
	ActionRunWithTTY Action = "run_with_tty"
	// ActionRunWithService: apply Edits (they install the service's
	// package) and start the service (Start, as root) before the command.
	ActionRunWithService Action = "run_with_service"
	ActionNone           Action = "none" // no repair known (or it is already in the script)
)

// RunsDifferently reports the actions that change how the failed command
// runs (as a user, under a display, on a terminal, with a service), the
// edits they carry only preparing for it.
func (a Action) RunsDifferently() bool {
	return a == ActionRunAsUser || a == ActionRunWithDisplay || a == ActionRunWithTTY || a == ActionRunWithService
}

// Proposal is a rule's answer to a diagnosis.
type Proposal struct {
	Rule      string          `json:"rule,omitempty"`
	Diagnosis Diagnosis       `json:"diagnosis"`
	Action    Action          `json:"action"`
	Edits     []bashfile.Edit `json:"edits,omitempty"`
	Reason    string          `json:"reason"`
	// Start is the shell line ActionRunWithService runs as root before
	// the command: it starts the service unless it answers already.
	Start string `json:"start,omitempty"`
	// Release is, for a limit recorded (ActionRecord), the next Debian
	// release whose toolchain or packages would meet the need ("trixie":
	// GCC 14's C++23, a newer pkg-config module that does not install
	// beside this release's packages): `heragent run` runs again on it.
	Release string `json:"release,omitempty"`
}

// NextRelease is the Debian release after the base image's (bookworm's).
const NextRelease = "trixie"

// Context is what a rule may consult when it proposes a repair.
type Context struct {
	// File is the current Bash File. Rules read it, never change it.
	File *bashfile.File
	// Index maps files to Debian packages; nil means only built-in hints.
	Index PackageIndex
	// Repo reads the repository (package.json, .gitmodules, go.mod); may be nil.
	Repo RepoReader
	// Attempts are the proposals already applied in this run, oldest first.
	Attempts []Proposal
	// PyPIReachable is true when pip is known to reach its index here.
	PyPIReachable bool
	// Phase is the phase of the failure being repaired, Section the
	// Bash File section that failed (setup failures).
	Phase   Phase
	Section bashfile.SectionID
}

// RepoReader reads a file of the repository by its slash path relative
// to the root (an fs.ReadFileFS such as os.DirFS satisfies it).
type RepoReader interface {
	ReadFile(name string) ([]byte, error)
}

// Rule is one entry of the knowledge base.
type Rule interface {
	// Name is short and stable ("missing-header"); provenance cites it.
	Name() string
	// Diagnose returns what the rule recognises in f, in log order.
	Diagnose(f Failure) []Diagnosis
	// Propose answers a diagnosis the rule handles (false: not mine).
	// The proposal must not be a no-op on ctx.File; Propose double-checks.
	Propose(d Diagnosis, ctx *Context) (Proposal, bool)
}
