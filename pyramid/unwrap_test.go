package pyramid

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/retrieval"
)

// repoEnv builds the graph of a repository written from files.
func repoEnv(t *testing.T, files map[string]string) *env {
	t.Helper()
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, testrepo.Write(t, files), s, build.Options{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := newEnv(ctx, ix, bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

const pyProjectToml = "[project]\nname = \"demo\"\nversion = \"1.0\"\n"

func TestUnwrapWrappers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		wrapper string
		want    []string
	}{
		{"tox with posargs default and factors", map[string]string{
			"pyproject.toml": pyProjectToml,
			"tox.ini": "[tox]\nenvlist = py3{9,10,11}, lint\n\n[testenv]\ndeps =\n    pytest\n    coverage\ncommands =\n    coverage run -m pytest {posargs:tests}\n" +
				"    py39: python -c 'print(1)'\n    coverage report\n\n[testenv:lint]\ncommands = flake8 src\n",
		}, "tox -e py311", []string{"python -m pytest tests"}},
		{"tox without -e takes [testenv]", map[string]string{
			"pyproject.toml": pyProjectToml,
			"tox.ini":        "[tox]\nenvlist = py38,py39\n\n[testenv]\ndeps =\n    pytest\ncommands =\n    pytest\n",
		}, "tox", []string{"pytest"}},
		{"poetry run inside tox", map[string]string{
			"pyproject.toml": pyProjectToml,
			"tox.ini":        "[tox]\nskipsdist = True\n\n[testenv]\nallowlist_externals = poetry\ncommands =\n    poetry install -v\n    poetry run pytest tests/\n",
		}, "tox -e py", []string{"pytest tests/"}},
		{"legacy_tox_ini in pyproject", map[string]string{
			"pyproject.toml": pyProjectToml + "\n[tool.tox]\nlegacy_tox_ini = \"\"\"\n[testenv]\ncommands = python -m pytest {posargs}\n\"\"\"\n",
		}, "tox", []string{"python -m pytest"}},
		{"nox session", map[string]string{
			"pyproject.toml": pyProjectToml,
			"noxfile.py": "import nox\n\n@nox.session(python=[\"3.10\", \"3.11\"])\ndef tests(session):\n    session.install(\".[test]\")\n" +
				"    session.run(\n        \"pytest\",\n        \"-q\",\n        *session.posargs,\n    )\n\n\n@nox.session\ndef lint(session):\n    session.run(\"ruff\", \"check\", \".\")\n",
		}, "nox -s tests", []string{"pytest -q"}},
		{"hatch script naming another (mkdocs)", map[string]string{
			"pyproject.toml": pyProjectToml + "\n[tool.hatch.envs.test.scripts]\ntest = 'python -m unittest discover -s mkdocs -p \"*tests.py\"'\n" +
				"_coverage = [\n  'coverage run --source=mkdocs -m unittest discover -s mkdocs -p \"*tests.py\"',\n  \"coverage xml\",\n]\nwith-coverage = \"test\"\n",
		}, "hatch run +py=${{ matrix.py || matrix.python-version }} test:with-coverage", []string{`python -m unittest discover -s mkdocs -p "*tests.py"`}},
		{"hatch.toml default environment, {args} default, coverage dropped", map[string]string{
			"pyproject.toml": pyProjectToml,
			"hatch.toml":     "[envs.default.scripts]\ncov = \"coverage run -m pytest {args:tests}\"\nlint = \"ruff check .\"\n[envs.hatch-test]\n",
		}, "hatch run cov", []string{"python -m pytest tests"}},
		{"hatch script that is no test stays", map[string]string{
			"pyproject.toml": pyProjectToml + "\n[tool.hatch.envs.test.scripts]\nlint = \"ruff check .\"\n",
		}, "hatch run test:lint", nil},
		{"uv run", map[string]string{"pyproject.toml": pyProjectToml}, "uv run --frozen pytest tests/", []string{"pytest tests/"}},
		{"make test running uv", map[string]string{
			"pyproject.toml": pyProjectToml,
			"Makefile":       ".PHONY: test\ntest:\n\t@uv run --extra test pytest tests/ -x\n",
		}, "make test", []string{"pytest tests/ -x"}},
		{"make test of plain commands stays", map[string]string{
			"Makefile": "test:\n\t./run-tests.sh\n",
		}, "make test", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := repoEnv(t, tc.files)
			wrapper := Command{Text: tc.wrapper, Bucket: Unit, Why: []Provenance{{Source: "readme", File: "README.md"}}}
			got := unwrapWrappers(context.Background(), e, []Command{wrapper})
			var texts []string
			for _, c := range got[:len(got)-1] {
				texts = append(texts, c.Text)
				if c.Level != "" && c.Level != Testable || c.Bucket.Level() != Testable || c.Why[0].Source != "readme" {
					t.Errorf("%q: bucket %s, provenance %v", c.Text, c.Bucket, c.Why)
				}
			}
			if !slices.Equal(texts, tc.want) || got[len(got)-1].Text != tc.wrapper {
				t.Fatalf("got %q then %q, want %q then the wrapper", texts, got[len(got)-1].Text, tc.want)
			}
		})
	}
}

