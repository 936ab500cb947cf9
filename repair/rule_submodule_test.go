package repair

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// Submodules that cannot be fetched: googletest comes from Debian's
// sources, a benchmark guarded by a project option is switched off, and
// the fetch that cannot succeed leaves the Bash File.
func TestSubmodulesThatCannotBeFetched(t *testing.T) {
	repo := fstest.MapFS{
		".gitmodules": {Data: []byte("[submodule \"third_party/googletest\"]\n\tpath = third_party/googletest\n[submodule \"third_party/benchmark\"]\n\tpath = third_party/benchmark\n")},
		".git/HEAD":   {Data: []byte("ref: refs/heads/main\n")},
		"CMakeLists.txt": {Data: []byte("project(leveldb CXX)\noption(LEVELDB_BUILD_TESTS \"tests\" ON)\noption(LEVELDB_BUILD_BENCHMARKS \"benchmarks\" ON)\n" +
			"if(LEVELDB_BUILD_TESTS)\n  enable_testing()\n  add_subdirectory(\"third_party/googletest\")\nendif(LEVELDB_BUILD_TESTS)\n" +
			"if(LEVELDB_BUILD_BENCHMARKS)\n  if(NOT BENCHMARK_FOUND)\n    add_subdirectory(\"third_party/benchmark\")\n  endif()\nendif(LEVELDB_BUILD_BENCHMARKS)\n")},
	}
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.AddPackages(bashfile.Base, why, "build-essential", "cmake", "git")
	f.Append(bashfile.Base, submoduleInit, why)
	f.Append(bashfile.Build, "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release", why)
	log := readLog(t, "missing-submodule/leveldb-clone-unreachable.log")
	ps := Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseSetup, Section: bashfile.Base, ExitCode: 1, Log: log})
	g := f.Clone()
	for _, p := range ps {
		for _, e := range p.Edits {
			g.Apply(e)
		}
	}
	script := g.Render()
	for _, want := range []string{"googletest", "cp -r /usr/src/googletest third_party/googletest", "-DLEVELDB_BUILD_BENCHMARKS=OFF"} {
		if !strings.Contains(script, want) {
			t.Errorf("repaired Bash File lacks %q; proposals %+v", want, ps)
		}
	}
	if strings.Contains(script, "submodule update") {
		t.Errorf("the fetch that cannot succeed is still in the Bash File")
	}

	// the planner's fetch, which goes on when the clone fails: the first
	// setup's log holds the clone's failure and the build's, and one
	// repair answers both
	f = bashfile.New()
	f.AddPackages(bashfile.Base, why, "build-essential", "cmake", "git")
	f.Append(bashfile.Runtimes, submoduleInit+` || log "some submodules could not be fetched"`, why)
	f.Append(bashfile.Build, "cmake -S . -B build", why)
	log += "CMake Error at CMakeLists.txt:411 (add_subdirectory):\n  The source directory\n\n    /repo/third_party/benchmark\n\n  does not contain a CMakeLists.txt file.\n"
	ps = Propose(&Context{File: f, Repo: repo}, Failure{Phase: PhaseSetup, Section: bashfile.Build, ExitCode: 1, Log: log})
	g = f.Clone()
	for _, p := range ps {
		for _, e := range p.Edits {
			g.Apply(e)
		}
	}
	script = g.Render()
	if !strings.Contains(script, "cmake -DLEVELDB_BUILD_BENCHMARKS=OFF -S . -B build") || strings.Contains(script, "submodule update") {
		t.Errorf("after the planner's fetch failed: %s\nproposals %+v", script, ps)
	}
}

