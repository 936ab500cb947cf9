package repair

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// FetchContent's download fails offline: Debian's sources of googletest
// take its place, an installed CMake package (Catch2) is found first, and
// what neither covers is recorded with the host it comes from.
func TestFetchContentOffline(t *testing.T) {
	repo := fstest.MapFS{
		"CMakeLists.txt":       {Data: []byte("project(fcdemo CXX)\ninclude(FetchContent)\nFetchContent_Declare(\n  googletest\n  URL https://github.com/google/googletest/archive/03597a0.zip\n)\nFetchContent_MakeAvailable(googletest)\nFetchContent_Declare(SomeLib URL https://example.org/somelib.tar.gz)\n")},
		"tests/CMakeLists.txt": {Data: []byte("find_package(Catch2 3 QUIET)\nFetchContent_Declare(Catch2\n        GIT_REPOSITORY https://github.com/catchorg/Catch2.git\n        GIT_TAG 53d0d91)\nFetchContent_MakeAvailable(Catch2)\n")},
	}
	index := MapIndex{CMakePackages: map[string][]string{"Catch2": {"catch2"}}}
	for _, tc := range []struct {
		log, subject, want string
		action             Action
		attempts           int // earlier proposals of this rule applied
	}{
		{"fetch-content/googletest-url-unreachable.log", "googletest", "-DFETCHCONTENT_SOURCE_DIR_GOOGLETEST=/usr/src/googletest", ActionEdit, 0},
		{"fetch-content/spdlog-catch2-no-git.log", "catch2", "-DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS", ActionEdit, 0},
		// the provider that finds it gives its namespaced targets their
		// plain names (lexy links doctest, doctest-dev has doctest::doctest)
		{"fetch-content/spdlog-catch2-no-git.log", "catch2", "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=" + fetchProviderFile, ActionEdit, 0},
		{"fetch-content/spdlog-catch2-no-git.log", "catch2", "add_library(${heragent_plain} INTERFACE IMPORTED)", ActionEdit, 0},
		// the package was not enough: git, which the sub-build lacked
		{"fetch-content/spdlog-catch2-no-git.log", "catch2", "git", ActionEdit, 1},
	} {
		f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, tc.log)}
		var d Diagnosis
		for _, x := range Diagnose(f) {
			if x.Kind == FetchContentDownload {
				d = x
			}
		}
		if d.Subject != tc.subject {
			t.Fatalf("%s: diagnoses %+v, want fetch_content %s", tc.log, Diagnose(f), tc.subject)
		}
		file := bashfile.New()
		w := bashfile.Provenance{Source: "test"}
		file.Append(bashfile.Build, "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release", w)
		ctx := &Context{File: file, Index: index, Repo: repo}
		for i := 0; i < tc.attempts; i++ {
			p, _ := fetchContent{}.Propose(d, ctx)
			for _, e := range p.Edits {
				ctx.File.Apply(e)
			}
			ctx.Attempts = append(ctx.Attempts, p)
		}
		p, _ := fetchContent{}.Propose(d, ctx)
		if p.Action != tc.action {
			t.Fatalf("%s: %+v, want %s", tc.log, p, tc.action)
		}
		g := ctx.File.Clone()
		for _, e := range p.Edits {
			g.Apply(e)
		}
		if !strings.Contains(g.Render(), tc.want) || !strings.Contains(p.Reason, "github.com") {
			t.Errorf("%s: %s\n%s", tc.log, p.Reason, g.Render())
		}
	}
	// nothing in Debian: recorded, naming the host
	d := Diagnosis{Kind: FetchContentDownload, Subject: "somelib", Evidence: "CMake step for somelib failed: 1"}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
	if p, _ := (fetchContent{}).Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo}); p.Action != ActionRecord || !strings.Contains(p.Reason, "SomeLib from example.org") {
		t.Errorf("without a Debian substitute: %+v", p)
	}
}

