package build

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
)

// parseWith runs the parser factParsers picks for rel.
func parseWith(t *testing.T, rel, src string) (fileFacts, error) {
	t.Helper()
	for _, p := range factParsers {
		if p.match(rel, path.Base(rel)) {
			var f fileFacts
			err := p.parse(rel, []byte(src), &f)
			return f, err
		}
	}
	t.Fatalf("no parser for %s", rel)
	return fileFacts{}, nil
}

func depStrings(f fileFacts) []string {
	var out []string
	for _, d := range f.deps {
		s := fmt.Sprintf("%s:%s:%s:%s@%d", d.ecosystem, d.name, d.constraint, d.scope, d.line)
		if d.required {
			s += "!"
		}
		if len(d.components) > 0 {
			s += "[" + strings.Join(d.components, ",") + "]"
		}
		out = append(out, s)
	}
	return out
}

func targetStrings(f fileFacts) []string {
	var out []string
	for _, t := range f.targets {
		out = append(out, fmt.Sprintf("%s:%s@%d=%s", t.kind, t.name, t.line, t.command))
	}
	return out
}

func stepStrings(f fileFacts) []string {
	var out []string
	for _, s := range f.steps {
		out = append(out, fmt.Sprintf("%s/%s@%d=%s%v", s.system, s.job, s.line, s.text, s.matrix))
	}
	return out
}

// factCase is a file and what its parser must find in it.
type factCase struct {
	rel, src             string
	deps, targets, steps []string
	facts                map[string]any
}

