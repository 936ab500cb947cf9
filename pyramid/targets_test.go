package pyramid

import (
	"context"
	"github.com/heragent/heragent/pyramid/results"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A program the build installs is the project's own tool wherever it is
// kept (c-ares' src/tools); a program given an output directory of its
// own is run from there, in the build tree of a project that sits in a
// subdirectory (expat/CMakeLists.txt builds in expat/build).
func TestInstalledToolsAndTheirDirectories(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt":           "project(c-ares C)\nadd_library(cares src/lib/ares.c)\nadd_subdirectory(src/tools)\nadd_subdirectory(test)\n",
		"src/lib/ares.c":           "int ares_init(void) { return 0; }\n",
		"src/tools/CMakeLists.txt": "add_executable(ahost ahost.c)\ninstall(TARGETS ahost ${DEST})\nadd_executable(gen gen.c)\n",
		"src/tools/ahost.c":        "#include <stdio.h>\nint main(int argc, char **argv) { if (argc < 2) { fprintf(stderr, \"usage: ahost {host|addr}\\n\"); return 1; } return 0; }\n",
		"src/tools/gen.c":          "int main(void) { return 0; }\n",
	}
	texts := commandTexts(synthesized(t, testEnv(t, "cares", files, "build", "cmake")))
	if !slices.Contains(texts, "./build/src/tools/ahost") || strings.Contains(strings.Join(texts, "\n"), "gen") {
		t.Errorf("c-ares: %q", texts)
	}

	files = map[string]string{
		"README.md": "# expat\n",
		"expat/CMakeLists.txt": "project(expat C)\nadd_library(expat lib/xmlparse.c)\nset(xmlwf_SRCS xmlwf/codepage.c xmlwf/xmlwf.c)\nadd_executable(xmlwf ${xmlwf_SRCS})\nset_property(TARGET xmlwf PROPERTY RUNTIME_OUTPUT_DIRECTORY xmlwf)\n" +
			"foreach(_target elements)\n  add_executable(${_target} examples/${_target}.c)\n  set_property(TARGET ${_target} PROPERTY RUNTIME_OUTPUT_DIRECTORY examples)\nendforeach()\n",
		"expat/lib/xmlparse.c":      "int XML_Parse(void) { return 0; }\n",
		"expat/xmlwf/codepage.c":    "int codepage(void) { return 0; }\n",
		"expat/xmlwf/xmlwf.c":       "#include <stdio.h>\nint main(void) { char buf[64]; fread(buf, 1, 64, stdin); return 0; }\n",
		"expat/examples/elements.c": "#include <stdio.h>\nint main(void) { char buf[64]; fread(buf, 1, 64, stdin); /* XML */ return 0; }\n",
	}
	texts = commandTexts(synthesized(t, testEnv(t, "expat", files, "expat/build", "cmake")))
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "| ./expat/build/examples/elements") || !strings.Contains(all, "| ./expat/build/xmlwf/xmlwf") {
		t.Errorf("expat: %q", texts)
	}
}

// testEnv is the env of a repository of files, built in buildDir ("" for
// none) with stacks.
func testEnv(t *testing.T, name string, files map[string]string, buildDir string, stacks ...string) *env {
	t.Helper()
	l := bashfile.Layout{}
	if buildDir != "" {
		l.BuildDirs = map[string]string{"cmake": buildDir}
	}
	e, err := newEnv(context.Background(), tempIndex(t, name, files), l, stacks)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// synthesized is what synthesize makes for e.
func synthesized(t *testing.T, e *env) []Command {
	t.Helper()
	cs, err := synthesize(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func commandTexts(cs []Command) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

// A distribution of one module and no package (setup(py_modules=["six"]))
// is imported by the module named like it.
func TestSingleModuleDistributionIsImported(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"setup.py":    "from setuptools import setup\nsetup(name=\"six\", py_modules=[\"six\"])\n",
		"six.py":      "PY3 = True\n",
		"test_six.py": "import six\ndef test_py3():\n    assert six.PY3\n",
	}
	if got := pyPackage(ctx, testEnv(t, "six", files, "", "python")); got != "six" {
		t.Errorf("pyPackage = %q, want six", got)
	}
}

// A distribution whose own module is top-level beside a package of
// add-ons (peewee.py beside playhouse/) is imported by its module.
func TestTopModuleBesideAnAddOnPackage(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"pyproject.toml":         "[project]\nname = \"peewee\"\n",
		"peewee.py":              "class Model: pass\n",
		"playhouse/__init__.py":  "",
		"playhouse/shortcuts.py": "from peewee import Model\n",
	}
	if got := pyPackage(ctx, testEnv(t, "peewee", files, "", "python")); got != "peewee" {
		t.Errorf("pyPackage = %q, want peewee", got)
	}
}

// A test directory spelled with a capital (Pillow's Tests/, a package
// of its helpers) is not the project's package: src/PIL is, though the
// distribution is named pillow.
func TestCapitalisedTestsDirIsNotThePackage(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"pyproject.toml":      "[project]\nname = \"pillow\"\n",
		"src/PIL/__init__.py": "",
		"src/PIL/Image.py":    "def open(fp): pass\n",
		"Tests/__init__.py":   "",
		"Tests/helper.py":     "from PIL import Image\n",
	}
	if got := pyPackage(ctx, testEnv(t, "pillow", files, "", "python")); got != "PIL" {
		t.Errorf("pyPackage = %q, want PIL", got)
	}
}