// Tests that read a submodule's data fail on a missing path inside it:
// named as that submodule.
func TestMissingPathInASubmodule(t *testing.T) {
	repo := fstest.MapFS{".gitmodules": {Data: []byte("[submodule \"toml-test\"]\n\tpath = tests/toml-test\n\turl = https://github.com/BurntSushi/toml-test.git\n")}}
	log := readLog(t, "missing-submodule/tomlkit-test-data.log")
	ps := Propose(&Context{File: bashfile.New(), Repo: repo}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: log})
	if len(ps) == 0 || ps[0].Rule != "missing-submodule" || !strings.Contains(ps[0].Reason, "submodule tests/toml-test") {
		t.Fatalf("proposals %+v", ps)
	}
	// no .git to fetch it from: the directory its tests list is made empty
	// (every test module failed to collect: going on past collection
	// errors would run none), and the fallback gives way
	if len(ps[0].Edits) != 1 || ps[0].Edits[0].Command != "mkdir -p 'tests/toml-test/tests'" {
		t.Errorf("edits %+v", ps[0].Edits)
	}
	for _, p := range ps[1:] {
		if p.Action == ActionEdit {
			t.Errorf("another edit beside the submodule's: %+v", p)
		}
	}
	// with a .git: the fetch first; once tried, the empty directory
	repo[".git/HEAD"] = &fstest.MapFile{Data: []byte("ref: refs/heads/master\n")}
	ps = Propose(&Context{File: bashfile.New(), Repo: repo}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: log})
	if !strings.Contains(ps[0].Edits[len(ps[0].Edits)-1].Command, "submodule update") {
		t.Fatalf("the fetch is not tried first: %+v", ps[0])
	}
	ps = Propose(&Context{File: bashfile.New(), Repo: repo, Attempts: ps[:1]}, Failure{Phase: PhaseCommand, Command: "python -m pytest -q", ExitCode: 2, Log: log})
	if len(ps[0].Edits) != 1 || ps[0].Edits[0].Command != "mkdir -p 'tests/toml-test/tests'" {
		t.Errorf("after the fetch was tried: %+v", ps[0])
	}
}

// Node's spelling of the same: "ENOENT: no such file or directory,
// scandir '/repo/spec/mustache/specs/'" (handlebars.js' spec file).
func TestMissingPathInASubmoduleNode(t *testing.T) {
	repo := fstest.MapFS{".gitmodules": {Data: []byte("[submodule \"spec/mustache\"]\n\tpath = spec/mustache\n\turl = https://github.com/mustache/spec.git\n")}}
	log := readLog(t, "missing-submodule/vitest-enoent-handlebars.log")
	ps := Propose(&Context{File: bashfile.New(), Repo: repo}, Failure{Phase: PhaseCommand, Command: "npm test", ExitCode: 1, Log: log})
	if len(ps) == 0 || ps[0].Rule != "missing-submodule" || !strings.Contains(ps[0].Reason, "submodule spec/mustache") {
		t.Fatalf("proposals %+v", ps)
	}
	if len(ps[0].Edits) != 1 || ps[0].Edits[0].Command != "mkdir -p 'spec/mustache/specs'" {
		t.Errorf("edits %+v", ps[0].Edits)
	}
}

// Node's module resolution of a file in the submodule: "Cannot find
// module '/repo/test/vectors/acvp-vectors/utils.js' imported from
// /repo/test/utils.ts" (noble-hashes): the unfetched submodule is named.
func TestMissingModuleInASubmoduleNode(t *testing.T) {
	repo := fstest.MapFS{".gitmodules": {Data: []byte("[submodule \"test/vectors/acvp-vectors\"]\n\tpath = test/vectors/acvp-vectors\n  url = https://github.com/paulmillr/acvp-vectors.git\n")}}
	log := readLog(t, "missing-submodule/node-esm-noble-hashes.log")
	ps := Propose(&Context{File: bashfile.New(), Repo: repo}, Failure{Phase: PhaseCommand, Command: "npm test", ExitCode: 1, Log: log})
	if len(ps) == 0 || ps[0].Rule != "missing-submodule" || !strings.Contains(ps[0].Reason, "submodule test/vectors/acvp-vectors") {
		t.Fatalf("proposals %+v", ps)
	}
}
