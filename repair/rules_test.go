package repair

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// readLog reads an excerpt from testdata. Excerpts are real logs captured
// in a bookworm container or on the host, except where a leading comment
// (lines starting with "# ") says it is a sample; the comment is dropped.
func readLog(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for len(lines) > 0 && strings.HasPrefix(lines[0], "# ") {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// fakeIndex answers like the Debian Contents index would for the excerpts.
var fakeIndex = MapIndex{
	Headers:       map[string][]string{"zlib.h": {"zlib1g-dev"}},
	PkgConfigs:    map[string][]string{"libevent": {"libevent-dev"}, "libnl-genl-3.0": {"libnl-genl-3-dev"}, "wayland-protocols": {"wayland-protocols"}, "exiv2": {"libexiv2-dev"}},
	PerlModules:   map[string][]string{"XML::Parser": {"libxml-parser-perl"}},
	Libraries:     map[string][]string{"libevent.so": {"libevent-dev"}, "libevent-2.1.so.7": {"libevent-2.1-7"}, "libumockdev-preload.so.0": {"umockdev"}, "libpcre.so": {"libpcre3-dev"}, "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.profile-x86_64.a": {"libclang-rt-14-dev"}},
	Executables:   map[string][]string{"autoreconf": {"autoconf"}, "xxd": {"xxd"}, "yacc": {"bison"}, "flex": {"flex"}, "tclsh": {"tcl"}, "file": {"file"}, "cc": {"gcc"}, "bzr": {"bzr"}, "runtest": {"dejagnu"}, "rubocop": {"rubocop"}, "cram3": {"python3-cram"}, "python3-coverage": {"python3-coverage"}, "pytest": {"python3-pytest"}, "git": {"git"}, "ruby": {"ruby"}, "pg_config": {"libpq-dev"}, "valac": {"valac"}, "unzip": {"unzip"}},
	CMakePackages: map[string][]string{"fmt": {"libfmt-dev"}, "GMock": {"libgmock-dev"}},
	PythonModules: map[string][]string{"yaml": {"python3-yaml"}, "httpx": {"python3-httpx"}},
}

// sampleFile is a Bash File like the generator writes for a C++/Python
// project: base toolchain, a venv, a CMake build.
func sampleFile(t *testing.T) *bashfile.File {
	t.Helper()
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	if _, err := f.AddPackages(bashfile.Base, why, "build-essential", "cmake", "pkgconf"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sec  bashfile.SectionID
		text string
	}{
		{bashfile.Runtimes, "pkg_install python3 python3-venv"},
		{bashfile.Runtimes, `[ -d .venv ] || python3 -m venv .venv`},
		{bashfile.Runtimes, `path_prepend "$REPO_DIR/.venv/bin"`},
		{bashfile.Build, "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release"},
		{bashfile.Build, `cmake --build build -j"$(nproc)"`},
		{bashfile.Build, "apt-get install cowsay"},
	} {
		if err := f.Append(c.sec, c.text, why); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func TestRulesOnRealLogs(t *testing.T) {
	repo := fstest.MapFS{
		"package.json": {Data: []byte(`{"name":"demo","dependencies":{"left-pad":"^1.3.0"}}`)},
		".gitmodules":  {Data: []byte("[submodule \"third_party/json\"]\n\tpath = third_party/json\n\turl = https://github.com/nlohmann/json.git\n[submodule \"third-party/urlparse\"]\n\tpath = third-party/urlparse\n\turl = https://github.com/ngtcp2/urlparse\n[submodule \"picotest\"]\n\tpath = picotest\n\turl = https://github.com/h2o/picotest.git\n[submodule \"subprojects/bats-core\"]\n\tpath = subprojects/bats-core\n\turl = https://github.com/bats-core/bats-core\n")},
		".git/HEAD":    {Data: []byte("ref: refs/heads/main\n")},
		// Pillow's package and the C source of its core module
		"src/PIL/__init__.py": {Data: []byte("__version__ = \"13.0.0.dev0\"\n")},
		"src/_imaging.c":      {Data: []byte("#include \"Python.h\"\n")},
		// sol2's header generator, in the checkout without its executable bit
		"single/single.py": {Data: []byte("#!/usr/bin/env python\n")},
		// pydash's test plugin, which Debian does not ship
		"requirements-dev.txt": {Data: []byte("pytest\npytest-mypy-testing\n")},
		"go.mod":               {Data: []byte("module example.com/demo\n\ngo 1.22.0\n\ntoolchain go1.22.5\n")},
		// msgpack-c's CMakeLists.txt, cut: tests only on request.
		"CMakeLists.txt": {Data: []byte("PROJECT (msgpack-c LANGUAGES C)\nOPTION (MSGPACK_BUILD_TESTS \"Build msgpack tests.\" OFF)\nIF (MSGPACK_BUILD_TESTS)\n  ENABLE_TESTING ()\nENDIF ()\n")},
	}
	tests := []struct {
		log        string
		phase      Phase
		command    string
		timedOut   bool
		kind       Kind
		subject    string
		action     Action
		wantInEdit string // a string one of the edits must contain
	}{
		{"missing-header/gcc-zlib.log", PhaseCommand, "gcc -o demo main.c", false, MissingHeader, "zlib.h", ActionEdit, "zlib1g-dev"},
		{"missing-pkgconfig/meson-libevent.log", PhaseSetup, "meson setup build", false, MissingPkgConfig, "libevent", ActionEdit, "libevent-dev"},
		{"missing-perl-module/perl-use-xml-parser.log", PhaseCommand, "make check", false, MissingPerlModule, "XML::Parser", ActionEdit, "libxml-parser-perl"},
		{"pkgconfig-too-old/meson-exiv2-gexiv2.log", PhaseSetup, "meson setup build", false, PkgConfigTooOld, "exiv2", ActionEdit, `for p in libexiv2-dev; do`},
		{"missing-pkgconfig/configure-openvpn-libnl.log", PhaseSetup, "./configure", false, MissingPkgConfig, "libnl-genl-3.0", ActionEdit, "libnl-genl-3-dev"},
		{"missing-pkgconfig/meson-xkbcommon-wayland-protocols.log", PhaseSetup, "meson setup build", false, MissingPkgConfig, "wayland-protocols", ActionEdit, "wayland-protocols"},
		{"missing-pkgconfig/cmake-pkg-check-modules.log", PhaseSetup, "cmake -S . -B build", false, MissingPkgConfig, "libevent", ActionEdit, "libevent-dev"},
		{"missing-library/ld-levent.log", PhaseCommand, "gcc -o demo main.c -levent", false, MissingLibrary, "-levent", ActionEdit, "libevent-dev"},
		{"missing-library/nginx-configure-pcre.log", PhaseCommand, "auto/configure", false, MissingLibrary, "pcre", ActionEdit, "libpcre3-dev"},
		{"meson-too-old/meson-setup-xkbcommon.log", PhaseSetup, "meson setup build", false, MesonTooOld, "1.4", ActionEdit, "-backports"},
		{"autoconf-macro/autoreconf-libffi-libtool.log", PhaseSetup, "autoreconf -fi", false, UndefinedMacro, "LT_SYS_SYMBOL_USCORE", ActionEdit, "libltdl-dev"},
		{"autoconf-macro/autoreconf-tig-pkg-m4.log", PhaseSetup, "autoreconf -fi", false, UndefinedMacro, "PKG_CHECK_EXISTS", ActionEdit, "pkg-config"},
		{"unlinked-library/make-vim-libxmu.log", PhaseSetup, "bash setup.sh", false, UnlinkedLibrary, "Xmu", ActionEdit, `persist_env LDFLAGS "${LDFLAGS:+$LDFLAGS }-Wl,--no-as-needed -lXmu"`}, // the sample builds with CMake
		{"rejected/make-check-nginx-no-target.log", PhaseCommand, "make check", false, NoSuchTarget, "check", ActionRecord, ""},
		// universal-ctags' CI ran these in its build.d (u11 run, 2026-12-03); the Bash File built at the top
		{"rejected/cd-build-dir-ctags.log", PhaseCommand, "make check", false, NoWorkdir, "build", ActionRecord, ""},
		{"rejected/make-no-makefile-flac.log", PhaseCommand, "make && make check", false, NotBuilt, "", ActionRecord, ""},
		{"rejected/make-C-build-dir-ctags.log", PhaseCommand, "make -C build.d check", false, NoWorkdir, "build.d", ActionRecord, ""},
		{"rejected/pkgconf-please-specify.log", PhaseCommand, "./build/pkgconf", false, UsageError, "at least one package name on the command line.", ActionRecord, ""},
		{"rejected/argparse-required.log", PhaseCommand, "python md-convert --version", false, UsageError, "md-convert", ActionRecord, ""},
		{"rejected/fusermount-missing-argument.log", PhaseCommand, "printf 'hello world\\nhello again\\n' | ./build/util/fusermount3", false, UsageError, "./build/util/fusermount3", ActionRecord, ""},
		{"rejected/fusermount-extra-arguments.log", PhaseCommand, "./build/util/fusermount3 -u", false, UsageError, "./build/util/fusermount3", ActionRecord, ""},
		{"rejected/haproxy-usage-space-colon.log", PhaseCommand, "printf 'hello world\\nhello again\\n' | timeout 10 ./haproxy", false, UsageError, "haproxy", ActionRecord, ""},
		{"rejected/xkbcommon-stdin-syntax-error.log", PhaseCommand, "printf 'hello world\\nhello again\\n' | timeout 10 ./build/tools/introspection", false, InputRejected, "", ActionRecord, ""},
		// Leaflet's vitest browser mode: Debian's Chromium where Playwright looks for its own; ky's Firefox: none
		{"playwright-browser/vitest-playwright-chromium-leaflet.log", PhaseCommand, "npm test", false, NeedsBrowser, "/root/.cache/ms-playwright/chromium_headless_shell-1234/chrome-headless-shell-linux64/chrome-headless-shell", ActionEdit, "ln -sf /usr/bin/chromium /root/.cache/ms-playwright/chromium_headless_shell-1234/chrome-headless-shell-linux64/chrome-headless-shell"},
		{"missing-executable/lerna-spawn-yarn-polka.log", PhaseCommand, "npm test", false, MissingExecutable, "yarn", ActionEdit, "command -v yarn >/dev/null || npm install -g yarn@1"},
		{"browser-binary/karma-chrome-firefox-chartjs.log", PhaseCommand, "pnpm test-ci", false, NeedsBrowser, "CHROME_BIN", ActionEdit, "persist_env CHROME_BIN /usr/bin/chromium"},
		{"playwright-browser/ava-playwright-firefox-ky.log", PhaseCommand, "npm test", false, NeedsBrowser, "/root/.cache/ms-playwright/firefox-1572/firefox/firefox", ActionRecord, ""},
		{"test-environment/xkbcli-x11-no-server.log", PhaseCommand, "timeout 10 ./build/tools/xkbcli-interactive-x11 test/data/keymaps/basic.xkb", false, NeedsDisplay, "", ActionRunWithDisplay, "xvfb"},
		{"test-environment/gotest-systemd-private-go-systemd.log", PhaseCommand, "go test -v ./...", false, NeedsInit, "", ActionRecord, ""},
		{"test-environment/tcpdump-capture-permission.log", PhaseCommand, "timeout 10 ./build/tcpdump tests/hoobr_juniper.pcap", false, NeedsRoot, "", ActionRecord, ""},
		{"node-too-old/vitest-require-esm-immer.log", PhaseCommand, "npm test", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"node-too-old/vitest-node-util-styletext-defu.log", PhaseCommand, "pnpm vitest run", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"node-too-old/tap-webcrypto-global-dotenv.log", PhaseCommand, "npm test", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"node-too-old/polendina-regex-v-flag-through2.log", PhaseCommand, "npm test", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"node-too-old/node-test-tplan-fast-json-stringify.log", PhaseCommand, "npm test", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"position-dependent/make-test-pie.log", PhaseCommand, "make test", false, PositionDependent, "PIE", ActionEdit, `persist_env LDFLAGS "${LDFLAGS:+$LDFLAGS }-no-pie"`},
		{"built-elsewhere/run-all-gravity.log", PhaseCommand, "test/unittest/run_all.sh", false, BuiltElsewhere, "/repo/gravity", ActionEdit, "-name gravity -perm -u+x"},
		{"built-elsewhere/make-recipe-tinyexr.log", PhaseCommand, "make test", false, BuiltElsewhere, "/repo/test_tinyexr", ActionEdit, "-name test_tinyexr -perm -u+x"},
		{"built-elsewhere/run-testsuite-md4c.log", PhaseCommand, "scripts/run-tests.sh", false, BuiltElsewhere, "/repo/md2html/md2html", ActionEdit, "ln -s \"$PWD/${p#./}\" md2html/md2html"},
		{"node-too-old/pnpm-install-node-sqlite-handlebars.log", PhaseSetup, "", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"node-too-old/node-test-typescript-nanospy.log", PhaseCommand, "node --test test/index.test.ts", false, NodeTooOld, "22", ActionEdit, "npm install -g node@22"},
		{"missing-executable/cmake-find-program-required-ruby.log", PhaseSetup, "cmake -S . -B build -DBUILD_TESTING=ON", false, MissingExecutable, "ruby", ActionEdit, "ruby"}, // iniparser's test/CMakeLists.txt
		{"missing-executable/configure-script-not-on-path-libusb.log", PhaseSetup, "./configure --disable-man-pages", false, MissingExecutable, "git", ActionEdit, "git"},
		{"missing-executable/configure-last-check-protoc-protobuf-c.log", PhaseSetup, "./configure", false, MissingExecutable, "protoc", ActionEdit, "protobuf-compiler"},
		{"missing-executable/gyp-which-pg_config.log", PhaseSetup, "yarn install --frozen-lockfile", false, MissingExecutable, "pg_config", ActionEdit, "libpq-dev"}, // node-postgres: libpq's binding.gyp
		{"missing-executable/ava-git-not-found.log", PhaseCommand, "npm test", false, MissingExecutable, "git", ActionEdit, "git"},                                   // globby's tests git init
		{"missing-executable/oserror-own-words-git-check-manifest.log", PhaseCommand, "check-manifest -u -v", false, MissingExecutable, "git", ActionEdit, "git"},
		{"missing-library/clang-profile-runtime-partcl.log", PhaseCommand, "make test", false, MissingLibrary, "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.profile-x86_64.a", ActionEdit, "libclang-rt-14-dev"},
		{"missing-library/ld-preload-umockdev-libgudev.log", PhaseCommand, "ninja -C build test", false, MissingLibrary, "libumockdev-preload.so.0", ActionEdit, "umockdev"},
		{"missing-library/loader-libevent.log", PhaseCommand, "./ev", false, MissingLibrary, "libevent-2.1.so.7", ActionEdit, "libevent-2.1-7"},
		{"missing-executable/tox-not-found-inflect.log", PhaseCommand, "tox -e py", false, MissingExecutable, "tox", ActionRecord, ""}, // PyPI out of reach: no tox from Debian
		{"missing-executable/suite-log-skip-unzip-libgsf.log", PhaseCommand, "make check", false, MissingExecutable, "unzip", ActionEdit, "unzip"},
		{"missing-executable/meson-vala-compiler-msitools.log", PhaseSetup, "meson setup build", false, MissingExecutable, "valac", ActionEdit, "valac"},
		{"missing-executable/make-dash-xxd.log", PhaseSetup, "make", false, MissingExecutable, "xxd", ActionEdit, "xxd"},
		{"missing-executable/npm-script-dash-make-socketio.log", PhaseSetup, "", false, MissingExecutable, "make", ActionEdit, "make"}, // a dependency's install script (npm prefixes its lines)
		{"missing-executable/make-test-cram-python3.log", PhaseCommand, "./build.sh && make test", false, MissingExecutable, "cram", ActionEdit, "ln -s \"$(command -v cram3)\" /usr/local/bin/cram"},
		{"missing-executable/make-coverage-python3-aiocache.log", PhaseCommand, "make test", false, MissingExecutable, "coverage", ActionEdit, "ln -s \"$(command -v python3-coverage)\" /usr/local/bin/coverage"}, // Debian's program name
		{"missing-executable/ctest-dash-script-xxd.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, MissingExecutable, "xxd", ActionEdit, "xxd"},
		{"missing-executable/ctest-not-run-pytest.log", PhaseCommand, "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure", false, MissingExecutable, "pytest", ActionEdit, "python3-pytest"},
		{"missing-executable/node-gyp-which-make.log", PhaseSetup, "yarn install --frozen-lockfile", false, MissingExecutable, "make", ActionEdit, "make"}, // the sample installs build-essential already: make alone (TestNodeGypToolchainAtOnce)
		{"missing-executable/npm-gyp-make-cc-dlv.log", PhaseSetup, "npm install", false, MissingExecutable, "cc", ActionEdit, "gcc"},                       // a native module's node-gyp build without a compiler
		{"missing-executable/bash-xxd.log", PhaseSetup, "", false, MissingExecutable, "xxd", ActionEdit, "xxd"},
		{"missing-executable/make-docker-mongoose.log", PhaseCommand, "make -C test vc98", false, MissingExecutable, "docker", ActionRecord, ""},
		{"missing-executable/buildconf-exec-autoreconf.log", PhaseCommand, "./buildconf.sh", false, MissingExecutable, "autoreconf", ActionEdit, "autoconf"},
		{"missing-executable/configure-yacc-not-found.log", PhaseSetup, "./configure", false, MissingExecutable, "yacc", ActionEdit, "bison"},
		{"missing-executable/cmake-neither-flex-nor-lex.log", PhaseSetup, "cmake -S . -B build", false, MissingExecutable, "flex", ActionEdit, "flex"},
		{"missing-executable/auto-configure-no-cc.log", PhaseCommand, "auto/configure", false, MissingExecutable, "cc", ActionEdit, "libc6-dev"},
		{"missing-executable/pytest-setuptools-scm-git.log", PhaseCommand, "python -m pytest -q", false, MissingExecutable, "git", ActionEdit, "git"},
		{"missing-executable/gotest-vcs-bzr-not-installed.log", PhaseCommand, "go test -v", false, MissingExecutable, "bzr", ActionEdit, "bzr"},
		{"missing-executable/version-check-lazygit-git.log", PhaseCommand, "lazygit", false, MissingExecutable, "git", ActionEdit, "git"},
		{"missing-executable/make-check-dejagnu-runtest.log", PhaseCommand, "make check", false, MissingExecutable, "runtest", ActionEdit, "dejagnu"},
		// Unity's `rake ci`: its C tests passed, then its style check spawned rubocop.
		{"missing-executable/rake-ruby-enoent-rubocop.log", PhaseCommand, "rake ci", false, MissingExecutable, "rubocop", ActionEdit, "rubocop"},
		{"missing-executable/make-check-need-tclsh.log", PhaseCommand, "make check", false, MissingExecutable, "tclsh", ActionEdit, "tcl"},
		// nlohmann/json: find_program(GIT) failed at configure time.
		{"missing-executable/ctest-cmake-git-notfound.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, MissingExecutable, "git", ActionEdit, "git"},
		{"missing-cmake-package/find-zlib.log", PhaseSetup, "cmake -S . -B build", false, MissingCMakePackage, "ZLIB", ActionEdit, "zlib1g-dev"},
		{"missing-cmake-package/component-gmock-c-ares.log", PhaseSetup, "cmake -S . -B build", false, MissingCMakePackage, "GMock", ActionEdit, "libgmock-dev"},
		{"missing-cmake-package/config-fmt.log", PhaseSetup, "cmake -S . -B build", false, MissingCMakePackage, "fmt", ActionEdit, "libfmt-dev"},
		// FunctionalPlus's tests ask doctest 2.4.11, bookworm has 2.4.9: accepted within the major version
		{"cmake-package-version/config-doctest-functionalplus.log", PhaseCommand, "cmake -S test -B build-test", false, CMakePackageVersion, "doctest|2.4.11|2.4.9|/usr/lib/cmake/doctest/doctestConfig.cmake", ActionEdit, `printf 'set(PACKAGE_VERSION "2.4.9")\nset(PACKAGE_VERSION_COMPATIBLE TRUE)\n' > /opt/heragent/cmake-compat/lib/cmake/doctest/doctestConfigVersion.cmake`},
		{"cmake-package-version/config-doctest-major.log", PhaseCommand, "cmake -S test -B build-test", false, CMakePackageVersion, "doctest|2.4.11|1.9.0|/usr/lib/cmake/doctest/doctestConfig.cmake", ActionRecord, ""},
		{"cmake-too-old/minimum-3.28.log", PhaseSetup, "cmake -S . -B build", false, CMakeTooOld, "3.28", ActionEdit, "-backports"},
		// kcp: newer than any Debian CMake: backports' CMake, the requirement lowered to it
		{"cmake-too-old/minimum-4.0-kcp.log", PhaseSetup, "cmake -S . -B build", false, CMakeTooOld, "4.0", ActionEdit, `VERSION[[:space:]]+)4\.0[0-9.]*/\13.31/I' CMakeLists.txt`},
		{"cmake-policy/cmake4-min-version.log", PhaseSetup, "cmake -S . -B build", false, CMakePolicy, "3.5", ActionEdit, "-DCMAKE_POLICY_VERSION_MINIMUM=3.5"},
		{"missing-python-module/runtimeerror-requires-httpx-starlette.log", PhaseCommand, "python -m pytest -q", false, MissingPythonModule, "httpx", ActionEdit, "python3-httpx"},
		// kombu: a conftest's importorskip skipped the whole suite
		{"missing-python-module/importorskip-conftest-boto3.log", PhaseCommand, "python -m pytest -rxs", false, MissingPythonModule, "boto3", ActionEdit, "python3-boto3"},
		{"missing-python-module/import-yaml.log", PhaseCommand, "python3 app.py", false, MissingPythonModule, "yaml", ActionEdit, "--system-site-packages"},
		{"missing-python-module/pytest-addopts-asyncio-tqdm.log", PhaseCommand, "python -m pytest -q", false, MissingPythonModule, "pytest_asyncio", ActionEdit, "python3-pytest-asyncio"},
		{"pytest-strict-config/unknown-ini-asyncio-structlog.log", PhaseCommand, "python -m pytest -q", false, PytestStrictConfig, "asyncio_default_fixture_loop_scope", ActionEdit, "-p heragent_ini\""},
		{"pytest-coverage/multidict-exclude-also.log", PhaseCommand, "pytest -q", false, PytestCoverage, "", ActionEdit, `persist_env PYTEST_ADDOPTS "${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }--no-cov -W ignore::pytest_cov.plugin.CovDisabledWarning"`},
		{"pytest-warning-filter/isort-hypothesis-filter.log", PhaseCommand, "python -m pytest -q", false, PytestWarningFilter, `ignore:.*from_type\(thing=Path\).*:hypothesis.errors.SmallSearchSpaceWarning`, ActionEdit, `persist_env PYTEST_ADDOPTS "${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }-o filterwarnings="`},
		{"pytest-too-old/spaced-plugin-psutil.log", PhaseCommand, "python -m pytest -q", false, PytestTooOld, "8", ActionEdit, `"-p\1"`},
		{"pytest-too-old/minversion-pluggy.log", PhaseCommand, "python -m pytest -q", false, PytestTooOld, "8.0", ActionEdit, `sed -i -E '/^[[:space:]]*(ini_options\.)?minversion[[:space:]]*=/d' tox.ini`},
		{"missing-python-module/pip-no-distribution.log", PhaseSetup, "pip install pyyaml", false, MissingPythonModule, "pyyaml", ActionEdit, "python3-yaml"},
		{"missing-python-module/optional-dependency-in-words.log", PhaseCommand, "python -m pytest -q", false, MissingPythonModule, "numpy", ActionEdit, "python3-numpy"},
		{"missing-python-module/pytest-fixture-mocker.log", PhaseCommand, "python -m pytest -q", false, MissingPythonModule, "pytest_mock", ActionEdit, "python3-pytest-mock"},
		{"missing-python-module/pytest-fixture-nursery-trio-websocket.log", PhaseCommand, "python -m pytest -q", false, MissingPythonModule, "pytest_trio", ActionEdit, "for p in python3-pytest-trio; do"}, // pytest-trio's fixture; bookworm has no such plugin: the next release's, if any
		{"node-legacy-openssl/webpack-md4-dayjs.log", PhaseSetup, "npm run build", false, NodeLegacyOpenSSL, "", ActionEdit, "--openssl-legacy-provider"},
		// match-sorter's `kcd-scripts test` adds --watch outside CI
		{"watch-mode/jest-kcd-scripts-watch.log", PhaseCommand, "npm test", false, WatchMode, "", ActionEdit, "persist_env CI true"},
		{"missing-node-module/require-left-pad.log", PhaseCommand, "node index.js", false, MissingNodeModule, "left-pad", ActionEdit, "npm install"},
		{"missing-go-module/go-get-uuid.log", PhaseSetup, "go build ./...", false, MissingGoModule, "github.com/google/uuid", ActionEdit, "go get github.com/google/uuid"},
		{"missing-go-module/proxy-400-absent.log", PhaseSetup, "", false, MissingGoModule, "example.invalid/heragent/colors", ActionRecord, ""},
		{"missing-go-module/proxy-403-nghttp2.log", PhaseSetup, "go mod download", false, MissingGoModule, "github.com/tatsuhiro-t/go-nghttp2", ActionRecord, ""},
		{"ts-lib-check/tsc-fdir-declarations-fast-glob.log", PhaseSetup, "npm run _build:compile", false, TSLibCheck, "node_modules/fdir/dist/index.d.cts", ActionNone, ""}, // the sample has no npm build
		{"go-mainless/go-build-main-redeclared-gg.log", PhaseSetup, "", false, GoMainless, "github.com/fogleman/gg/examples", ActionNone, ""},                               // one program a file; the sample builds with CMake
		{"go-mainless/go-build-expr-test-examples.log", PhaseSetup, "", false, GoMainless, "github.com/expr-lang/expr/test/examples", ActionNone, ""},                       // the sample builds with CMake
		{"go-cgo/race-requires-cgo.log", PhaseCommand, "go test -race ./...", false, GoNeedsCgo, "-race", ActionEdit, "CGO_ENABLED 1"},
		{"go-toolchain/note-module-requires.log", PhaseSetup, "go build ./...", false, GoToolchainTooOld, "1.22", ActionEdit, "/usr/local/go1.22/bin"},
		{"go-toolchain/invalid-go-version.log", PhaseSetup, "go build ./...", false, GoToolchainTooOld, "1.22", ActionEdit, "golang.org/toolchain/@v/list"},
		{"go-toolchain/requires-go-local.log", PhaseSetup, "go build ./...", false, GoToolchainTooOld, "1.99", ActionEdit, "/usr/local/go1.99"},
		{"go-toolchain/toolchain-not-available.log", PhaseSetup, "go build ./...", false, GoToolchainTooOld, "1.99", ActionEdit, "/usr/local/go1.99"},
		{"go-toolchain/go-test-bytes-clone-jsonparser.log", PhaseCommand, "go test -v ./...", false, GoToolchainTooOld, "1.20", ActionEdit, "/usr/local/go1.20/bin"},
		{"cxx-standard/leveldb-is-standard-layout-v.log", PhaseSetup, "cmake --build build", false, CXXStandard, "17", ActionEdit, "-DCMAKE_CXX_STANDARD=17"},
		{"cxx-standard/capnproto-requires-cxx23.log", PhaseSetup, "", false, CXXStandard, "23", ActionRecord, ""},
		{"cxx-standard/ambiguous-std-data-farmhash.log", PhaseSetup, "", false, CXXStandard, "14", ActionEdit, "-DCMAKE_CXX_STANDARD=14"}, // C++14 code beside C++17's std::data
		{"std-include/cmake-cpptoml-numeric-limits.log", PhaseSetup, "", false, StdInclude, "limits|", ActionEdit, "-include limits"},
		{"werror/make-unused-variable.log", PhaseSetup, "make", false, Werror, "unused-variable", ActionEdit, "-Wno-error=unused-variable"},
		// GCC 12 names one warning; the repair downgrades its family too (ccache then names maybe-uninitialized, then restrict: one build each)
		{"werror/cmake-gcc12-stringop-overflow.log", PhaseSetup, "", false, Werror, "stringop-overflow", ActionEdit, "-Wno-error=stringop-overflow -Wno-error=maybe-uninitialized -Wno-error=uninitialized -Wno-error=restrict"},
		{"out-of-memory/cc1plus-killed.log", PhaseSetup, "", false, OutOfMemory, "cc1plus", ActionEdit, "-j1"},
		{"compiler-crash/capnproto-gcc14-ice.log", PhaseSetup, "", false, CompilerCrash, "", ActionEdit, "persist_env CXX clang++"},
		{"missing-submodule/cmake-empty-dir.log", PhaseSetup, "cmake -S . -B build", false, MissingSubmodule, "third_party/json", ActionEdit, "submodule update --init --recursive"},
		{"missing-submodule/add-subdirectory-missing.log", PhaseSetup, "", false, MissingSubmodule, "third_party/zstd", ActionNone, ""}, // not in .gitmodules
		{"missing-submodule/cmake-source-urlparse-nghttp2.log", PhaseSetup, "cmake -S . -B build", false, MissingPath, "third-party/urlparse/urlparse.c", ActionEdit, "submodule update --init --recursive"},
		{"missing-submodule/cmake-source-beside-optional-packages-nghttp2.log", PhaseSetup, "cmake -S . -B build", false, MissingPath, "third-party/urlparse/urlparse.c", ActionEdit, "submodule update --init --recursive"}, // CMake went on without optional packages Debian has too old
		{"missing-submodule/make-needs-picotest.log", PhaseCommand, "make test", false, MissingPath, "picotest/picotest.c", ActionEdit, "submodule update --init --recursive"},
		{"missing-submodule/meson-program-bats-msitools.log", PhaseSetup, "meson setup build", false, MissingPath, "subprojects/bats-core/bin/bats", ActionEdit, "submodule update --init --recursive"},
		{"missing-submodule/clone-unreachable.log", PhaseSetup, "", false, MissingSubmodule, "third_party/json", ActionRecord, ""},
		{"locale/meson-test-locales-tomlplusplus.log", PhaseCommand, "meson test -C build", false, Locale, "ja_JP.UTF-8 it_IT.UTF-8 tr_TR.UTF-8 fi_FI.UTF-8 fr_FR.UTF-8 zh_CN.UTF-8 de_DE.UTF-8", ActionEdit, "locale-gen"},
		{"locale/perl-python-en-us.log", PhaseCommand, "perl -e 1", false, Locale, "en_US.UTF-8", ActionEdit, "locale-gen"},
		{"pytest-plugin-mark/mypy-testing-pydash.log", PhaseCommand, "python -m pytest -q", false, PytestPluginMark, "mypy_testing", ActionEdit, "-m 'not mypy_testing'"},
		{"python2/make-check-print-statement.log", PhaseCommand, "make check", false, Python2, "src/make_parens.py", ActionRecord, ""},
		{"interactive-prompt/tzdata-area.log", PhaseSetup, "", false, InteractivePrompt, "tzdata", ActionEdit, "TZ Etc/UTC"},
		{"interactive-prompt/apt-without-y.log", PhaseSetup, "", false, InteractivePrompt, "apt", ActionEdit, "apt-get install -y cowsay"},
		{"network/pip-pypi-unreachable.log", PhaseSetup, "pip install pyyaml", false, NetworkUnreachable, "pypi", ActionRecord, ""},
		{"network/apt-unresolvable.log", PhaseSetup, "", false, NetworkUnreachable, "deb.debian.invalid", ActionRecord, ""},
		{"network/apt-temporary-failure.log", PhaseSetup, "", false, NetworkUnreachable, "deb.debian.org", ActionRetry, ""},
		{"network/cmake-wrapped-resolve-outcome.log", PhaseSetup, "", false, NetworkUnreachable, "github.com", ActionRecord, ""},
		{"network/npm-enotfound.log", PhaseCommand, "npm install", false, NetworkUnreachable, "registry.npmjs.invalid", ActionRecord, ""},
		// a client with no D-Bus session bus: GLib, libdbus, sd-bus, Python reading the variable; libdbus with no system bus
		{"pytest-traceback/internalerror-ast-depth-dbus-next.log", PhaseCommand, "python -m pytest -q", false, PytestTraceback, "", ActionEdit, "--tb=native"},
		{"d-bus/gdbus-call-no-display.log", PhaseCommand, "meson test -C build", false, NeedsSessionBus, "a D-Bus session bus", ActionRunWithService, "dbus-daemon"},
		{"d-bus/gdbus-call-display-no-dbus-launch.log", PhaseCommand, "meson test -C build", false, NeedsSessionBus, "a D-Bus session bus", ActionRunWithService, "dbus-daemon"},
		{"d-bus/dbus-send-no-display.log", PhaseCommand, "python -m pytest -q", false, NeedsSessionBus, "a D-Bus session bus", ActionRunWithService, "dbus-daemon"},
		{"d-bus/busctl-user.log", PhaseCommand, "./build/busctl-demo", false, NeedsSessionBus, "a D-Bus session bus", ActionRunWithService, "dbus-daemon"},
		{"d-bus/python-keyerror.log", PhaseCommand, "python -m pytest -q", false, NeedsSessionBus, "a D-Bus session bus", ActionRunWithService, "dbus-daemon"},
		{"d-bus/dbus-send-system-no-bus.log", PhaseCommand, "./build/tools/status", false, NeedsSystemBus, "the D-Bus system bus", ActionRunWithService, "dbus"},
		{"python-extension/pillow-imaging-not-built.log", PhaseCommand, `python3 -c "from PIL import Image"`, false, ExtensionNotBuilt, "PIL._imaging", ActionRecord, ""},
		{"needs-service/hiredis-readme-connect-refused.log", PhaseCommand, `printf '%s' $'#include "hiredis.h"\n\nint main(void) {\n    redisContext *c = redisConnect("127.0.0.1", 6379);\n' > .heragent-example-1.c && cc -o /tmp/e .heragent-example-1.c -I. && /tmp/e`, false, NeedsService, "Redis", ActionRunWithService, "redis-server"},
		{"needs-service/hiredis-test-redis-refused.log", PhaseCommand, "printf 'hello world\\nhello again\\n' | timeout 10 ./build/hiredis-test", false, NeedsService, "Redis", ActionRunWithService, "redis-server"},
		{"network/test-urlopen.log", PhaseCommand, "python3 -m unittest discover", false, NeedsNetwork, "", ActionRecord, ""},
		{"test-environment/tkinter-no-display.log", PhaseCommand, "python3 gui_test.py", false, NeedsDisplay, "", ActionRunWithDisplay, "xvfb"},
		{"test-environment/karma-chromium-no-display-chartjs.log", PhaseCommand, "npm test", false, NeedsDisplay, "", ActionRunWithDisplay, "xvfb"},
		{"test-environment/glfw-no-display.log", PhaseCommand, "./build/examples/boing", false, NeedsDisplay, "", ActionRunWithDisplay, "xvfb"},
		{"rejected/python-example-nameerror.log", PhaseCommand, "printf '%s' $'r = requests.post(url=url)\n' > .heragent-example-1.py && timeout 60 python3 .heragent-example-1.py", false, IncompleteExample, "requests", ActionRecord, ""},
		{"rejected/python-example-relative-import.log", PhaseCommand, "printf '%s' $'import factory\nfrom . import models\n' > .heragent-example-1.py && timeout 60 python3 .heragent-example-1.py", false, IncompleteExample, "", ActionRecord, ""},
		{"rejected/node-example-referenceerror.log", PhaseCommand, "printf '%s' $'x\n' > .heragent-example-2.cjs && timeout 60 node .heragent-example-2.cjs", false, IncompleteExample, "url", ActionRecord, ""},
		{"test-environment/bubbletea-no-tty.log", PhaseCommand, "go run .", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/tig-dash-no-tty.log", PhaseCommand, "make test", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/kilo-ioctl-no-tty.log", PhaseCommand, "./kilo hello", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/node-clearline-no-tty.log", PhaseCommand, "make test", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/go-prompt-panic-no-tty.log", PhaseCommand, "go run .", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/nnn-alternate-screen-no-tty.log", PhaseCommand, "printf 'hello world\\nhello again\\n' | timeout 10 ./nnn", false, NeedsTTY, "", ActionRunWithTTY, ""},
		{"test-environment/mount-permission.log", PhaseCommand, "mount -t tmpfs none /mnt", false, NeedsRoot, "", ActionRecord, ""},
		{"test-environment/serial-port-absent.log", PhaseCommand, "timeout 60 python3 .heragent-example-2.py", false, NeedsDevice, "/dev/ttyUSB0", ActionRecord, ""},
		{"sound-device/alsa-no-card-miniaudio.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, NeedsAudio, "", ActionEdit, "/etc/asound.conf"},
		{"pytest-nose/excerpt-humanfriendly.log", PhaseCommand, "python -m pytest -q", false, PytestNose, "humanfriendly.tests", ActionEdit, "-p no:nose"}, // the loop's condensed log (repair.Excerpt)
		{"pytest-nose/imported-setup-humanfriendly.log", PhaseCommand, "python -m pytest -q", false, PytestNose, "humanfriendly.tests", ActionEdit, "-p no:nose"},
		{"pytest-stdin/pytest-invoke-runner-stdin.log", PhaseCommand, "python -m pytest -q", false, PytestStdin, "", ActionEdit, "--capture=no"},
		{"go-test-vet/printf-newline-statik.log", PhaseCommand, "go test -v ./...", false, GoTestVet, "fmt.Println arg list ends with redundant newline", ActionEdit, "persist_env GOFLAGS -vet=off"},
		{"test-environment/docker-client-absent-dive.log", PhaseCommand, "go test -v ./...", false, NeedsContainerEngine, "", ActionRecord, ""},
		{"test-environment/docker-client-not-found-libssh2.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, NeedsContainerEngine, "", ActionRecord, ""},
		{"subordinate-ids/unshare-map-auto-sysklogd.log", PhaseCommand, "make check", false, NeedsSubIDs, "", ActionEdit, "pkg_install uidmap"},
		{"node-heap/jest-heap-mobx.log", PhaseCommand, "npm test", false, NodeHeap, "", ActionEdit, "persist_env NODE_OPTIONS '--max-old-space-size=4096'"},
		{"test-environment/camera-absent.log", PhaseCommand, "go run ./cmd/capture", false, NeedsDevice, "/dev/video0", ActionRecord, ""},
		{"timeout/sleep.log", PhaseCommand, "make test", true, Timeout, "make test", ActionRetryLonger, ""},
		{"compile-error/gcc-missing-semicolon.log", PhaseCommand, "gcc -Wall -o demo main.c", false, CompileError, "main.c", ActionNone, ""},
		{"compile-error/cmake-optional-package-then-project-code.log", PhaseSetup, "", false, CompileError, "/repo/src/civetweb.c", ActionNone, ""}, // civetweb: CMake went on past "-- Could NOT find WinSock"
		{"tests-disabled/ctest-msgpack-no-tests.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, TestsDisabled, "", ActionEdit, "cmake -DMSGPACK_BUILD_TESTS=ON -S . -B build"},
		{"not-executable/cmake-sol2-single-py.log", PhaseCommand, "cmake build -DSOL2_SINGLE=ON && cmake --build build", false, NotExecutable, "single/single.py", ActionEdit, "chmod +x single/single.py"},
		{"non-root/ctest-libuv-root.log", PhaseCommand, "(cd build && ctest -C Debug --output-on-failure)", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/ctest-flac-are-you-root.log", PhaseCommand, "cmake --build build --target test", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/distccd-permission-denied.log", PhaseCommand, "make check", false, NeedsNonRoot, "", ActionRunAsUser, "chown -R heragent"},
		{"non-root/ctest-mosquitto-drop-privileges.log", PhaseCommand, "ctest --test-dir build --output-on-failure", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/memcached-root.log", PhaseCommand, "./memcached", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/memcached-old-root.log", PhaseCommand, "./memcached", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/postgres-root.log", PhaseCommand, "postgres -D data", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/go-test-no-permission-error.log", PhaseCommand, "go test -v ./...", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"non-root/pytest-did-not-raise-permission.log", PhaseCommand, "python -m pytest -q", false, NeedsNonRoot, "", ActionRunAsUser, "useradd"},
		{"dependency-version/pytest-pip-check-httpx.log", PhaseCommand, "python -m pytest -q", false, DependencyVersion, "httpcore 0.16.3 (httpx 0.0.0 asks httpcore==1.*)", ActionRecord, ""},
		{"dependency-version/pytest-import-name-typing-extensions.log", PhaseCommand, "python -m pytest -q", false, DependencyVersion, "typing_extensions has no TypeIs (Debian's, /usr/lib/python3/dist-packages/typing_extensions.py)", ActionRecord, ""},
		{"dependency-version/module-attribute-sqlalchemy-flask-sqlalchemy.log", PhaseCommand, "python -m pytest -q", false, DependencyVersion, "sqlalchemy.orm has no DeclarativeBase (the installed version)", ActionRecord, ""},
		{"checkout-name/go-test-hclog-caller.log", PhaseCommand, "go test -v ./...", false, CheckoutName, "go-hclog", ActionEdit, "persist_env GOFLAGS -trimpath"},
		{"git-identity/pytest-commit-all-repos.log", PhaseCommand, "python -m pytest -q", false, GitIdentity, "", ActionEdit, "persist_env GIT_AUTHOR_NAME heragent"},
		{"pytest-collection/nameerror-guarded-import-mccabe.log", PhaseCommand, "python -m pytest -q", false, PytestCollection, "test_mccabe.py", ActionEdit, "--continue-on-collection-errors"},
		{"pytest-collection/cannot-import-name.log", PhaseCommand, "python -m pytest -q", false, PytestCollection, "tests/test_compat.py", ActionEdit, "--continue-on-collection-errors"},
		{"test-failure/unittest.log", PhaseCommand, "python3 -m unittest discover -v", false, TestFailure, "test_add", ActionRecord, ""},
		{"test-failure/go-test.log", PhaseCommand, "go test ./...", false, TestFailure, "TestAdd", ActionRecord, ""},
		{"test-failure/golden-diff-better-exceptions.log", PhaseCommand, "./test_all.sh", false, TestFailure, "", ActionRecord, ""}, // the output differs from the recorded one: diff's hunks
		{"test-failure/meson-test-openh264.log", PhaseCommand, "meson test -C build", false, TestFailure, "encoder", ActionRecord, ""},
		{"test-failure/cmake-check-tcpdump-summary.log", PhaseCommand, "cmake --build build --target check", false, TestFailure, "", ActionRecord, ""},
		{"test-failure/node-tap-semver.log", PhaseCommand, "npm test", false, TestFailure, "test/bin/semver.js", ActionRecord, ""},
		{"test-failure/node-test-runner-fastify.log", PhaseCommand, "npm test", false, TestFailure, "fastify.all should add all the methods to the same url", ActionRecord, ""},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.log, ".log"), func(t *testing.T) {
			f := Failure{Phase: tc.phase, Command: tc.command, ExitCode: 1, TimedOut: tc.timedOut, Log: readLog(t, tc.log), Repo: repo} // as the engine gives it
			ds := Diagnose(f)
			k := slices.IndexFunc(ds, func(d Diagnosis) bool { return d.Kind == tc.kind })
			if k < 0 || ds[k].Subject != tc.subject {
				t.Fatalf("Diagnose: got %+v, want %s %q", ds, tc.kind, tc.subject)
			}
			if ds[k].Rule == "" || ds[k].Evidence == "" {
				t.Fatalf("diagnosis without rule or evidence: %+v", ds[k])
			}
			file := sampleFile(t)
			before := file.Render()
			ctx := &Context{File: file, Index: fakeIndex, Repo: repo}
			ps := Propose(ctx, f)
			if len(ps) != len(ds) {
				t.Fatalf("%d proposals for %d diagnoses", len(ps), len(ds))
			}
			p := ps[k]
			if file.Render() != before {
				t.Fatal("Propose changed ctx.File")
			}
			if p.Action != tc.action || p.Rule != ds[k].Rule || p.Reason == "" {
				t.Fatalf("proposal: %+v, want action %s by %s", p, tc.action, ds[k].Rule)
			}
			if p.Action != ActionEdit && p.Action != ActionRunAsUser && p.Action != ActionRunWithDisplay && p.Action != ActionRunWithService {
				if len(p.Edits) != 0 {
					t.Fatalf("%s proposal with edits: %+v", p.Action, p.Edits)
				}
				if p.Action == ActionRetry || p.Action == ActionRetryLonger {
					// A retry is tried once; the same failure after it is recorded.
					ctx2 := &Context{File: file, Index: fakeIndex, Repo: repo, Attempts: []Proposal{p}}
					if again := Propose(ctx2, f)[k]; again.Action != ActionRecord {
						t.Errorf("after one %s: %+v, want record", p.Action, again)
					}
				}
				return
			}
			work := file.Clone()
			found := false
			for _, e := range p.Edits {
				if e.Why.Source != "repair:"+p.Rule || e.Why.Note == "" {
					t.Errorf("edit provenance %+v", e.Why)
				}
				changed, err := work.Apply(e)
				if err != nil || !changed {
					t.Fatalf("Apply(%s) = %v, %v", e, changed, err)
				}
				found = found || strings.Contains(e.Command, tc.wantInEdit) || slices.Contains(e.Packages, tc.wantInEdit)
			}
			if !found {
				t.Errorf("no edit contains %q: %+v", tc.wantInEdit, p.Edits)
			}
			if err := work.Validate(); err != nil {
				t.Fatalf("repaired file invalid: %v\n%s", err, work.Render())
			}
			// Proposing again on the repaired file is not an edit any more.
			ctx2 := &Context{File: work, Index: fakeIndex, Repo: repo, Attempts: []Proposal{p}}
			if again := Propose(ctx2, f)[k]; again.Action == ActionEdit {
				t.Errorf("second proposal on the repaired file is still an edit: %+v", again)
			}
			if _, err := json.Marshal(p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Every excerpt in testdata is used by a test, and every rule has one.
func TestEveryRuleHasExcerpts(t *testing.T) {
	for _, r := range Rules {
		m, _ := filepath.Glob(filepath.Join("testdata", r.Name(), "*.log"))
		if len(m) == 0 {
			t.Errorf("rule %s has no excerpt under testdata/%s", r.Name(), r.Name())
		}
	}
}

// A configure script that found no C compiler gets the compiler, its C
// library headers and make in one edit: the Makefile it writes is built
// next (nginx's auto/configure found cc, then make, missing one full
// setup run apart).
func TestMissingCompilerBringsMake(t *testing.T) {
	log, err := os.ReadFile("testdata/missing-executable/auto-configure-no-cc.log")
	if err != nil {
		t.Fatal(err)
	}
	ctx := &Context{File: bashfile.New(), Index: fakeIndex}
	ps := Propose(ctx, Failure{Phase: PhaseCommand, Command: "auto/configure", ExitCode: 1, Log: string(log)})
	var pkgs []string
	for _, p := range ps {
		for _, e := range p.Edits {
			pkgs = append(pkgs, e.Packages...)
		}
	}
	for _, want := range []string{"gcc", "libc6-dev", "make"} {
		if !slices.Contains(pkgs, want) {
			t.Errorf("packages %q lack %s", pkgs, want)
		}
	}
}

// A dependency older than the project needs explains, it does not repair:
// the test modules that collect still run past the one that does not
// (bidict: pytest-collection stays beside dependency-version).
func TestDependencyVersionKeepsTheCollectionFallback(t *testing.T) {
	log, err := os.ReadFile(filepath.Join("testdata", "dependency-version", "pytest-import-name-typing-extensions.log"))
	if err != nil {
		t.Fatal(err)
	}
	ds := Diagnose(Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: string(log)})
	kinds := map[Kind]bool{}
	for _, d := range ds {
		kinds[d.Kind] = true
	}
	if !kinds[DependencyVersion] || !kinds[PytestCollection] {
		t.Fatalf("diagnoses %+v", ds)
	}
}