func TestExamplesOfThePackage(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "colorize", "version": "1.0.0", "type": "module", "main": "index.js"}`,
		"index.js":     "export default function colorize(s) { return '*' + s + '*'; }\n",
		"README.md": "# colorize\n\n```js\nimport colorize from 'colorize';\nconsole.log(colorize('hi'));\n```\n\n" +
			"```js\nimport other from 'left-pad';\n```\n\n```js\nimport colorize from 'colorize';\napp.listen(3000);\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "ln -s \"$PWD\" node_modules/colorize") || !strings.HasSuffix(cs[0].Text, "timeout 60 node .heragent-example-1.mjs") {
		t.Fatalf("examples %+v", cs)
	}
}

func TestWorkspaceTests(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json":               `{"name": "root", "private": true, "workspaces": ["packages/*"]}`,
		"packages/core/package.json": `{"name": "core", "scripts": {"test": "mocha"}}`,
		"packages/util/package.json": `{"name": "util", "scripts": {"test": "echo \"Error: no test specified\" && exit 1"}}`,
	})
	cs, err := minePackage(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].Text != "npm test" || cs[0].Dir != "packages/core" {
		t.Fatalf("commands %+v", cs)
	}
}

func TestSubprojectConventions(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"README.md":               "# lib\n",
		"c++/CMakeLists.txt":      "cmake_minimum_required(VERSION 3.10)\nproject(lib CXX)\nadd_library(lib src/lib.cc)\n",
		"c++/src/lib.cc":          "int f() { return 1; }\n",
		"examples/CMakeLists.txt": "project(ex)\n",
		"third_party/x/Makefile":  "all:\n",
	})
	files, err := e.ix.FindFiles(context.Background(), retrieval.FileQuery{})
	if err != nil {
		t.Fatal(err)
	}
	cs := subprojectConventions(context.Background(), e, files)
	if len(cs) != 2 || cs[0].Dir != "c++" || !strings.HasPrefix(cs[0].Text, "cmake -S . -B build") || cs[1].Text != "ctest --test-dir build" {
		t.Fatalf("commands %+v", cs)
	}
}

// A subdirectory's Makefile whose test target runs the programs its
// default goal links is the suite's own driver (LMDB's
// libraries/liblmdb/Makefile).
func TestSubprojectMakefileDriver(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"README":                       "LMDB\n",
		"libraries/liblmdb/Makefile":   "PROGS = mdb_stat mtest\nall: liblmdb.a $(PROGS)\n\ntest: all\n\trm -rf testdb && mkdir testdb\n\t./mtest && ./mdb_stat testdb\n\nliblmdb.a: mdb.o\n\t$(AR) rs $@ mdb.o\nmdb_stat: mdb_stat.o liblmdb.a\nmtest: mtest.o liblmdb.a\n",
		"libraries/liblmdb/mdb.c":      "int f(void) { return 1; }\n",
		"libraries/liblmdb/mtest.c":    "int main(void) { return 0; }\n",
		"libraries/liblmdb/mdb_stat.c": "int main(void) { return 0; }\n",
	})
	files, err := e.ix.FindFiles(context.Background(), retrieval.FileQuery{})
	if err != nil {
		t.Fatal(err)
	}
	cs := subprojectConventions(context.Background(), e, files)
	if len(cs) != 2 || cs[1].Text != "make test" || cs[1].Dir != "libraries/liblmdb" || !cs[1].Driver {
		t.Fatalf("commands %+v", cs)
	}
}

// A subdirectory's Makefile with neither test nor check builds its test
// program under its own name (QR-Code-generator's c/Makefile links
// qrcodegen-test): that program, made and run there; with no such target
// either, no make test, which could only fail.
func TestSubprojectMakefileTestProgram(t *testing.T) {
	for _, tc := range []struct {
		makefile string
		want     []string
	}{
		{"MAINS = qr-demo qr-test\nall: libqr.a $(MAINS)\nqr-test: qr-test.c qr.c\n\t$(CC) -o $@ $^\nlibqr.a: qr.o\n\t$(AR) -crs $@ $^\n", []string{"make", "make qr-test && ./qr-test"}},
		{"all: libqr.a\nlibqr.a: qr.o\n\t$(AR) -crs $@ $^\n", []string{"make"}},
	} {
		e := repoEnv(t, map[string]string{
			"README.md":    "# qr\n",
			"c/Makefile":   tc.makefile,
			"c/qr.c":       "int f(void) { return 1; }\n",
			"c/qr-test.c":  "int main(void) { return 0; }\n",
			"py/qr.py":     "x = 1\n",
			"java/Qr.java": "class Qr {}\n",
		})
		files, err := e.ix.FindFiles(context.Background(), retrieval.FileQuery{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range subprojectConventions(context.Background(), e, files) {
			if c.Dir != "c" {
				t.Errorf("%s: not run in c/", c.Text)
			}
			got = append(got, c.Text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("commands %q, want %q", got, tc.want)
		}
	}
}

// npm test whose script chains linters and type checks before the suite:
// the suite alone; scripts of checks are followed one level; a chain of
// checks and a build only gives nothing.
func TestUnwrapNpm(t *testing.T) {
	e := fixtureEnv(t, "node-npm")
	scripts := e.packageScripts(context.Background(), "")
	if len(scripts) == 0 {
		t.Fatal("the fixture has no scripts")
	}
	for _, tc := range []struct {
		body, want string
	}{
		{"pnpm lint && pnpm test:types && pnpm vitest run", "pnpm vitest run"},
		{"xo && c8 ava && tsd", "c8 ava"}, // tsd checks the type definitions
		{"eslint . && prettier --check . && node --test", "node --test"},
		{"node --test", ""},     // no check: npm test is the suite already
		{"eslint . && tsc", ""}, // a check and a build
		{"npm run lint && jest", "jest"},
		// several suites: the chain, then each alone (debug's karma needs a browser, its mocha does not)
		{"npm run test:node && npm run test:browser && npm run lint", "npm run test:node && npm run test:browser | npm run test:node | npm run test:browser"},
		{"tsc && mocha && karma start", "tsc && mocha | tsc && karma start"},
		// node scripts of the test directory are suites too (UglifyJS)
		{"node test/compress.js && node test/mocha.js", "node test/compress.js | node test/mocha.js"},
		{"node test/compress.json && node test/mocha.js", ""},
	} {
		var texts []string
		for _, in := range unwrapNpmBody(tc.body, map[string]string{"lint": "eslint .", "test:types": "tsc --noEmit", "test:node": "mocha test.js", "test:browser": "karma start --single-run"}) {
			text, _ := npmPart(in)
			texts = append(texts, text)
		}
		got := strings.Join(texts, " | ")
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.body, got, tc.want)
		}
	}
}

// A suite of the chain run alone is a part of the suite: it grades as a
// subset and may run after the whole was cut at its share (Narrow); a
// node script of the test directory is the suite's own driver.
func TestNpmChainPartsAreParts(t *testing.T) {
	in := unwrapNpmBody("node test/compress.js && node test/mocha.js", nil)
	if len(in) != 2 {
		t.Fatalf("parts: %q", in)
	}
	text, part := npmPart(in[1])
	c := Command{Text: text, Bucket: Unit, Level: Testable, Part: part, Driver: nodeTestScriptRe.MatchString(text), Why: []Provenance{{Source: "package.json"}}}
	if text != "node test/mocha.js" || !Narrow(c) || !c.Driver {
		t.Fatalf("part %+v", c)
	}
	if ev, why := GradeTestable(c, results.Counts{Passed: 40}, 0); ev != EvidenceSubset || !strings.Contains(why, "chains") {
		t.Errorf("graded %s (%s)", ev, why)
	}
	if _, part := npmPart("npm test"); part != "" {
		t.Errorf("a command not marked is no part: %q", part)
	}
}

// npm test runs pretest and posttest around the script: a lint before it
// or an audit after it (the registry) gives the script alone, with
// --ignore-scripts (ljharb's qs); hooks that only build do not.
func TestNpmHooksCheckOrFetch(t *testing.T) {
	qs := map[string]string{"pretest": "npm run --silent readme && npm run --silent lint", "lint": "eslint --ext=js,mjs .", "readme": "evalmd README.md",
		"test": "npm run tests-only", "tests-only": "nyc tape 'test/**/*.js'", "posttest": "npx npm@'>=10.2' audit --production"}
	if skip, builds := hooksCheckOrFetch(qs, "test"); !skip || len(builds) != 0 {
		t.Error("qs: lint in pretest, audit in posttest")
	}
	if skip, _ := hooksCheckOrFetch(map[string]string{"pretest": "npm run build", "build": "tsc", "test": "jest"}, "test"); skip {
		t.Error("a build in pretest is part of the tests")
	}
	if skip, builds := hooksCheckOrFetch(map[string]string{"pretest": "npm run build && npm run lint", "posttest": "npm audit", "test": "jest"}, "test"); !skip || len(builds) != 1 || builds[0] != "npm run build" {
		t.Errorf("a build and a lint before the tests, an audit after them: %v %q", skip, builds)
	}
}