// A distribution named with a dot whose package lives in a namespace
// (PEP 420: jaraco.functools' jaraco/functools/, no jaraco/__init__.py)
// is imported by the dotted name.
func TestNamespacePackageIsImported(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"pyproject.toml":               "[project]\nname = \"jaraco.functools\"\n",
		"jaraco/functools/__init__.py": "def compose(*funcs):\n    pass\n",
		"test_functools.py":            "from jaraco.functools import compose\n",
	}
	if got := pyPackage(ctx, testEnv(t, "jaraco.functools", files, "", "python")); got != "jaraco.functools" {
		t.Errorf("pyPackage = %q, want jaraco.functools", got)
	}
}

// A script the package installs as it is (script-files: pyelftools'
// scripts/readelf.py) is its program, tried before the examples, and
// run with python from the checkout.
func TestInstalledScriptFileIsTheProgram(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"pyproject.toml":       "[project]\nname = \"elfy\"\n[tool.setuptools]\nscript-files = [\"scripts/readelf.py\"]\n",
		"elfy/__init__.py":     "",
		"scripts/readelf.py":   "import sys\nfrom elfy import x\nif __name__ == '__main__':\n    print(open(sys.argv[1]).read())\n",
		"examples/dump_one.py": "import sys\nif __name__ == '__main__':\n    print(sys.argv[1])\n",
	}
	ps, err := programs(ctx, testEnv(t, "elfy", files, "", "python"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || ps[0].run != "python scripts/readelf.py" {
		var runs []string
		for _, p := range ps {
			runs = append(runs, p.run)
		}
		t.Errorf("programs %q, want python scripts/readelf.py first", runs)
	}
}

// A CMake project whose tests a custom target runs (yajl: no add_test)
// is tested by building that target; one running ctest, or grouping
// others, or linting, is not another suite.
func TestCustomTestTargets(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"CMakeLists.txt": "project(yajl C)\nadd_library(yajl src/yajl.c)\n" +
			"ADD_CUSTOM_TARGET(test ./run_tests.sh ${CMAKE_CURRENT_BINARY_DIR}/test/parsing/yajl_test WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/test/parsing)\n" +
			"add_custom_target(check COMMAND ${CMAKE_CTEST_COMMAND})\nadd_custom_target(tests ALL)\nadd_custom_target(check-format COMMAND clang-format -i x.c)\n",
		"src/yajl.c": "int yajl_parse(void) { return 0; }\n",
	}
	cs, err := mineCMake(ctx, testEnv(t, "yajl", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	if got := commandTexts(cs); !slices.Equal(got, []string{"cmake --build build --target test"}) {
		t.Errorf("mineCMake = %q", got)
	}
}

// A JavaScript project's generator and build scripts are no entry point,
// as a Python project's are not (js-yaml's support/build_demo.js,
// libgit2's script/api-docs/*-generator.js).
func TestJavaScriptHelperScripts(t *testing.T) {
	files := map[string]string{
		"package.json":            `{"name": "js-yaml", "bin": {"js-yaml": "bin/js-yaml.js"}}`,
		"bin/js-yaml.js":          "#!/usr/bin/env node\nconst fs = require('fs');\nconsole.log(fs.readFileSync(process.argv[2], 'utf8'));\n",
		"support/build_demo.js":   "#!/usr/bin/env node\nrequire('fs').writeFileSync('demo/index.html', 'x');\n",
		"examples/sample_docs.js": "#!/usr/bin/env node\nconsole.log(require('../').load('a: 1'));\n",
	}
	all := strings.Join(commandTexts(synthesized(t, testEnv(t, "js-yaml", files, "", "npm"))), "\n")
	if strings.Contains(all, "build_demo") || !strings.Contains(all, "examples/sample_docs.js") {
		t.Errorf("probes:\n%s", all)
	}
}

// Every command of a documented pipeline that runs the project's program
// runs it as built (xkbcommon's `xkbcli dump-keymap | xkbcli compile-keymap`).
func TestPipelineOfTheProjectsProgramsAsBuilt(t *testing.T) {
	e := &env{progs: map[string]string{"xkbcli": "./build/tools/xkbcli", "grep": "grep"}}
	for in, want := range map[string]string{
		"xkbcli dump-keymap | xkbcli compile-keymap --modmaps": "./build/tools/xkbcli dump-keymap | ./build/tools/xkbcli compile-keymap --modmaps",
		"xkbcli list && xkbcli  how-to-type 'a  |  xkbcli'":    "./build/tools/xkbcli list && ./build/tools/xkbcli  how-to-type 'a  |  ./build/tools/xkbcli'",
		"xkbcli --version | grep 1.":                           "./build/tools/xkbcli --version | grep 1.",
	} {
		if got := e.asBuilt(in); got != want {
			t.Errorf("asBuilt(%q) = %q, want %q", in, got, want)
		}
	}
}

// A CMake project that builds its test program without add_test (kcp's
// kcp_test under BUILD_TESTING): the program is run as the suite, one
// test reported as automake's harness does; a benchmark or an example
// named like a test is not.
func TestUnregisteredCMakeTests(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{
		"CMakeLists.txt": "project(kcp C)\ninclude(CTest)\nadd_library(kcp ikcp.c)\nif(BUILD_TESTING)\n  add_executable(kcp_test test.cpp)\n  add_executable(bench_test bench.cpp)\nendif()\n",
		"ikcp.c":         "int ikcp(void) { return 0; }\n",
		"test.cpp":       "int main() { return 0; }\n",
		"bench.cpp":      "int main() { return 0; }\n",
	}
	cs, err := mineCMake(ctx, testEnv(t, "kcp", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ctest --test-dir build --output-on-failure", `cmake --build build --target kcp_test && if timeout 600 ./build/kcp_test < /dev/null; then echo "PASS: kcp_test"; else echo "FAIL: kcp_test"; exit 1; fi`}
	if got := commandTexts(cs); !slices.Equal(got, want) {
		t.Errorf("mineCMake = %q", got)
	}
}

// With no CTest at all (argh: argh_tests under its BUILD_TESTS option, no
// enable_testing, no add_test) the test program still runs, without ctest.
func TestTestProgramWithoutCTest(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "project(argh CXX)\noption(BUILD_TESTS \"tests\" ON)\nif(BUILD_TESTS)\n  add_executable(argh_tests argh_tests.cpp)\nendif()\n",
		"argh_tests.cpp": "int main() { return 0; }\n",
	}
	cs, err := mineCMake(context.Background(), testEnv(t, "argh", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`cmake --build build --target argh_tests && if timeout 600 ./build/argh_tests < /dev/null; then echo "PASS: argh_tests"; else echo "FAIL: argh_tests"; exit 1; fi`}
	if got := commandTexts(cs); !slices.Equal(got, want) {
		t.Errorf("mineCMake = %q", got)
	}
}

// add_test without enable_testing() or include(CTest) anywhere is ignored
// by CMake (xiph/ogg): ctest would find nothing, so the test programs run
// without it.
func TestAddTestWithoutEnableTesting(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "project(ogg C)\nadd_library(ogg src/framing.c)\nif(BUILD_TESTING)\n  add_executable(test_framing src/framing.c)\n  add_test(NAME test_framing COMMAND test_framing)\nendif()\n",
		"src/framing.c":  "int main(void) { return 0; }\n",
	}
	cs, err := mineCMake(context.Background(), testEnv(t, "ogg", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`cmake --build build --target test_framing && if timeout 600 ./build/test_framing < /dev/null; then echo "PASS: test_framing"; else echo "FAIL: test_framing"; exit 1; fi`}
	if got := commandTexts(cs); !slices.Equal(got, want) {
		t.Errorf("mineCMake = %q", got)
	}
	files["CMakeLists.txt"] = "include(CTest)\n" + files["CMakeLists.txt"]
	cs, err = mineCMake(context.Background(), testEnv(t, "ogg", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	if got := commandTexts(cs); len(got) != 1 || !strings.HasPrefix(got[0], "ctest ") {
		t.Errorf("with include(CTest): mineCMake = %q", got)
	}
}

// Two unregistered test programs are first run together, each whatever
// the other did — the suite — then each on its own (xiph/ogg).
func TestUnregisteredTestProgramsTogether(t *testing.T) {
	files := map[string]string{
		"CMakeLists.txt": "project(ogg C)\nif(BUILD_TESTING)\n  add_executable(test_bitwise src/bitwise.c)\n  add_executable(test_framing src/framing.c)\n  add_test(NAME test_bitwise COMMAND test_bitwise)\nendif()\n",
		"src/bitwise.c":  "int main(void) { return 0; }\n",
		"src/framing.c":  "int main(void) { return 0; }\n",
	}
	cs, err := mineCMake(context.Background(), testEnv(t, "ogg", files, "build", "cmake"))
	if err != nil {
		t.Fatal(err)
	}
	got := commandTexts(cs)
	if len(got) != 3 || !strings.HasPrefix(got[0], "cmake --build build --target test_bitwise test_framing && rc=0 && ") || !strings.HasSuffix(got[0], "&& exit $rc") {
		t.Fatalf("mineCMake = %q", got)
	}
	if ev, why := GradeTestable(cs[0], results.Counts{Passed: 2, Frameworks: []string{"automake"}}, 0); ev != EvidenceSuite {
		t.Errorf("both programs passed: %s (%s)", ev, why)
	}
}