// A project's own download of googletest (not FetchContent, though it
// prints the same "CMake step for googletest failed") looks for the
// sources at a cache path first: google/benchmark's GOOGLETEST_PATH is
// pointed at Debian's /usr/src/googletest.
func TestOwnDownloadTakesDebianSources(t *testing.T) {
	repo := fstest.MapFS{
		"CMakeLists.txt":         {Data: []byte("project(benchmark)\ninclude(GoogleTest)\n")},
		"cmake/GoogleTest.cmake": {Data: []byte("set(GOOGLETEST_PATH \"${CMAKE_CURRENT_SOURCE_DIR}/googletest\" CACHE PATH \"\") # Mind the quotes\n")},
	}
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "fetch-content/benchmark-own-download.log")}
	var d Diagnosis
	for _, x := range Diagnose(f) {
		if x.Kind == FetchContentDownload {
			d = x
		}
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -DFETCHCONTENT_SOURCE_DIR_GOOGLETEST=/usr/src/googletest -S . -B build", bashfile.Provenance{Source: "test"})
	p, _ := fetchContent{}.Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo})
	if p.Action != ActionEdit || !strings.Contains(p.Edits[len(p.Edits)-1].Command, "-DGOOGLETEST_PATH=/usr/src/googletest") {
		t.Fatalf("%+v (diagnosis %+v)", p, d)
	}
}

// A project whose option chooses between downloading a dependency and
// the installed one is configured the installed way, with Debian's
// package of the CMake package it looks for; an option already set that
// way, or one naming another dependency, is left alone.
func TestDownloadSwitch(t *testing.T) {
	f := Failure{Phase: PhaseCommand, ExitCode: 1, Log: readLog(t, "fetch-content/phmap-download-switch.log")}
	var d Diagnosis
	for _, x := range Diagnose(f) {
		if x.Kind == FetchContentDownload {
			d = x
		}
	}
	if d.Subject != "googletest" {
		t.Fatalf("diagnoses %+v", Diagnose(f))
	}
	for _, tc := range []struct{ cmake, want string }{
		{"option(PHMAP_DOWNLOAD_GTEST \"Whether to download gtest or use installed version\" ON)\nfind_package(GTest CONFIG)\n", "-DPHMAP_DOWNLOAD_GTEST=OFF"},
		{"option(YAML_USE_SYSTEM_GTEST \"Use system googletest if found\" OFF)\nfind_package(GTest)\n", "-DYAML_USE_SYSTEM_GTEST=ON"},
		{"option(X_USE_SYSTEM_GTEST \"Use system googletest\" ON)\n", "-DFETCHCONTENT_SOURCE_DIR_GOOGLETEST"},
		{"option(X_DOWNLOAD_EIGEN \"Download Eigen\" ON)\n", "-DFETCHCONTENT_SOURCE_DIR_GOOGLETEST"},
	} {
		repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte(tc.cmake)}, "cmake/DownloadGTest.cmake": {Data: []byte("message(FATAL_ERROR \"CMake step for googletest failed: ${result}\")\n")}}
		file := bashfile.New()
		file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
		p, _ := fetchContent{}.Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo})
		if p.Action != ActionEdit || !strings.Contains(p.Edits[len(p.Edits)-1].Command, tc.want) {
			t.Errorf("%q: %+v", tc.cmake, p)
		}
		if strings.Contains(tc.want, "GTEST=") && !slices.Contains(p.Edits[0].Packages, "libgmock-dev") {
			t.Errorf("%q: packages %v", tc.cmake, p.Edits[0].Packages)
		}
	}
}