// A README example that serves (defining what it starts) is mined, to be
// started in the background and answered (serverize); a fragment's
// listen is not.
func TestServerExamplesOfThePackage(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "cors", "version": "1.0.0", "main": "lib/index.js"}`,
		"lib/index.js": "module.exports = function cors() { return function (q, s, n) { n(); }; };\n",
		"README.md": "# cors\n\n```js\nvar cors = require('cors')\napp.listen(3000)\n```\n\n" +
			"```js\nvar express = require('express')\nvar cors = require('cors')\nvar app = express()\napp.use(cors())\napp.listen(80, function () {})\n```\n\n" +
			"```js\nconst cors = require('cors')\nrequire('http').createServer((q, s) => cors()(q, s, () => s.end('ok'))).listen(8080)\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || !strings.Contains(cs[0].Text, "app.listen(80") || !strings.Contains(cs[1].Text, ".listen(8080)") {
		t.Fatalf("examples %+v", cs)
	}
	for i, port := range []string{"80", "8080"} {
		if p, ok := serverPort(context.Background(), e, cs[i].Text, ""); !ok || p != port {
			t.Errorf("example %d: server %v on %q, want %s", i, ok, p, port)
		}
	}
}

// Only the object that serves must be defined: another's run() is not
// app.run().
func TestWholeServer(t *testing.T) {
	for code, want := range map[string]bool{
		"const runner = new Runner()\nrunner.run()\nserver.listen(80)\n": false,
		"app = Flask(__name__)\napp.run()\n":                             true,
		"var app = express()\napp.listen(3000)\n":                        true,
		"app.listen(3000)\n":                                             false,
		"require('http').createServer(h).listen(8080)\n":                 true,
	} {
		if got := wholeServer(code); got != want {
			t.Errorf("%q: %v, want %v", code, got, want)
		}
	}
}