// factCases are the parsers' table; the fuzz targets start from them too.
var factCases = []factCase{
	{rel: "CMakeLists.txt", src: "project(demo VERSION 1.2 LANGUAGES C)\n# find_package(Ignored)\nfind_package(ZLIB 1.2 REQUIRED)\nfind_package(Boost REQUIRED COMPONENTS system filesystem)\nfind_package(PkgConfig)\npkg_check_modules(GLIB REQUIRED glib-2.0>=2.50 gio-2.0 >= 2.40)\npkg_check_modules(X ${_pc_requires})\nadd_executable(demo \"src/main.c\" src/util.c)\nadd_library(core STATIC src/core.c)\nenable_testing()\nadd_test(NAME t1 COMMAND demo --selftest)\nadd_test(t2 demo)\n",
		deps:    []string{"cmake:ZLIB:>=1.2:build@3!", "cmake:Boost::build@4![system,filesystem]", "cmake:PkgConfig::build@5", "pkg-config:glib-2.0:>=2.50:build@6!", "pkg-config:gio-2.0:>=2.40:build@6!"},
		targets: []string{"executable:demo@8=", "library:core@9=", "test:t1@11=demo --selftest", "test:t2@12=demo"},
		facts:   map[string]any{"project": "demo", "project_version": "1.2", "enable_testing": true}},
	{rel: "meson.build", src: "project('m', 'c')\nz = dependency('zlib', version : '>=1.2.8')\ng = dependency('gtk4', required : false)\nexecutable('m', 'main.c')\nt = executable('t', 't.c')\ntest('basic', t)\n",
		deps:    []string{"meson:zlib:>=1.2.8:build@2!", "meson:gtk4::build@3"},
		targets: []string{"executable:m@4=", "executable:t@5=", "test:basic@6=t"},
		facts:   map[string]any{"project": "m"}},
	{rel: "configure.ac", src: "AC_INIT([x], [1.0])\nAM_INIT_AUTOMAKE\ndnl comment\nPKG_CHECK_MODULES([DEPS], [libevent >= 2.0 openssl])\nAC_CHECK_LIB([z], [inflate], [], [AC_MSG_ERROR([zlib missing])])\nAC_CHECK_HEADERS([zlib.h sys/epoll.h])\nAC_CHECK_HEADER(\"sys/cygwin.h\")\n",
		deps:  []string{"pkg-config:libevent:>=2.0:build@4!", "pkg-config:openssl::build@4!", "autoconf-lib:z::build@5![inflate]", "autoconf-header:zlib.h::build@6", "autoconf-header:sys/epoll.h::build@6", "autoconf-header:sys/cygwin.h::build@7"},
		facts: map[string]any{"project": "x", "automake": true}},
	// the obsolete AC_INIT(unique-file-in-source-dir) names no project (jemalloc's)
	{rel: "configure.ac", src: "AC_INIT([Makefile.in])\nAC_PROG_CXX\n", facts: map[string]any{"needs_cxx": true, "project": nil}},
	{rel: "configure.in", src: "PKG_CHECK_MODULES([NL], [libnl-genl-3.0 >= 3.4.0], [have=yes], [\n  AC_MSG_ERROR([libnl missing])\n])\nPKG_CHECK_MODULES([Z], [zlib], [], [have_z=no])\nPKG_CHECK_EXISTS([lz4])\nPKG_CHECK_EXISTS([xxhash], [], [AC_MSG_ERROR([no xxhash])])\n",
		deps: []string{"pkg-config:libnl-genl-3.0:>=3.4.0:build@1!", "pkg-config:zlib::build@4", "pkg-config:lz4::build@5", "pkg-config:xxhash::build@6!"}},
	{rel: "package.json", src: "{\"name\": \"@s/p\", \"main\": \"i.js\", \"bin\": \"cli.js\", \"scripts\": {\"test\": \"jest\"}, \"dependencies\": {\"lodash\": \"^4\"}, \"devDependencies\": {\"jest\": \"29\"}, \"engines\": {\"node\": \">=18\"}}",
		deps:    []string{"npm:lodash:^4:runtime@1!", "npm:jest:29:dev@1!"},
		targets: []string{"script:test@1=jest", "bin:p@1=cli.js"},
		facts:   map[string]any{"main": "i.js", "engines_node": ">=18"}},
	{rel: "pyproject.toml", src: "[build-system]\nrequires = [\"hatchling\"]\nbuild-backend = \"hatchling.build\"\n[project]\nname = \"p\"\ndependencies = [\"requests[socks]>=2.28; python_version>'3.8'\", \"click\"]\n[project.scripts]\np = \"p.cli:main\"\n",
		deps:    []string{"pypi:hatchling::build@2!", "pypi:requests:>=2.28:runtime@6!", "pypi:click::runtime@6!"},
		targets: []string{"bin:p@8=p.cli:main"},
		facts:   map[string]any{"build_backend": "hatchling.build", "name": "p"}},
	{rel: "setup.cfg", src: "[metadata]\nname = s\n[options]\npython_requires = >=3.8\ninstall_requires =\n    numpy>=1.20\n    six\n[options.entry_points]\nconsole_scripts =\n    s = s.main:run\n",
		deps:    []string{"pypi:numpy:>=1.20:runtime@6!", "pypi:six::runtime@7!"},
		targets: []string{"bin:s@10=s.main:run"},
		facts:   map[string]any{"name": "s", "python_requires": ">=3.8"}},
	{rel: "setup.py", src: "from setuptools import setup\n\nsetup(\n    name='s',\n    python_requires='>=3.8',\n    install_requires=['numpy>=1.20', \"six\"],\n    extras_require={'test': ['pytest']},\n    entry_points={'console_scripts': ['s = s.main:run']},\n)\n",
		deps:    []string{"pypi:numpy:>=1.20:runtime@6!", "pypi:six::runtime@6!", "pypi:pytest::optional@7"},
		targets: []string{"bin:s@8=s.main:run"},
		facts:   map[string]any{"name": "s", "python_requires": ">=3.8"}},
	// entry_points as a dict() call (humanfriendly's setup.py)
	{rel: "setup.py", src: "from setuptools import setup\n\nsetup(\n    name='h',\n    entry_points=dict(console_scripts=[\n        'h = h.cli:main',\n    ]),\n)\n",
		targets: []string{"bin:h@5=h.cli:main"},
		facts:   map[string]any{"name": "h"}},
	// scripts installed as they are: setuptools' script-files, setup()'s scripts=
	{rel: "pyproject.toml", src: "[project]\nname = \"pyelftools\"\n[tool.setuptools]\nscript-files = [\n    \"scripts/readelf.py\",\n]\n",
		targets: []string{"bin:readelf.py@4=scripts/readelf.py"},
		facts:   map[string]any{"name": "pyelftools"}},
	{rel: "setup.py", src: "from setuptools import setup\n\nsetup(\n    name='jsonpointer',\n    scripts=['bin/jsonpointer'],\n)\n",
		targets: []string{"bin:jsonpointer@5=bin/jsonpointer"},
		facts:   map[string]any{"name": "jsonpointer"}},
	{rel: "requirements-dev.txt", src: "# dev\n-r requirements.txt\npytest==7.4  # test\nblack\ngit+https://x/y.git\n",
		deps: []string{"pypi:pytest:==7.4:runtime@3!", "pypi:black::runtime@4!"}},
	{rel: "go.mod", src: "module example.com/m\n\ngo 1.22\n\ntoolchain go1.22.3\n\nrequire (\n\tgolang.org/x/mod v0.17.0\n\tgithub.com/a/b v1.0.0 // indirect\n)\n",
		deps:  []string{"go:golang.org/x/mod:v0.17.0:runtime@8!", "go:github.com/a/b:v1.0.0:indirect@9!"},
		facts: map[string]any{"module": "example.com/m", "go": "1.22", "toolchain": "go1.22.3"}},
	{rel: "Cargo.toml", src: "[package]\nname = \"c\"\nedition = \"2021\"\n[dependencies]\nserde = { version = \"1.0\", features = [\"derive\"] }\nrand = \"0.8\"\n[[bin]]\nname = \"tool\"\npath = \"src/tool.rs\"\n",
		deps:    []string{"cargo:rand:0.8:runtime@6!", "cargo:serde:1.0:runtime@5!"},
		targets: []string{"executable:tool@8=src/tool.rs"},
		facts:   map[string]any{"name": "c", "edition": "2021"}},
	{rel: "pom.xml", src: "<project><artifactId>app</artifactId><properties><maven.compiler.release>17</maven.compiler.release></properties><dependencies>\n<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13</version><scope>test</scope></dependency>\n</dependencies></project>",
		deps:  []string{"maven:junit:junit:4.13:test@2!"},
		facts: map[string]any{"name": "app", "java_version": "17"}},
	{rel: "app/build.gradle.kts", src: "dependencies {\n    implementation(\"com.google.guava:guava:32.0-jre\")\n    testImplementation 'junit:junit:4.13'\n}\n",
		deps: []string{"gradle:com.google.guava:guava:32.0-jre:runtime@2!", "gradle:junit:junit:4.13:test@3!"}},
	{rel: "Makefile.am", src: "bin_PROGRAMS = tool\ncheck_PROGRAMS = t1\nTESTS = t1 t2.sh\n",
		targets: []string{"executable:tool@1=", "test:t1@2=", "test:t1@3=make check", "test:t2.sh@3=make check"}},
	// a DejaGnu suite (libffi's testsuite/) runs with runtest --all; a check-local rule as it is
	{rel: "testsuite/Makefile.am", src: "AUTOMAKE_OPTIONS = foreign dejagnu\nDEJATOOL = libffi\ncheck-local:\n\ttrue\n",
		targets: []string{"test:check@1=make check RUNTESTFLAGS=--all", "test:check@2=make check RUNTESTFLAGS=--all", "test:check@3=make check", "make:check-local@3=true"}},
	{rel: "Makefile", src: "VAR := x\nall: prog\n\nprog: a.o\n\t$(CC) -o $@ a.o\n\ttouch done\n%.o: %.c\n\tcc -c $<\ntest check: prog\n\t./prog --test\n.PHONY: all\n",
		targets: []string{"make:all@2=", "make:prog@4=$(CC) -o $@ a.o\ntouch done", "make:test@9=./prog --test", "make:check@9=./prog --test"}},
	{rel: "docker/Dockerfile", src: "FROM --platform=linux/amd64 debian:bookworm AS build\n# c\nRUN apt-get update && \\\n    apt-get install -y gcc\nCMD [\"./app\"]\n",
		deps:  []string{"docker:debian:bookworm:build@1!"},
		steps: []string{"dockerfile/@3=apt-get update &&  apt-get install -y gcc[]", "dockerfile/@5=[\"./app\"][]"}},
	{rel: ".github/workflows/ci.yml", src: "name: CI\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        python: ['3.10', '3.11']\n    steps:\n      - uses: actions/checkout@v4\n      - name: Test\n        run: |\n          pip install .\n          pytest\n",
		deps:  []string{"github-action:actions/checkout:v4:ci@9!"},
		steps: []string{"github-actions/test@12=pip install .\npytest[python=3.10,3.11]"},
		facts: map[string]any{"workflow": "CI", "runs_on_test": "ubuntu-latest"}},
	// a matrix of include entries (tmux's regress job); exclude is not a value list
	{rel: ".github/workflows/regress.yml", src: "jobs:\n  regress:\n    runs-on: ${{ matrix.runner }}\n    strategy:\n      matrix:\n        cc: [gcc]\n        exclude:\n          - cc: clang\n        include:\n          - runner: ubuntu-24.04\n            make: make\n          - runner: macos-26\n            make: gmake\n    steps:\n      - run: |\n          cd regress\n          ${{ matrix.make }}\n",
		steps: []string{"github-actions/regress@16=cd regress\n${{ matrix.make }}[cc=gcc include[0].runner=ubuntu-24.04 include[0].make=make include[1].runner=macos-26 include[1].make=gmake]"},
		facts: map[string]any{"runs_on_regress": "${{ matrix.runner }}"}},
	// working-directory: the step's, else the job's or the workflow's
	// defaults, as a cd before its run, relative to the checkout
	{rel: ".github/workflows/wd.yml", src: "defaults:\n  run:\n    working-directory: c++\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n      - working-directory: ${{github.workspace}}/build\n        run: cmake $GITHUB_WORKSPACE/test\n      - working-directory: ./\n        run: ls\n",
		steps: []string{"github-actions/build@8=cd c++; make[]", "github-actions/build@10=cd build; cmake $GITHUB_WORKSPACE/test[]", "github-actions/build@12=ls[]"},
		facts: map[string]any{"runs_on_build": "ubuntu-latest"}},
	{rel: ".gitlab-ci.yml", src: "image: python:3.11\nstages: [test]\n.tmpl:\n  script: [echo hidden]\nunit:\n  stage: test\n  before_script:\n    - pip install -r requirements.txt\n  script:\n    - pytest -q\n",
		deps:  []string{"docker:python:3.11:ci@1!"},
		steps: []string{"gitlab-ci/unit@8=pip install -r requirements.txt[]", "gitlab-ci/unit@10=pytest -q[]"}},
	// a job's phases from the hidden template it extends (speex's
	// .autoconf) or merges (<<: *anchor), its own key first
	{rel: ".gitlab-ci.yml", src: ".autoconf:\n  before_script: [apt-get update]\n  script:\n    - make\n    - make check\nautoconf:\n  extends: .autoconf\n  script: [make distcheck]\nfixed:\n  extends: [.other, .autoconf]\n.t: &t\n  script: [ctest]\nmerged:\n  <<: *t\n",
		steps: []string{"gitlab-ci/autoconf@2=apt-get update[]", "gitlab-ci/autoconf@8=make distcheck[]", "gitlab-ci/fixed@2=apt-get update[]", "gitlab-ci/fixed@4=make[]", "gitlab-ci/fixed@5=make check[]", "gitlab-ci/merged@12=ctest[]"}},
	{rel: ".travis.yml", src: "language: node_js\nnode_js:\n  - 18\n  - 20\ninstall: npm ci\nscript:\n  - npm test\n",
		steps: []string{"travis/install@5=npm ci[node_js=18,20]", "travis/script@7=npm test[node_js=18,20]"},
		facts: map[string]any{"language": "node_js"}},
	{rel: ".circleci/config.yml", src: "version: 2.1\njobs:\n  build:\n    docker:\n      - image: cimg/go:1.22\n    steps:\n      - checkout\n      - run: go build ./...\n      - run:\n          name: test\n          command: go test ./...\n",
		deps:  []string{"docker:cimg/go:1.22:ci@5!"},
		steps: []string{"circleci/build@8=go build ./...[]", "circleci/build@11=go test ./...[]"}},
}