// A download no Debian package replaces, declared under a project option
// (fast_float's supplemental test files under
// `if (FASTFLOAT_SUPPLEMENTAL_TESTS)`, on by default), is configured
// away by turning the option off; under `if (NOT OPT)`, by turning it on.
func TestFetchContentGuardedByAnOption(t *testing.T) {
	f := Failure{Phase: PhaseCommand, ExitCode: 1, Log: readLog(t, "fetch-content/optional-test-data-guarded.log")}
	var d Diagnosis
	for _, x := range (fetchContent{}).Diagnose(f) {
		if x.Kind == FetchContentDownload {
			d = x
		}
	}
	if d.Subject != "supplemental_test_files" || d.Detail != "tests/CMakeLists.txt" {
		t.Fatalf("diagnosis %+v", d)
	}
	for _, tc := range []struct{ guard, open, want string }{
		{"if (FASTFLOAT_SUPPLEMENTAL_TESTS)", "FetchContent_Declare(", "-DFASTFLOAT_SUPPLEMENTAL_TESTS=OFF"},
		{"if(NOT FASTFLOAT_NO_SUPPLEMENTAL)", "FetchContent_Declare(", "-DFASTFLOAT_NO_SUPPLEMENTAL=ON"},
		// the name on the next line (libfyaml's yaml_test_suite under ENABLE_NETWORK)
		{"if(ENABLE_NETWORK)", "FetchContent_Declare(\n    ", "-DENABLE_NETWORK=OFF"},
	} {
		opt := cmakeIfRe.FindStringSubmatch(tc.guard)[2]
		repo := fstest.MapFS{"tests/CMakeLists.txt": {Data: []byte("include(FetchContent)\noption(" + opt + " \"Run supplemental tests\" ON)\n" +
			tc.guard + "\n  " + tc.open + "supplemental_test_files\n    GIT_REPOSITORY https://github.com/fastfloat/supplemental_test_files.git)\nendif()\n")}}
		file := bashfile.New()
		file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
		p, _ := fetchContent{}.Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo})
		if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, tc.want) || !strings.Contains(p.Reason, "does not run here") {
			t.Errorf("%s: %+v", tc.guard, p)
		}
	}
	// not under an option of the project: recorded
	repo := fstest.MapFS{"tests/CMakeLists.txt": {Data: []byte("if (UNIX)\n  FetchContent_Declare(supplemental_test_files GIT_REPOSITORY https://github.com/x/y.git)\nendif()\n")}}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "test"})
	if p, _ := (fetchContent{}).Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo}); p.Action != ActionRecord {
		t.Errorf("without an option: %+v", p)
	}
}

// googletest's old download sub-build (fastpfor: configure_file of
// googletest-download/CMakeLists.txt, ExternalProject's git clone run at
// configure time under `if(WITH_TEST)`) takes no FetchContent source
// directory: once Debian's sources did not help, the tests' option is
// turned off.
func TestDownloadSubBuildGuardedByAnOption(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "fetch-content/googletest-download-subbuild-fastpfor.log")}
	var d Diagnosis
	for _, x := range (fetchContent{}).Diagnose(f) {
		if x.Kind == FetchContentDownload {
			d = x
		}
	}
	if d.Subject != "googletest" {
		t.Fatalf("diagnosis %+v", d)
	}
	repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte("option(WITH_TEST \"Build with Google Test\" ON)\n\nif(WITH_TEST)\n" +
		"  configure_file(CMakeLists.txt.in googletest-download/CMakeLists.txt)\n  execute_process(COMMAND ${CMAKE_COMMAND} .\n    RESULT_VARIABLE result)\n" +
		"  if(result)\n    message(FATAL_ERROR \"CMake step for googletest failed: ${result}\")\n  endif()\nendif()\n")}}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -DFETCHCONTENT_SOURCE_DIR_GOOGLETEST=/usr/src/googletest -S . -B build", bashfile.Provenance{Source: "test"})
	file.AddPackages(bashfile.Base, bashfile.Provenance{Source: "test"}, "git")
	p, _ := fetchContent{}.Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo})
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "-DWITH_TEST=OFF") {
		t.Errorf("%+v", p)
	}
}