// A C library with no build system of its own (mjson: src/mjson.c, its
// tests built by test/Makefile) is built by compiling its sources.
func TestSourcesCompile(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"README.md":          "# mjson\n",
		"src/mjson.c":        "#include \"mjson.h\"\nint mjson(void) { return 1; }\n",
		"src/mjson.h":        "int mjson(void);\n",
		"test/Makefile":      "test:\n\t$(CC) unit_test.c ../src/mjson.c -I../src -o unit_test && ./unit_test\n",
		"test/unit_test.c":   "int main(void) { return 0; }\n",
		"examples/ex/main.c": "int main(void) { return 0; }\n",
	})
	files, err := e.ix.FindFiles(context.Background(), retrieval.FileQuery{})
	if err != nil {
		t.Fatal(err)
	}
	cs := subprojectConventions(context.Background(), e, files)
	if len(cs) != 1 || cs[0].Bucket != Build || cs[0].Text != "mkdir -p build/objects && cc -c -Isrc src/mjson.c -o build/objects/src_mjson.c.o" {
		t.Fatalf("commands %+v", cs)
	}
}

// npm-run-all runs package scripts by name: its checks are set aside like
// a chain's (mitt's `npm-run-all --silent typecheck lint mocha
// test-types` → `npm run mocha`), and a pattern names every script it
// matches.
func TestUnwrapNpmRunAll(t *testing.T) {
	scripts := map[string]string{"typecheck": "tsc --noEmit", "lint": "eslint src", "mocha": "mocha test", "test-types": "tsc test/types.ts --noEmit --strict", "test:a": "mocha a", "test:b": "mocha b"}
	if got := unwrapNpmBody("npm-run-all --silent typecheck lint mocha test-types", scripts); len(got) != 1 || got[0] != "npm run mocha" {
		t.Fatalf("npm-run-all: %q", got)
	}
	if got := runAllSteps([]string{"npm run build", "run-s lint test:*"}, scripts); strings.Join(got, " | ") != "npm run build | npm run lint | npm run test:a | npm run test:b" {
		t.Fatalf("run-s: %q", got)
	}
	// pnpm's regular expression of script names (postcss: FORCE_COLOR=1
	// pnpm run /^test:/), its checks set aside
	scripts["test:lint"] = "eslint ."
	if got := unwrapNpmBody("FORCE_COLOR=1 pnpm run /^test:/", scripts); len(got) == 0 || got[0] != "npm run test:a && npm run test:b" {
		t.Fatalf("pnpm run /re/: %q", got)
	}
}

// What a wrapper runs inside goes before it however the two were found:
// wrap-ansi's CI and package.json both run `npm test` (xo && node --test
// && tsd); `node --test`, unwrapped from the CI's, comes first. A part of
// a chain of suites stays behind the whole.
func TestUnwrappedBeforeItsWrapper(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"package.json":             `{"name": "wa", "scripts": {"test": "xo && node --test && tsd"}}`,
		".github/workflows/ci.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm install\n      - run: npm test\n",
		"index.js":                 "export default function wrap() {}\n",
		"test/x.test.js":           "import test from 'node:test';\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range p.At(Testable) {
		texts = append(texts, c.Text)
	}
	if len(texts) < 2 || texts[0] != "node --test" || texts[1] != "npm test" {
		t.Fatalf("testable commands %q", texts)
	}
}