func TestFactParsers(t *testing.T) {
	for _, c := range factCases {
		t.Run(c.rel, func(t *testing.T) {
			f, err := parseWith(t, c.rel, c.src)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, got, want []string) {
				if strings.Join(got, " | ") != strings.Join(want, " | ") {
					t.Errorf("%s\n got %q\nwant %q", what, got, want)
				}
			}
			check("deps", depStrings(f), c.deps)
			check("targets", targetStrings(f), c.targets)
			check("steps", stepStrings(f), c.steps)
			for k, v := range c.facts {
				if f.props[k] != v {
					t.Errorf("fact %s = %v, want %v (all %v)", k, f.props[k], v, f.props)
				}
			}
		})
	}
}

func TestInvalidManifests(t *testing.T) {
	for rel, src := range map[string]string{
		"package.json":             "{\"name\": ",
		"pyproject.toml":           "[project\nname=",
		"Cargo.toml":               "[package]\nname = ",
		"pom.xml":                  "<project><dependencies>",
		".github/workflows/ci.yml": "jobs: [\n",
	} {
		if _, err := parseWith(t, rel, src); err == nil {
			t.Errorf("%s: malformed input accepted", rel)
		}
	}
}

// PEP 735 dependency groups: a test group's requirements are the test
// suite's, other groups' optional; an include-group table is no
// requirement.
func TestPyprojectDependencyGroups(t *testing.T) {
	src := "[project]\nname = \"pluggy\"\n\n[dependency-groups]\ndev = [\"pre-commit\", \"tox\"]\ntesting = [\"pytest\", \"pytest-benchmark\"]\nall = [{ include-group = \"testing\" }]\n"
	f, err := parseWith(t, "pyproject.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(depStrings(f), " ")
	want := "pypi:pre-commit::optional@5 pypi:tox::optional@5 pypi:pytest::test@6! pypi:pytest-benchmark::test@6!"
	if got != want {
		t.Errorf("deps %s, want %s", got, want)
	}
}

// A Makefile rule's prerequisites are kept as the target's sources: its
// program's main (jsmn's `simple_example: example/simple.c jsmn.h`) and
// the targets a goal makes.
func TestMakeSources(t *testing.T) {
	f := &fileFacts{}
	src := "ifneq ($(ERR:0=),)\nendif\nsimple_example: example/simple.c jsmn.h\n\t$(CC) $(LDFLAGS) $< -o $@\nall: prog ./b.cc $(OBJ) ; cc -o all x.c\n"
	if err := parseMakefile("Makefile", []byte(src), f); err != nil {
		t.Fatal(err)
	}
	if len(f.targets) != 2 || !slices.Equal(f.targets[0].sources, []string{"example/simple.c", "jsmn.h"}) || !slices.Equal(f.targets[1].sources, []string{"prog", "b.cc"}) {
		t.Fatalf("targets %+v", f.targets)
	}
}

// A rule's targets and prerequisites are read with the plain variables
// defined above it, as make reads them: nnn's `$(BIN): $(SRC)` is the
// program nnn made from src/nnn.c; a reference to a variable defined by
// a function or not at all stays unread, but one this file never sets that
// ends a name (an executable's suffix) is empty, as make reads it.
func TestMakeVariablesInRules(t *testing.T) {
	f := &fileFacts{}
	src := "PREFIX ?= /usr/local\nBIN = nnn\nSRC = src/$(BIN).c\nPREFIX ?= /opt\nOBJS := a.o\nOBJS += b.o\nGEN = $(shell ls)\n" +
		"all: $(BIN)\n$(BIN): $(SRC) ${OBJS} $(GEN) Makefile\n\t$(CC) -o $@ $<\n$(UNSET): x.c\ninstall: ; cp $(BIN) $(PREFIX)/bin\n" +
		"bin/unittests$(EXT): t.c\nlib$(NAME): n.c\n" // EXT set by an included file, for Windows; NAME no suffix
	if err := parseMakefile("Makefile", []byte(src), f); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tg := range f.targets {
		names = append(names, tg.name)
	}
	if !slices.Equal(names, []string{"all", "nnn", "install", "bin/unittests"}) {
		t.Fatalf("targets %q", names)
	}
	if !slices.Equal(f.targets[0].sources, []string{"nnn"}) || !slices.Equal(f.targets[1].sources, []string{"src/nnn.c", "a.o", "b.o", "Makefile"}) {
		t.Errorf("sources %q, %q", f.targets[0].sources, f.targets[1].sources)
	}
	if f.targets[1].command != "$(CC) -o $@ $<" || f.targets[2].command != "cp nnn /usr/local/bin" {
		t.Errorf("recipes %q, %q", f.targets[1].command, f.targets[2].command)
	}
}

// setup.cfg's [tool:pytest] section configures pytest, as pyproject's
// [tool.pytest.ini_options] does.
func TestSetupCfgPytestSection(t *testing.T) {
	var f fileFacts
	if err := parseSetupCfg("setup.cfg", []byte("[metadata]\nname = x\n\n[tool:pytest]\ntestpaths = tests\n"), &f); err != nil {
		t.Fatal(err)
	}
	if f.props["pytest_configured"] != true {
		t.Errorf("facts %v", f.props)
	}
}

// A pyproject.toml of linters' and formatters' settings only declares no
// package (thread-pool's [tool.pyright] and [tool.pylint] beside a C++
// header); one with a project, a build system or a packaging tool's
// table does.
func TestPyprojectToolConfigOnly(t *testing.T) {
	for src, want := range map[string]bool{
		"[tool.pyright]\npythonVersion = \"3.13\"\n[tool.pylint.basic]\ngood-names = [\"x\"]\n": true,
		"[tool.black]\nline-length = 99\n[project]\nname = \"p\"\n":                             false,
		"[build-system]\nrequires = [\"setuptools\"]\n":                                         false,
		"[tool.poetry]\nname = \"p\"\n[tool.ruff]\nline-length = 99\n":                          false,
		"": false,
	} {
		f, err := parseWith(t, "pyproject.toml", src)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.props["tool_config"] == true; got != want {
			t.Errorf("%q: tool_config %v, want %v", src, got, want)
		}
	}
}