// sol2 downloads lua-vanilla because its cache variable SOL2_BUILD_LUA
// (on) builds Lua itself; off, its find_package(Lua) takes Debian's.
func TestDownloadSwitchBuildsDependency(t *testing.T) {
	repo := fstest.MapFS{"CMakeLists.txt": {Data: []byte("set(SOL2_BUILD_LUA TRUE CACHE BOOL \"Always build Lua, do not search for it in the system\")\n" +
		"if (SOL2_BUILD_LUA)\n\tfind_package(LuaBuild REQUIRED)\nelse()\n\tfind_package(Lua 5.4 EXACT REQUIRED)\nendif()\n")}}
	ctx := &Context{Index: MapIndex{}, Repo: repo}
	flag, pkgs := downloadSwitch(ctx, Diagnosis{Kind: FetchContentDownload, Subject: "lua-vanilla"}, "lua-vanilla", "cmake -S . -B build")
	if flag != "-DSOL2_BUILD_LUA=OFF" || !slices.Contains(pkgs, "liblua5.4-dev") {
		t.Fatalf("flag %q, packages %v", flag, pkgs)
	}
	// googletest's X_BUILD_GTEST may switch the tests: Debian's sources serve it
	repo = fstest.MapFS{"CMakeLists.txt": {Data: []byte("option(X_BUILD_GTEST \"Build the tests with gtest\" ON)\nfind_package(GTest)\n")}}
	if flag, _ := downloadSwitch(&Context{Index: MapIndex{}, Repo: repo}, Diagnosis{Subject: "googletest"}, "googletest", "cmake -S . -B build"); flag != "" {
		t.Fatalf("googletest: %q", flag)
	}
}

// A download made by an optional directory of the project (libical's Java
// bindings, src/java, added under `if(LIBICAL_JAVA_BINDINGS)` from the
// option its own macro declares) goes with that directory, not with the
// tests the Bash File turned on around the find_package that made it.
func TestFetchContentOfAnOptionalComponent(t *testing.T) {
	f := Failure{Phase: PhaseSetup, ExitCode: 1, Log: readLog(t, "fetch-content/optional-component-junit-libical.log")}
	var d Diagnosis
	for _, x := range Diagnose(f) {
		if x.Kind == FetchContentDownload {
			d = x
		}
	}
	if d.Subject != "junit" || !strings.Contains(d.Detail, "src/java/CMakeLists.txt") {
		t.Fatalf("diagnosis %+v", d)
	}
	repo := fstest.MapFS{
		"CMakeLists.txt":                {Data: []byte("libical_option(LIBICAL_BUILD_TESTING \"Build tests\" False)\nlibical_option(LIBICAL_JAVA_BINDINGS \"Build the Java bindings\" True)\nadd_subdirectory(src)\n")},
		"src/CMakeLists.txt":            {Data: []byte("add_subdirectory(libical)\nif(LIBICAL_BUILD_TESTING)\n  add_subdirectory(test)\nendif()\nif(LIBICAL_JAVA_BINDINGS)\n  add_subdirectory(java)\nendif()\n")},
		"src/java/CMakeLists.txt":       {Data: []byte("add_jar(libical_jar SOURCES x.java)\nif(LIBICAL_BUILD_TESTING)\n  find_package(JUnit QUIET)\nendif()\n")},
		"cmake/modules/FindJUnit.cmake": {Data: []byte("FetchContent_Declare(junit URL \"https://repo1.maven.org/maven2/junit.jar\" DOWNLOAD_NO_EXTRACT TRUE)\nFetchContent_MakeAvailable(junit)\n")},
	}
	file := bashfile.New()
	file.Append(bashfile.Build, "cmake -S . -B build -DLIBICAL_BUILD_TESTING=ON", bashfile.Provenance{Source: "test"})
	p, _ := fetchContent{}.Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo})
	if p.Action != ActionEdit || len(p.Edits) != 1 || !strings.Contains(p.Edits[0].Command, "-DLIBICAL_JAVA_BINDINGS=OFF") || strings.Contains(p.Edits[0].Command, "LIBICAL_BUILD_TESTING=OFF") {
		t.Fatalf("proposal %+v", p)
	}
	// the directory added whatever the options: recorded
	repo["src/CMakeLists.txt"] = &fstest.MapFile{Data: []byte("add_subdirectory(java)\n")}
	if p, _ := (fetchContent{}).Propose(d, &Context{File: file, Index: MapIndex{}, Repo: repo}); p.Action != ActionRecord {
		t.Fatalf("unguarded: %+v", p)
	}
}
