package bashfile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/retrieval"
)

// planFor writes files into a temporary repository and generates its plan.
func planFor(t *testing.T, files map[string]string) *bashfile.Plan {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, dir, s, build.Options{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: testIndex(t)})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func TestDetectors(t *testing.T) {
	tests := []struct {
		name        string
		files       map[string]string
		stacks      string
		contains    []string // in the rendered script
		absent      []string
		unsupported string // substring of an Unsupported entry
		note        string // substring of a note
	}{
		{name: "go: a package without go.mod gets the module its imports name", files: map[string]string{
			"glob.go": "package glob\n\nimport \"github.com/gobwas/glob/compiler\"\n\nvar _ = compiler.X\n", "compiler/compiler.go": "package compiler\n\nconst X = 1\n",
			"readme.md": "    go get github.com/other/thing\n"},
			stacks: "go", contains: []string{"[ -f go.mod ] || go mod init github.com/gobwas/glob\n", "go mod tidy\n", "go build ./...\n"}, absent: []string{"go mod download"}},
		// fogleman/primitive: a program of GOPATH's days, its README's `go
		// get` put it on PATH
		{name: "go: a program without go.mod is installed", files: map[string]string{
			"main.go": "package main\n\nimport \"github.com/fogleman/primitive/primitive\"\n\nfunc main() { primitive.Run() }\n", "primitive/run.go": "package primitive\n\nfunc Run() {}\n"},
			stacks: "go", contains: []string{"[ -f go.mod ] || go mod init github.com/fogleman/primitive\n", "go build ./...\n", "GOBIN=/usr/local/bin go install .\n"}},
		// go-charset: no root package; its packages import each other
		{name: "go: packages only below the root name the module by their imports of each other", files: map[string]string{
			"charset/charset.go": "package charset\n", "charset/iconv/iconv.go": "package iconv\n\nimport \"github.com/rogpeppe/go-charset/charset\"\n\nvar _ = charset.X\n",
			"cmd/tcs/main.go": "package main\n\nimport (\n\t\"github.com/rogpeppe/go-charset/charset\"\n\t_ \"github.com/rogpeppe/go-charset/data\"\n)\n", "data/data.go": "package data\n",
			"README.md": "Use golang.org/x/text/transform instead.\n"},
			stacks: "go", contains: []string{"go mod init github.com/rogpeppe/go-charset\n"}},
		{name: "go: a package below the root whose import comment names it", files: map[string]string{
			"spew/spew.go": "package spew // import \"github.com/davecgh/go-spew/spew\"\n", "README.md": "# spew\n"},
			stacks: "go", contains: []string{"go mod init github.com/davecgh/go-spew\n"}},
		{name: "go: the prefix that explains most own directories, not a third party's", files: map[string]string{
			"main.go":    "package main\n\nimport (\n\t\"github.com/go-kit/kit/log\"\n\t\"github.com/acme/foo/util\"\n\t\"github.com/acme/foo/store\"\n)\n",
			"log/log.go": "package log\n", "util/util.go": "package util\n", "store/store.go": "package store\n", "vendor/x/y.go": "package y\n"},
			stacks: "go", contains: []string{"go mod init github.com/acme/foo\n", "persist_env GOFLAGS -mod=mod"}},
		// rs/xid, ksuid: the CI's go test -race needs cgo; a CI without it does not
		{name: "go: the CI's -race tests need cgo", files: map[string]string{"go.mod": "module example.org/x\n\ngo 1.19\n", "x.go": "package x\n", ".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: go vet ./... && go test -v -race -failfast ./...\n"},
			stacks: "go", contains: []string{"gcc libc6-dev", "persist_env CGO_ENABLED 1", "the race detector needs cgo"}},
		{name: "go: tests without -race need no cgo", files: map[string]string{"go.mod": "module example.org/x\n\ngo 1.19\n", "x.go": "package x\n", ".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: go test -v ./...\n"},
			stacks: "go", absent: []string{"CGO_ENABLED", "libc6-dev"}},
		{name: "go: the README's go get names the module", files: map[string]string{"lib.go": "package lib\n", "README.md": "Install with `go get -u -v example.org/x/lib/cmd/tool`.\n"},
			stacks: "go", contains: []string{"go mod init example.org/x/lib\n"}, absent: []string{"GOFLAGS"}},
		{name: "go: gopkg.in's short form names the module", files: map[string]string{"ini.go": "package ini\n", "README.md": "```sh\n$ go get gopkg.in/ini.v1\n```\n"},
			stacks: "go", contains: []string{"go mod init gopkg.in/ini.v1\n"}},
		{name: "go: a gopkg.in dependency's go get is not the project's", files: map[string]string{"conf.go": "package conf\n", "README.md": "Requires yaml: `go get gopkg.in/yaml.v2`\n\n`go get github.com/acme/conf`\n"},
			stacks: "go", contains: []string{"go mod init github.com/acme/conf\n"}},
		{name: "go: a godoc README's import of the package names the module", files: map[string]string{"doc.go": "// Shellquote quotes.\npackage shellquote\n", "README": "PACKAGE\n\npackage shellquote\n    import \"github.com/kballard/go-shellquote\"\n\nEXAMPLE\n    import \"github.com/other/lib\"\n"},
			stacks: "go", contains: []string{"go mod init github.com/kballard/go-shellquote\n"}},
		{name: "go: the README's documentation badge of the package names the module", files: map[string]string{"farm.go": "package farm\n", "README.md": "# go-farm\n[![Report](https://goreportcard.com/badge/github.com/dgryski/go-farm)](x) [![GoDoc](https://godoc.org/github.com/other/lib?status.svg)](x) [![GoDoc](https://godoc.org/github.com/dgryski/go-farm?status.svg)](http://godoc.org/github.com/dgryski/go-farm)\n"},
			stacks: "go", contains: []string{"go mod init github.com/dgryski/go-farm\n"}},
		{name: "go: a godoc import of another package names no module", files: map[string]string{"doc.go": "package shellquote\n", "README": "    import \"github.com/other/lib\"\n"},
			stacks: "go", absent: []string{"go mod init github.com/other/lib"}},
		// pycparser: C files that are the parser's samples, a Makefile whose first target runs linters
		{name: "make: a Python project's Makefile that compiles nothing is a task runner", files: map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\n", "p/__init__.py": "", "utils/internal/zc.c": "int main(void) { return 0; }\n",
			"Makefile": ".PHONY: check test\nRUFF = uvx ruff\ncheck:\n\t$(RUFF) check .\ntest:\n\tpython3 -m unittest discover\n"},
			stacks: "python", absent: []string{"make -j"}},
		// node_exporter: `test: collector/fixtures/sys/.unpacked` unpacks what its Go tests read
		{name: "make: a task runner's test target that prepares files gets make", files: map[string]string{
			"go.mod": "module example.org/x\n\ngo 1.19\n", "x.go": "package x\n",
			"Makefile": "all: style test\nstyle:\n\tgofmt -l .\ntest: fixtures/sys/.unpacked\n\t$(GO) test -short ./...\nfixtures/sys/.unpacked: fixtures/sys.ttar\n\t./ttar -x -f fixtures/sys.ttar\n\ttouch $@\n"},
			stacks: "go", contains: []string{"make"}, absent: []string{"make -j"}},
		{name: "make: a Python project's Makefile that compiles its C code builds", files: map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\n", "p/__init__.py": "", "src/ext.c": "int f(void) { return 0; }\n",
			"Makefile": "all: ext.so\next.so: src/ext.c\n\t$(CC) -shared -o $@ $<\n"},
			stacks: "make,python", contains: []string{"make -j"}},
		// fs.c: `all: clean test libfs.a`, test linking ./test and running it
		{name: "make: a default goal that runs the test program builds its other prerequisites", files: map[string]string{
			"Makefile": "all: clean test libfs.a\nlibfs.a: fs.o\n\t$(AR) rcs $@ $^\n%.o: %.c\n\t$(CC) $< -c -o $@\ntest: test.o fs.o\n\t$(CC) $^ -o $@\n\t@./$@\nclean:\n\trm -f test fs.o\n",
			"fs.c":     "int f(void) { return 0; }\n", "test.c": "int main(void) { return 0; }\n"},
			stacks: "make", contains: []string{`make -j"$(nproc)" libfs.a`}},
		{name: "make: a Makefile written for BSD make gets bmake as make", files: map[string]string{
			"Makefile": ".include \"Makefile.configure\"\nall: lowdown\nlowdown: main.o\n\t$(CC) -o $@ main.o\n.ifdef LINK_METHOD\nLDADD += -static\n.endif\n",
			"main.c":   "int main(void) { return 0; }\n"},
			stacks: "make", contains: []string{"bmake", `ln -sf "$(command -v bmake)" /usr/local/bin/make`, "Makefile:1 — a BSD make directive"}},
		{name: "make: a header the build configures from the repository's template is no system package", files: map[string]string{
			"Makefile": "app: main.o\n\t$(CC) -o app main.o\n", "zlib.h.in": "#define Z 1\n",
			"main.c": "#include <zlib.h>\nint main(void) { return Z; }\n"},
			stacks: "make", absent: []string{"zlib1g-dev"}},
		{name: "make: a GNU Makefile with .PHONY is GNU make's", files: map[string]string{
			"Makefile": ".PHONY: all\nifdef X\nCFLAGS += -O2\nendif\nall: main.o\n\t$(CC) -o app main.o\n",
			"main.c":   "int main(void) { return 0; }\n"},
			stacks: "make", absent: []string{"bmake"}},
		{name: "make: a default goal that only runs the test program is made", files: map[string]string{
			"Makefile": "check: test\ntest: test.o\n\t$(CC) $^ -o $@\n\t./test\n",
			"test.c":   "int main(void) { return 0; }\n"},
			stacks: "make", contains: []string{"make -j\"$(nproc)\"\n"}},
		{name: "make: a hand-written configure runs before make", files: map[string]string{
			"configure": "#!/bin/sh\necho 'CC=gcc' > config.mak\n", "Makefile": "include config.mak\nall: tcc\ntcc: tcc.c\n", "tcc.c": "int main(void) { return 0; }\n"},
			stacks: "make", contains: []string{"./configure\n  # [make] Makefile — the default target\n  make -j"}},
		{name: "autotools: a bootstrap script writes what configure.ac includes", files: map[string]string{
			"configure.ac": "AC_INIT([kvd], [1.0])\nm4_include([version.m4])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_OUTPUT([Makefile])\n",
			"Makefile.am":  "bin_PROGRAMS = kvd\n", "kvd.c": "int main(void) { return 0; }\n",
			"autogen.sh": "#!/bin/sh\nperl version.pl\nautoreconf -fi\n"},
			stacks: "autotools", contains: []string{"[ -x configure ] || NOCONFIGURE=1 sh ./autogen.sh", "which writes version.m4"}, absent: []string{"autoreconf -fi"}},
		// wget2: gnulib's bootstrap, its gnulib submodule not in the checkout
		{name: "autotools: gnulib's bootstrap runs with Debian's gnulib", files: map[string]string{
			"configure.ac": "AC_INIT([w], [1.0])\ngl_EARLY\nAM_INIT_AUTOMAKE\nAC_PROG_CC\ngl_INIT\nAC_OUTPUT([Makefile lib/Makefile])\n",
			"Makefile.am":  "SUBDIRS = lib\nbin_PROGRAMS = w\n", "w.c": "int main(void) { return 0; }\n",
			"bootstrap":      "#! /bin/sh\n# --gnulib-srcdir=DIRNAME  where gnulib is\n# --no-git  do not use git\n# --skip-po  no .po files\n",
			"bootstrap.conf": "gnulib_modules=\"\nstrdup\n\"\nbuildreq=\"\\\nautoconf 2.69\nautomake 1.11\n\"\n"},
			stacks: "autotools", contains: []string{"[ -x configure ] || sh ./bootstrap --gnulib-srcdir=/usr/share/gnulib --no-git --skip-po", "gnulib"}, absent: []string{"autoreconf -fi"}},
		// msgpack: `all: cython` then `python setup.py build_ext -i`
		{name: "make: a Python project's Makefile that only builds its extensions with setup.py is no build", files: map[string]string{
			"pyproject.toml": "[project]\nname = \"p\"\n", "p/__init__.py": "", "p/unpack.h": "int f(void);\n", "p/ext.c": "int f(void) { return 0; }\n",
			"Makefile": "all: cython\n\tpython setup.py build_ext -i -f\ncython:\n\tcython p/_c.pyx\n"},
			stacks: "python", absent: []string{"make -j"}},
		{name: "autotools: autoreconf when nothing included is missing", files: map[string]string{
			"configure.ac": "AC_INIT([kvd], [1.0])\nm4_include([m4/ax.m4])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_OUTPUT([Makefile])\n",
			"m4/ax.m4":     "dnl\n", "Makefile.am": "bin_PROGRAMS = kvd\n", "kvd.c": "int main(void) { return 0; }\n",
			"autogen.sh": "#!/bin/sh\nautoreconf -fi\n./configure \"$@\"\n"},
			stacks: "autotools", contains: []string{"[ -x configure ] || autoreconf -fi"}, absent: []string{"./autogen.sh"}},
		{name: "go newer than Debian's", files: map[string]string{"go.mod": "module x\n\ngo 1.22.3\n", "main.go": "package main\nfunc main() {}\n"},
			stacks: "go", contains: []string{"golang.org/toolchain/@v/list", "go1\\.22", "path_prepend /usr/local/go1.22/bin", "go mod download", "go build ./..."}, absent: []string{"golang-go"}},
		{name: "go vendored modules: no download", files: map[string]string{"go.mod": "module x\n\ngo 1.20\n\nrequire github.com/a/b v1.0.0\n", "main.go": "package main\nfunc main() {}\n",
			"vendor/modules.txt": "# github.com/a/b v1.0.0\n## explicit\ngithub.com/a/b\n", "vendor/github.com/a/b/b.go": "package b\n"},
			stacks: "go", contains: []string{"go build ./..."}, absent: []string{"go mod download"}, note: "vendored (vendor/modules.txt)"},
		{name: "go toolchain directive", files: map[string]string{"go.mod": "module x\n\ngo 1.21\n\ntoolchain go1.23.4\n"},
			stacks: "go", contains: []string{"/usr/local/go1.23/bin"}},
		{name: "go with cgo", files: map[string]string{"go.mod": "module x\n\ngo 1.18\n", "db.go": "package x\n\n// #include <stdlib.h>\nimport \"C\"\n"},
			stacks: "go", contains: []string{"gcc libc6-dev", "persist_env CGO_ENABLED 1"}},
		// chroma's cmd/libchromawasm is //go:build wasm: go install of it here fails
		{name: "go: a program for another system is not installed", files: map[string]string{"go.mod": "module example.org/x\n\ngo 1.19\n", "x.go": "package x\n",
			"cmd/xwasm/main.go": "//go:build wasm\n\npackage main\n\nfunc main() {}\n", "cmd/xcli/main.go": "package main\n\nfunc main() {}\n"},
			stacks: "go", contains: []string{"go install ./cmd/xcli\n"}, absent: []string{"xwasm"}},
		{name: "go without cgo", files: map[string]string{"go.mod": "module x\n\ngo 1.18\n", "x.go": "package x\n\nimport \"fmt\"\n"},
			stacks: "go", absent: []string{"CGO_ENABLED"}},
		{name: "go Debian's is enough", files: map[string]string{"go.mod": "module x\n\ngo 1.18\n"},
			stacks: "go", contains: []string{"pkg_install golang-go"}, absent: []string{"golang.org/toolchain"}},
		{name: "yarn lockfile", files: map[string]string{"package.json": `{"name":"x","scripts":{"build":"tsc"},"engines":{"node":">=20"}}`, "yarn.lock": "# yarn lockfile v1\n"},
			stacks: "npm", contains: []string{"npm install -g node@20", "npm install -g yarn@1", "yarn install --frozen-lockfile", "yarn run build"}},
		// immutable-js: the CI's Linux jobs set up Node.js 24 (a macOS job's 26 does not count)
		{name: "npm: the Node.js the CI sets up", files: map[string]string{"package.json": `{"name":"x","scripts":{"test":"jest"}}`,
			".github/workflows/ci.yml":  "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: '24'\n      - run: npm test\n",
			".github/workflows/mac.yml": "on: push\njobs:\n  m:\n    runs-on: macos-latest\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n"},
			stacks: "npm", contains: []string{"npm install -g node@24"}},
		// highlight.js: engines >=20, its CI tests 22 and up, its dependencies need 22
		{name: "npm: the CI's oldest Node.js above the engines floor", files: map[string]string{"package.json": `{"name":"x","scripts":{"test":"mocha"},"engines":{"node":">=20.0.0"}}`,
			".github/workflows/ci.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        node-version: [22.x, 24.x]\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: ${{ matrix.node-version }}\n      - run: npm test\n"},
			stacks: "npm", contains: []string{"npm install -g node@22"}, absent: []string{"node@20"}},
		{name: "npm: a setup-node version from the matrix is the matrix's", files: map[string]string{"package.json": `{"name":"x","scripts":{"test":"jest"}}`,
			".github/workflows/ci.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: ${{ matrix.node }}\n      - run: npm test\n"},
			stacks: "npm", absent: []string{"npm install -g node@"}},
		{name: "yarn berry via packageManager with its hash", files: map[string]string{"package.json": `{"name":"x","packageManager":"yarn@4.10.0+sha512.8dd111dbb16"}`, "yarn.lock": "__metadata:\n  version: 8\n"},
			stacks: "npm", contains: []string{"npm install -g @yarnpkg/cli-dist@4.10.0 || npm install -g '@yarnpkg/cli-dist@~4.10.0'\n", "yarn install --immutable"}},
		{name: "pnpm via packageManager", files: map[string]string{"package.json": `{"name":"x","packageManager":"pnpm@9.1.0"}`, "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"},
			stacks: "npm", contains: []string{"npm install -g pnpm@9.1.0", "pnpm install --frozen-lockfile"}},
		// no packageManager: the pnpm that writes the lockfile's format (nanoid)
		{name: "pnpm of a v9 lockfile", files: map[string]string{"package.json": `{"name":"x"}`, "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "pnpm-workspace.yaml": "allowBuilds:\n  x: true\n"},
			stacks: "npm", contains: []string{"npm install -g pnpm@10", "pnpm install --frozen-lockfile"}},
		{name: "pnpm of a v6 lockfile", files: map[string]string{"package.json": `{"name":"x"}`, "pnpm-lock.yaml": "lockfileVersion: '6.0'\n"},
			stacks: "npm", contains: []string{"npm install -g pnpm@8"}},
		{name: "a C library's clib manifest is not an npm project", files: map[string]string{"package.json": `{"name":"uthash","repo":"troydhanson/uthash","src":["src/uthash.h"]}`, "src/uthash.h": "#define HASH 1\n", "tests/Makefile": "all:\n\t$(CC) test1.c -o test1 && ./test1\n", "tests/test1.c": "int main(void){return 0;}\n"},
			stacks: "make", contains: []string{"build-essential"}, absent: []string{"nodejs", "npm install"}},
		// espree's monorepo: npm 9 hung resolving workspaces its eslint devDependency also asks for
		{name: "npm workspaces get npm 10", files: map[string]string{"package.json": `{"name":"x","workspaces":["packages/*"],"devDependencies":{"eslint":"^9"}}`, "packages/espree/package.json": `{"name":"espree"}`},
			stacks: "npm", contains: []string{"npm install -g npm@10 && hash -r", "npm install\n"}},
		{name: "npm without lockfile", files: map[string]string{"package.json": `{"name":"x"}`},
			stacks: "npm", contains: []string{"npm install"}, absent: []string{"npm ci"}},
		{name: "bazel is unsupported", files: map[string]string{"WORKSPACE": "", "BUILD": "cc_binary(name='x')\n", "x.c": "int main(){return 0;}\n"},
			stacks: "", unsupported: "bazel: WORKSPACE found"},
		{name: "scons is unsupported", files: map[string]string{"SConstruct": "Program('x.c')\n"}, unsupported: "scons"},
		{name: "maven wrapper first", files: map[string]string{"pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>x</artifactId></project>", "mvnw": "#!/bin/sh\n"},
			stacks: "maven", contains: []string{"./mvnw -B -q -DskipTests package", "default-jdk-headless"}, absent: []string{" maven"}, note: "Maven Central"},
		{name: "maven from Debian", files: map[string]string{"pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>x</artifactId></project>"},
			stacks: "maven", contains: []string{"mvn -B -q -DskipTests package", "maven"}},
		{name: "gradle wrapper first", files: map[string]string{"build.gradle": "apply plugin: 'java'\n", "gradlew": "#!/bin/sh\n"},
			stacks: "gradle", contains: []string{"./gradlew --no-daemon assemble"}},
		{name: "cargo", files: map[string]string{"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\nrust-version = \"1.70\"\n", "Cargo.lock": "version = 3\n", "src/main.rs": "fn main() {}\n"},
			stacks: "cargo", contains: []string{"cargo fetch --locked", "cargo build", "pkg_install cargo-web rustc-web"}},
		{name: "cargo newer than any Debian rust", files: map[string]string{"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\nrust-version = \"1.90\"\n", "src/main.rs": "fn main() {}\n"},
			stacks: "cargo", contains: []string{"cargo fetch", "pkg_install cargo rustc"}, note: "rust-version"},
		{name: "poetry backend offline", files: map[string]string{"pyproject.toml": "[build-system]\nrequires = [\"poetry-core>=1.0\"]\nbuild-backend = \"poetry.core.masonry.api\"\n\n[project]\nname = \"x\"\nversion = \"0.1\"\ndependencies = [\"PyYAML>=6\"]\nrequires-python = \">=3.12\"\n"},
			stacks: "python", contains: []string{"python3-poetry-core", "python3-yaml", "pip install --no-build-isolation --no-deps -e .", "pypi_reachable"}, note: "Python >=3.12"},
		// sortedcontainers' requirements.txt: maintainers' programs are left
		// out offline unless code (not the docs) imports them
		{name: "maintainers' programs left out offline", files: map[string]string{"requirements.txt": "pytest\npylint\nsphinx\nPyYAML\ntwine\n", "pyproject.toml": "[project]\nname = \"x\"\nversion = \"1\"\n", "x/__init__.py": "import yaml\n", "docs/conf.py": "import sphinx\n"},
			stacks: "python", contains: []string{"python3-yaml", "python3-pytest", "left out: pylint sphinx twine"}, absent: []string{"python3-sphinx"}},
		// yesqa: a project's own requirement is never a maintainer's program
		// left out; it runs `python -m flake8` on the files it fixes
		{name: "the project's own requirement on a linter", files: map[string]string{"setup.cfg": "[metadata]\nname = x\n\n[options]\npy_modules = x\ninstall_requires =\n    flake8>=3.9\n", "setup.py": "from setuptools import setup\nsetup()\n", "x.py": "import subprocess\n", "requirements-dev.txt": "pytest\npylint\n"},
			stacks: "python", contains: []string{"python3-flake8", "left out: pylint"}},
		{name: "what only benchmark and plotting scripts import is left out offline", files: map[string]string{"requirements.txt": "pytest\nmatplotlib\nscipy\nPyYAML\n", "pyproject.toml": "[project]\nname = \"x\"\nversion = \"1\"\n", "x/__init__.py": "", "tests/benchmark_plot.py": "import matplotlib\n", "tests/plot_lengths.py": "import scipy\n", "tests/test_x.py": "import yaml\n"},
			stacks: "python", contains: []string{"python3-yaml", "python3-pytest", "left out: matplotlib scipy"}, absent: []string{"python3-matplotlib", "python3-scipy"}},
		{name: "a Sphinx extension's tests import sphinx", files: map[string]string{"requirements.txt": "pytest\nsphinx\n", "pyproject.toml": "[project]\nname = \"x\"\nversion = \"1\"\n", "x/__init__.py": "", "tests/test_x.py": "from sphinx.application import Sphinx\n"},
			stacks: "python", contains: []string{"python3-sphinx"}, absent: []string{"left out"}},
		// natsort: tox's [testenv] deps are the suite's (pytest-mock's mocker)
		{name: "tox's test environment deps", files: map[string]string{"pyproject.toml": "[project]\nname = \"x\"\nversion = \"1\"\n", "x/__init__.py": "", "tox.ini": "[tox]\nenvlist = py3, lint\n\n[testenv]\ndeps =\n    pytest\n    PyYAML>=6\n    poetry\n    cov: pytest-cov\n    -r requirements-test.txt\n    {env:EXTRA:}\ncommands = pytest\n\n[testenv:lint]\ndeps = sphinx\n"},
			stacks: "python", contains: []string{"python3-yaml", "pip install PyYAML || log", "pip install pytest\n"}, absent: []string{"python3-sphinx", "poetry ||", "pytest PyYAML", "cov ||", "PyYAML cov"}},
		// civetweb: a `build` script at the top, where CMake would make its build directory
		{name: "cmake: a file named build at the top moves the build directory", files: map[string]string{"CMakeLists.txt": "project(x C)\nadd_executable(x x.c)\n", "x.c": "int main(){return 0;}\n", "build": "#!/bin/sh\nmake\n"},
			stacks: "cmake", contains: []string{"cmake -S . -B _build\n", "cmake --build _build "}, absent: []string{"-B build"}},
		// libunwind: CMake only in a Windows job; autotools on Linux
		{name: "cmake only in a Windows CI job: autotools, which Linux CI runs", files: map[string]string{"CMakeLists.txt": "project(x C)\nadd_library(x x.c)\n", "configure.ac": "AC_INIT([x],[1])\nAC_PROG_CC\nAC_OUTPUT\n", "Makefile.am": "lib_LIBRARIES = libx.a\n", "x.c": "int x;\n",
			".github/workflows/win.yml":   "on: push\njobs:\n  w:\n    runs-on: windows-${{ matrix.server }}\n    steps:\n      - run: cmake -G \"Visual Studio 17 2022\" -S . -B bin\n",
			".github/workflows/linux.yml": "on: push\njobs:\n  l:\n    runs-on: ubuntu-latest\n    steps:\n      - run: autoreconf -i && ./configure && make check\n"},
			stacks: "autotools", note: "the CI builds with autotools, not cmake"},
		{name: "meson with pkg-config dependency", files: map[string]string{"meson.build": "project('x', 'c')\nz = dependency('zlib')\nexecutable('x', 'x.c', dependencies: z)\n", "x.c": "#include <zlib.h>\nint main(){return 0;}\n"},
			stacks: "meson", contains: []string{"zlib1g-dev", "meson setup build"}},
		{name: "python C extension without a C build system", files: map[string]string{"setup.py": "from setuptools import setup, Extension\nsetup(name='x', ext_modules=[Extension('x', ['x.c'])])\n", "x.c": "#include <zlib.h>\n"},
			stacks: "python", contains: []string{"python3-dev", "zlib1g-dev"}},
		{name: "makefile beside a python project is a task runner", files: map[string]string{"Makefile": "init:\n\tpip install -r requirements.txt\n", "requirements.txt": "PyYAML\n", "app.py": "import yaml\n"},
			stacks: "python", absent: []string{"make -j", "build-essential", "pkg_install make"}},
		// python-markdown2: the test target runs the suite its own way
		{name: "a task runner's own test target gets make", files: map[string]string{"Makefile": "test:\n\trm -f .coverage && python testall.py\n", "setup.py": "from setuptools import setup\nsetup(name='m')\n", "lib/m.py": ""},
			stacks: "python", contains: []string{"pkg_install make", "runs the tests its own way"}, absent: []string{"make -j", "build-essential"}},
		// cobra: a test target running go test needs no make
		{name: "a task runner's go test target needs no make", files: map[string]string{"Makefile": "test: deps\n\t$(info running tests)\n\tgo test -v $(FLAGS) ./...\n\tSHELL=/bin/sh GOOS= $(GO) test -v \\\n\t\t\texample.org/x/src\n", "go.mod": "module example.org/x\n\ngo 1.19\n", "x.go": "package x\n"},
			stacks: "go", absent: []string{"pkg_install make"}},
		{name: "the test directory's requirements are installed", files: map[string]string{"pyproject.toml": "[project]\nname = \"tb\"\nversion = \"1\"\n", "tb/__init__.py": "", "tests/requirements.txt": "pytest\nxlwt\n", "tests/test_tb.py": "import xlwt\n", "docs/requirements.txt": "sphinx\n"},
			stacks: "python", contains: []string{"pip install -r tests/requirements.txt || log"}, absent: []string{"docs/requirements.txt"}},
		{name: "C samples in the tests of a python project build nothing", files: map[string]string{"Makefile": "all: check test\n", "pyproject.toml": "[project]\nname = \"hl\"\nversion = \"1\"\n", "hl/__init__.py": "", "tests/examplefiles/c/numbers.c": "int main(void){return 0;}\n"},
			stacks: "python", absent: []string{"make -j"}},
		// entr: configure copies Makefile.linux to Makefile; OpenSSL's
		// Configure generates it
		{name: "a hand-written configure that writes the Makefile", files: map[string]string{"configure": "#!/bin/sh\ncp Makefile.linux Makefile\n", "Makefile.linux": "include Makefile.bsd\n", "Makefile.bsd": "all: entr\ntest: entr\n\t./system_test.sh\n", "entr.c": "int main(void){return 0;}\n"},
			stacks: "make", contains: []string{"  ./configure\n", "  make -j\"$(nproc)\"\n"}},
		{name: "OpenSSL's Configure", files: map[string]string{"Configure": "#!/usr/bin/env perl\n", "crypto/x.c": "int x(void){return 0;}\n"},
			stacks: "make", contains: []string{"  ./Configure\n", "  make -j\"$(nproc)\"\n"}},
		{name: "a configure beside Makefile.in is autoconf's", files: map[string]string{"configure": "#!/bin/sh\n", "Makefile.in": "all:\n", "z.c": "int z(void){return 0;}\n"},
			stacks: "autotools", contains: []string{"[ -f Makefile ] || ./configure"}, absent: []string{"  ./configure\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			plan := planFor(t, tt.files)
			script := plan.File.Render()
			if got := strings.Join(plan.Stacks, ","); got != tt.stacks {
				t.Errorf("stacks %q, want %q", got, tt.stacks)
			}
			for _, s := range tt.contains {
				if !strings.Contains(script, s) {
					t.Errorf("script lacks %q:\n%s", s, script)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(script, s) {
					t.Errorf("script has %q", s)
				}
			}
			if tt.unsupported != "" && !strings.Contains(strings.Join(plan.Unsupported, "\n"), tt.unsupported) {
				t.Errorf("unsupported %q lacks %q", plan.Unsupported, tt.unsupported)
			}
			if tt.note != "" && !strings.Contains(strings.Join(plan.Notes, "\n"), tt.note) {
				t.Errorf("notes %q lack %q", plan.Notes, tt.note)
			}
		})
	}
}

// C/C++ code without any build system or manifest (a header-only
// library with a test program, thread-pool's, beside a pyproject.toml of
// linters' settings) gets the compiler its users compile it with, and no
// Python stack; a repository of no C gets nothing.
func TestCSourcesOnlyGetTheCompiler(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"header-only", map[string]string{"include/pool.hpp": "#pragma once\n", "tests/pool_test.cpp": "#include \"pool.hpp\"\nint main() { return 0; }\n", "pyproject.toml": "[tool.pyright]\npythonVersion = \"3.13\"\n"}, true},
		{"no C", map[string]string{"README.md": "# notes\n", "notes.txt": "x\n"}, false},
	} {
		plan := planFor(t, tc.files)
		got := strings.Contains(plan.File.Render(), "pkg_install build-essential")
		if got != tc.want || len(plan.Stacks) != 0 {
			t.Errorf("%s: compiler %v, stacks %v", tc.name, got, plan.Stacks)
		}
	}
}
