package repair

// Rules is the knowledge base, in the order it is consulted. Order
// matters: the most specific first, since one log often shows a cause and
// its consequences (a missing header, then the compile error it causes).
var Rules = []Rule{
	timeout{},             // TimedOut: the log is cut short, retry once with a longer limit
	goToolchainTooOld{},   // go.mod needs a newer Go: explains the compile errors Go 1.19 prints
	cmakeTooOld{},         // cmake_minimum_required above bookworm's 3.25: cmake from backports
	rustTooOld{},          // needs a newer Rust than bookworm's 1.63: cargo-web/rustc-web (1.85)
	mesonTooOld{},         // meson.build asks more than bookworm's 1.0.1: meson from backports
	autoconfMacro{},       // autoreconf: an undefined macro: the package shipping its .m4 (libtool, pkgconf, autoconf-archive)
	staleAutotools{},      // make asks for the automake that generated the shipped files (aclocal-1.14): regenerate them with the installed one
	cmakePolicy{},         // CMake 4 dropped old policies: -DCMAKE_POLICY_VERSION_MINIMUM
	fetchContent{},        // FetchContent's download failed: Debian's sources or CMake package instead, or record the host
	missingSubmodule{},    // add_subdirectory of an empty submodule: git submodule update, or record
	unknownPackage{},      // E: Unable to locate package: take the name out of pkg_install
	missingHeader{},       // fatal error: x.h: No such file: its -dev package
	missingPkgConfig{},    // pkg-config module not found: the package with its .pc
	pkgConfigTooOld{},     // pkg-config module older than asked: the next Debian release's package, else recorded
	missingCMakePackage{}, // find_package failed: the package with its Config.cmake / hints
	cmakePackageVersion{}, // find_package refused the installed version: accepted within its major version (a compatibility config)
	missingLibrary{},      // -lfoo or libfoo.so.N missing: the package with the .so
	unlinkedLibrary{},     // DSO missing from command line: the library on the link line (LIBS/LDLIBS, LDFLAGS for CMake/meson)
	positionDependent{},   // relocation … can not be used when making a PIE / shared object: LDFLAGS -no-pie / CFLAGS -fPIC
	pyExtension{},         // the project's own compiled module is missing from its package: recorded with its source
	missingPythonModule{}, // No module named x: python3-x (venv sees it) or pip when PyPI is reachable
	pytestTooOld{},        // the pytest configuration's minversion is above the installed pytest: lift it (PYTEST_ADDOPTS)
	pytestWarningFilter{}, // a warning filter names a class the installed packages lack: run without the filters
	pytestCoverage{},      // the installed coverage cannot read the project's coverage config: --no-cov
	pytestNose{},          // pytest 7 calls an imported setup(module) as a nose fixture: -p no:nose
	pytestTraceback{},     // pytest's INTERNALERROR on Python 3.11.2's AST bug while it shows a failure: --tb=native
	pytestStdin{},         // tests read stdin, which pytest's capture refuses: --capture=no, as its message says
	pytestStrictConfig{},  // --strict-config refuses an ini key the installed plugins predate: a plugin declares it (-p)
	missingNodeModule{},   // Cannot find module x: npm ci/install, or npm install x
	missingPerlModule{},   // Can't locate X/Y.pm in @INC: the package shipping the module
	nodeGypHeaders{},      // node-gyp cannot download Node's headers: npm_config_nodedir at the installed node's (before npm-lifecycle gives up on the addon)
	nodeTooOld{},          // ERR_REQUIRE_ESM: a newer Node.js (22) from the npm registry before the dependencies
	nodeEngine{},          // yarn refuses a dependency's stricter engines field: --ignore-engines
	npmLifecycle{},        // the package's own prepare/postinstall failed in setup: install with --ignore-scripts
	tsLibCheck{},          // tsc fails only in node_modules' declaration files: the project's tsc with --skipLibCheck when the build fails
	npmBuilt{},            // the package's build script failed, what it builds is committed: use those files
	npmAbsent{},           // the registry does not serve a pinned package: a dev dependency leaves the install, else record
	yarnGitHosted{},       // yarn cannot reach codeload.github.com: the registry's release the lockfile resolved the commit to
	nodeLegacyOpenSSL{},   // ERR_OSSL_EVP_UNSUPPORTED: NODE_OPTIONS=--openssl-legacy-provider
	watchMode{},           // a test runner watching outside CI: CI=true
	npmPeerConflict{},     // ERESOLVE: the dependency install with --legacy-peer-deps
	missingGoModule{},     // no required module provides package: the go command's own fix; the proxy has no such module: none
	goNeedsCgo{},          // -race requires cgo: gcc and CGO_ENABLED=1
	goMainless{},          // go build ./... meets a tests-only package main: build the others
	docsOff{},             // the documentation cannot be built: configure without it (the log's flag, else the project's docs option)
	dBus{},                // no D-Bus session bus (autolaunch needs X11) or system bus: the bus started before the command
	missingExecutable{},   // command not found: the package shipping it (after the specific ones)
	werror{},              // -Werror=<warning>: -Wno-error=<warning> in CFLAGS/CXXFLAGS
	cxxStandard{},         // the code needs a newer C++ standard than the build asks: CMAKE_CXX_STANDARD / -std
	stdInclude{},          // a standard header older compilers included implicitly: -include it through CFLAGS/CXXFLAGS
	nodeHeap{},            // V8's heap limit: NODE_OPTIONS --max-old-space-size=4096
	outOfMemory{},         // cc1plus killed: build with one job
	compilerCrash{},       // GCC's internal compiler error: build with clang (CC, CXX); a crash of clang too: recorded
	locale{},              // locale missing: C.UTF-8, or generate the named locale
	gitIdentity{},         // git commit without an identity ("Please tell me who you are"): the author and committer in the environment
	interactivePrompt{},   // tzdata / apt waiting for an answer: non-interactive, -y
	needsService{},        // connection refused on a service's port on this machine (Redis 6379): recorded with the service
	serviceAccount{},      // PostgreSQL refuses a role or database the program names: created before the command
	network{},             // host unreachable: recorded (setup: registry; tests: needs network)
	testEnvironment{},     // needs a display or privileges: recorded
	soundDevice{},         // needs a sound card: ALSA's null device
	browserBinary{},       // Karma's launchers name CHROME_BIN/FIREFOX_BIN: Debian's chromium and firefox-esr
	playwrightBrowser{},   // Playwright's Chromium download is out of reach: Debian's, linked where it looks
	subordinateIDs{},      // unshare --map-auto without newuidmap or subordinate ids: uidmap and a range for root
	python2{},             // a Python 2 script of the project: recorded (Debian 12 has no Python 2)
	interpreterMissing{},  // a script of the checkout "No such file or directory": the program its #! line names (python2: recorded)
	goTestVet{},           // go test's vet step fails a package on a newer check: GOFLAGS -vet=off
	checkoutName{},        // a test expects the caller location under the repository's name, not /repo's: GOFLAGS=-trimpath
	notExecutable{},       // a checkout's script run by its path lacks the executable bit: chmod +x it first
	nonRoot{},             // refuses root / drops it: run as an unprivileged user owning the repo
	builtElsewhere{},      // a test script runs the program where an in-source build leaves it: link the one the build made there
	makePlatform{},        // the default goal asks for the platform (make TARGET=xxx, make PLATFORM): Linux's
	parallelBuild{},       // a parallel make failed with no cause named: once more with one job
	makeGoalPart{},        // a default goal's target needs a header or library nothing provides: make the other targets (a fallback)
	compileError{},        // error in the project's own code: abstain
	programOption{},       // a program or target the build did not make is behind a CMake option off by default: on
	excludedTarget{},      // ctest cannot find a test's program, an add_executable left out of the default build: built by name
	rejected{},            // no such make target / npm script, or a usage message: recorded
	testsDisabled{},       // ctest found no tests: the project's test option, off by default, on
	goTestBuffered{},      // go test ./... silent for the idle limit: GOFLAGS -p=1, whose output streams
	hung{},                // printed nothing for the idle limit: recorded (after the rules reading a cause in the log)
	dependencyVersion{},   // pip check: an installed dependency does not meet a requirement: recorded with both versions
	pytestCollection{},    // test modules failed to collect, no other repair: pytest goes on past them (a fallback)
	pytestPluginMark{},    // tests marked for a declared plugin Debian lacks fail: deselected by their mark (a fallback)
	testFailure{},         // tests failed: recorded
	runnerFailed{},        // every test counted passed, the run failed after them: recorded
	noTestsRan{},          // exit 0, no test counted: recorded (the last rule: what nothing else explains)
}
