package pyramid

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/retrieval"
)

var update = flag.Bool("update", false, "rewrite the golden pyramids")

func fixtureIndex(t *testing.T, fixture string) *retrieval.Index {
	t.Helper()
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, filepath.Join("..", "testdata", "repos", fixture), s, build.Options{Name: fixture})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// tempIndex builds the graph of a repository of files (slash paths) in a
// temporary directory.
func tempIndex(t *testing.T, name string, files map[string]string) *retrieval.Index {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, dir, s, build.Options{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func fixtureEnv(t *testing.T, fixture string) *env {
	t.Helper()
	e, err := newEnv(context.Background(), fixtureIndex(t, fixture), bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMiners checks each miner on the fixtures: the commands it yields
// (text, bucket, first provenance), in order.
func TestMiners(t *testing.T) {
	type want struct {
		text   string
		bucket Bucket
		where  string // first provenance
	}
	tests := []struct {
		miner   string
		fixture string
		want    []want
	}{
		{"docs", "c-cmake", []want{{"cmake -S . -B build", Build, "readme README.md:8"}, {"cmake --build build", Build, "readme README.md:9"},
			{"ctest --test-dir build --output-on-failure", Unit, "readme README.md:10"}, {"./build/checksum-cli hello", Entry, "readme README.md:16"}}},
		{"docs", "python-pyproject", []want{{"pip install -e .", Build, "readme README.md:6"}, {"python -m pytest", Unit, "readme README.md:7"},
			{"wordcount README.md", Entry, "readme README.md:8"}}},
		{"docs", "go-mod", []want{{"go build ./...", Build, "readme README.md:4"}, {"go test -v ./...", Unit, "readme README.md:5"}, {"go run . Ada", Entry, "readme README.md:6"}}},
		{"ci", "c-cmake", []want{{"cmake -S . -B build -DCMAKE_C_COMPILER=gcc", Build, "ci .github/workflows/ci.yml:15"},
			{"cmake --build build", Build, "ci .github/workflows/ci.yml:16"}, {"ctest --test-dir build --output-on-failure", Unit, "ci .github/workflows/ci.yml:18"}}},
		{"ci", "go-mod", []want{{"go test -v ./...", Unit, "ci .github/workflows/ci.yml:12"}}},
		{"ci", "python-pyproject", []want{{"pip install -e . pytest", Build, "ci .github/workflows/ci.yml:14"}, {"python -m pytest -q", Unit, "ci .github/workflows/ci.yml:15"}}},
		{"makefile", "c-make", []want{{"make", Build, "makefile Makefile:4"}, {"make test", Unit, "makefile Makefile:12"}}},
		{"makefile", "c-autotools", []want{{"make check", Unit, "makefile Makefile.am:6"}}},
		{"package.json", "node-npm", []want{{"npm test", Unit, "package.json package.json:10"}}},
		{"cmake", "c-cmake", []want{{"ctest --test-dir build --output-on-failure", Unit, "cmake CMakeLists.txt:16"}}},
		{"cmake", "c-meson", nil},
		{"meson", "c-meson", []want{{"meson test -C build --print-errorlogs", Unit, "meson meson.build:10"}}},
		{"python", "python-pyproject", []want{{"python -m pytest -q", Unit, "python pyproject.toml"}}},
		{"python", "python-requirements", []want{{"python -m unittest discover -s tests -v", Unit, "python tests"}}},
		{"python", "multi-stack", []want{{"python -m unittest discover -s python/tests -v", Unit, "python python/tests"}}},
		{"convention", "go-mod", []want{{"go build ./...", Build, "convention go.mod"}, {"go test -v ./...", Unit, "convention go.mod"}}},
		{"convention", "node-npm", []want{{"npm ci", Build, "convention package-lock.json"}}},
		{"convention", "python-requirements", []want{{"pip install -r requirements.txt", Build, "convention requirements.txt"}}},
		{"entrypoint", "node-npm", []want{{"npm start", Entry, "package.json package.json:11"}}},
		{"entrypoint", "c-cmake", nil},
	}
	byName := map[string]miner{}
	for _, m := range miners {
		byName[m.name] = m
	}
	for _, tt := range tests {
		t.Run(tt.miner+"/"+tt.fixture, func(t *testing.T) {
			m, ok := byName[tt.miner]
			if !ok {
				t.Fatalf("no miner %q", tt.miner)
			}
			cs, err := m.mine(context.Background(), fixtureEnv(t, tt.fixture))
			if err != nil {
				t.Fatal(err)
			}
			var got []want
			for _, c := range cs {
				got = append(got, want{c.Text, c.Bucket, c.Why[0].Where()})
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestSynthesize(t *testing.T) {
	e := fixtureEnv(t, "c-cmake-noreadme-run")
	cs, err := synthesize(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 || cs[0].Text != `printf 'hello world\nhello again\n' | ./build/linecount` || !cs[0].Synth || cs[0].Bucket != Entry {
		t.Fatalf("first probe = %+v", cs)
	}
	last := cs[len(cs)-1]
	if !strings.HasSuffix(last.Text, "--help") || !last.Synth {
		t.Errorf("last resort = %+v", last)
	}
}

// TestGolden compares the mined pyramid of every fixture with its golden
// pyramid.json (go test ./pyramid -update rewrites them).
func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "testdata", "repos"))
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		if !en.IsDir() {
			continue
		}
		name := en.Name()
		t.Run(name, func(t *testing.T) {
			p, err := Mine(context.Background(), fixtureIndex(t, name), Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.JSON()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./pyramid -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("pyramid differs from %s:\n%s", golden, got)
			}
			if len(p.At(Testable)) == 0 && name != "c-cmake-noreadme-run" {
				t.Errorf("no Testable command")
			}
			if len(p.At(Runnable)) == 0 || len(p.At(Installable)) == 0 {
				t.Errorf("a level is empty: %s", got)
			}
			back, err := Load(got)
			if err != nil {
				t.Fatalf("Load(JSON()) = %v", err)
			}
			if again, _ := back.JSON(); !bytes.Equal(again, got) {
				t.Errorf("JSON round trip differs")
			}
		})
	}
}

func TestGoals(t *testing.T) {
	ix := fixtureIndex(t, "c-make")
	p, err := Mine(context.Background(), ix, Options{Goals: []string{"./rev hello"}, Expect: []string{`^olleh$`}})
	if err != nil {
		t.Fatal(err)
	}
	run := p.At(Runnable)
	var goal *Command
	for i := range run {
		if run[i].Why[0].Source == "user" {
			goal = &run[i]
		}
	}
	if goal == nil || goal.Text != "./rev hello" || !slices.Equal(goal.Expect, []string{`^olleh$`}) || goal.Synth {
		t.Fatalf("goal = %+v", goal)
	}
	if run[0].Why[0].Source != "user" {
		t.Errorf("the goal is not first at its level: %+v", run[0])
	}
	for _, bad := range []Options{{Goals: []string{"x"}, Expect: []string{"("}}, {Expect: []string{"ok"}}, {Goals: []string{" "}}} {
		if _, err := Mine(context.Background(), ix, bad); err == nil {
			t.Errorf("Mine(%+v) accepted bad options", bad)
		}
	}
}

func TestLoadRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"no version":     `{"commands":[]}`,
		"future version": `{"schema_version":99,"commands":[]}`,
		"bad bucket":     `{"schema_version":1,"commands":[{"text":"x","bucket":"magic","why":[]}]}`,
		"level mismatch": `{"schema_version":1,"commands":[{"text":"x","bucket":"unit","level":"runnable","why":[]}]}`,
		"bad regex":      `{"schema_version":1,"commands":[{"text":"x","bucket":"entry","expect":["("],"why":[]}]}`,
		"empty text":     `{"schema_version":1,"commands":[{"text":"","bucket":"unit","why":[]}]}`,
		"not json":       `{`,
	} {
		if _, err := Load([]byte(doc)); err == nil {
			t.Errorf("%s: Load accepted %s", name, doc)
		}
	}
}

// C socket servers are started in the background and proved by a
// connection; the port comes from htons() or a PORT define.
func TestCServerProbe(t *testing.T) {
	for _, tc := range []struct{ src, port string }{
		{"struct sockaddr_in a = {.sin_port = htons(7007)};\nbind(s, (struct sockaddr *)&a, sizeof a);\nlisten(s, 4);\n", "7007"},
		// libevent's sample/hello-world.c
		{"static const int PORT = 9995;\n#define PORT 9995\nsin.sin_port = htons(PORT);\nlistener = evconnlistener_new_bind(base, listener_cb, (void *)base,\n", "9995"},
	} {
		if !cServerSrc.MatchString(tc.src) || httpSrc.MatchString(tc.src) {
			t.Errorf("not a plain socket server: %q", tc.src)
		}
		if m := portRe.FindStringSubmatch(tc.src); m == nil || m[1] != tc.port {
			t.Errorf("port of %q: %v, want %s", tc.src, m, tc.port)
		}
	}
	p := tcpServerProbe("./build/echo-server", "7007")
	if !strings.Contains(p, "/dev/tcp/127.0.0.1/7007") || strings.Contains(p, "curl") || !strings.Contains(p, "( ./build/echo-server ) >") {
		t.Errorf("probe: %s", p)
	}
	if cServerSrc.MatchString("int n = listen_to_me(fd);\nfprintf(stderr, \"listen(2) failed\");") {
		t.Error("not a server")
	}
}

// A program run by a path that starts outside the checkout and outside
// any build directory is about another layout (docs that clone the
// project one level down): not mined.
func TestPathRooted(t *testing.T) {
	e := fixtureEnv(t, "c-cmake")
	for prog, want := range map[string]bool{"./build/checksum-cli": true, "./src/main": true, "./checksum-cli": true,
		"./target/release/x": true, "./checksum/tests/run": false, "checksum-cli": true} {
		if got := e.pathRooted(prog, ""); got != want {
			t.Errorf("pathRooted(%q) = %v, want %v", prog, got, want)
		}
	}
}

// A server command that is a subshell itself ((d=…; go run .)) is not
// turned into bash's arithmetic "((".
func TestServerProbeOfASubshell(t *testing.T) {
	if p := serverProbe("(cd x && go run .)", "8080"); strings.Contains(p, "((cd") {
		t.Errorf("probe: %s", p)
	}
}

// A plain Makefile's target that links a program names ./NAME — unless
// its recipe links it in another directory (re2's `(cd obj && $(CXX) …
// -o shared-testinstall)`, a make target, not a program at the top). A
// program outside the default goal (jsmn's simple_example, whose
// default goal runs the tests) is made first; its main is its rule's
// source; a conditional is not the default goal (haproxy's `ifneq
// ($(ERR:0=),)`); a file a tool writes (`-o ChangeLog.md`) is no program.
func TestMakefileProgramsLinkedElsewhere(t *testing.T) {
	files := map[string]string{
		"Makefile": "ifneq ($(ERR:0=),)\nendif\nall: tool\n\ntool: tool.c\n\t$(CC) -o $@ tool.c\n\n" +
			"shared-testinstall:\n\t@mkdir -p obj\n\t(cd obj && $(CXX) shared-testinstall.cc -o shared-testinstall $(LDFLAGS))\n\tobj/shared-testinstall\n" +
			"simple_example: example/simple.c\n\t$(CC) $< -o $@\n" +
			"ChangeLog.md:\n\tgithub_changelog_generator -o ChangeLog.md\n",
		"tool.c":           "#include <stdio.h>\nint main(void) { return 0; }\n",
		"example/simple.c": "#include <stdio.h>\nint main(void) { puts(\"ok\"); return 0; }\n",
	}
	ctx := context.Background()
	e, err := newEnv(ctx, tempIndex(t, "tool", files), bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := synthesize(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range cs {
		texts = append(texts, c.Text)
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "./tool") || strings.Contains(all, "shared-testinstall") || strings.Contains(all, "ChangeLog") || strings.Contains(all, "make -s tool") ||
		!strings.Contains(all, "{ test -x ./simple_example || make -s simple_example; } && ./simple_example") {
		t.Errorf("probes:\n%s", all)
	}
}

// A server is told by the program or a server word, not by a word inside
// an argument.
func TestStartsServer(t *testing.T) {
	for cmd, want := range map[string]bool{
		"python -m http.server 8000":                true,
		"timeout 60 ./src/redis-server --port 7000": true,
		"node server.js":                            true,
		"hugo server -D":                            true,
		"flask --app hello run":                     true,
		"uvicorn app:app --reload":                  true,
		"./src/openvpn/openvpn --genkey tls-crypt-v2-server v2crypt-server.key": false,
		"./build/tool --config server.conf":                                     false,
		"cd x && ./bin/echo_server":                                             true,
	} {
		if got := startsServer(cmd); got != want {
			t.Errorf("startsServer(%q) = %v, want %v", cmd, got, want)
		}
	}
}

// A JavaScript library that documents no use and has no program: the
// last resort imports the package by its own name (linked into
// node_modules) and counts its exports; none when npm is not set up.
func TestJavaScriptLibraryLastResort(t *testing.T) {
	ctx := context.Background()
	ix := tempIndex(t, "underscore", map[string]string{
		"package.json":      `{"name": "underscore", "main": "underscore-umd.js", "scripts": {"test": "qunit"}}`,
		"underscore-umd.js": "module.exports = { map: function () {} };\n",
		"README.md":         "# underscore\n\nA helper library.\n",
	})
	for _, setUp := range [][]string{{"npm"}, {}} {
		e, err := newEnv(ctx, ix, bashfile.Layout{}, setUp)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := synthesize(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		if len(setUp) == 0 {
			if len(cs) != 0 {
				t.Errorf("npm not set up: probes %+v", cs)
			}
			continue
		}
		if len(cs) != 1 || !cs[0].LastResort() || !strings.Contains(cs[0].Text, `ln -s "$PWD" /node_modules/underscore`) || !strings.Contains(cs[0].Text, `import("underscore")`) {
			t.Errorf("probes %+v", cs)
		}
	}
}

// A WSGI example (werkzeug's run_simple, wsgiref's make_server) is a
// server on the port it passes after the host.
func TestWSGIExampleServer(t *testing.T) {
	for src, port := range map[string]string{
		`run_simple("127.0.0.1", 5000, application)`:              "5000",
		`with make_server('', 8051, app) as httpd: httpd.serve()`: "8051",
	} {
		if !serverSrc.MatchString(src) {
			t.Errorf("not a server: %q", src)
		}
		if m := portRe.FindStringSubmatch(src); m == nil || m[1] != port {
			t.Errorf("port of %q: %v, want %s", src, m, port)
		}
	}
}

// A README runs a script its reader writes (meow's ./foo-app.js) or a
// program it builds in the source tree while the Bash File builds in
// build/ (cmatrix's ./cmatrix).
func TestAbsentReaderScriptAndOutOfTree(t *testing.T) {
	e := repoEnv(t, map[string]string{"package.json": `{"name": "meow"}`, "index.js": "", "cli.js": ""})
	if why := e.absentProgram([]string{"./foo-app.js", "unicorns"}, ""); why != "no ./foo-app.js here" {
		t.Errorf("reader's script: %q", why)
	}
	if why := e.absentProgram([]string{"./cli.js"}, ""); why != "" {
		t.Errorf("the checkout's script: %q", why)
	}
	e.progs["cmatrix"] = "./build/cmatrix"
	for in, want := range map[string]string{
		"./cmatrix -ba -u 2": "./build/cmatrix -ba -u 2",
		"./cli.js":           "./cli.js",
		"./other --x":        "./other --x",
	} {
		if got := e.outOfTree(in); got != want {
			t.Errorf("outOfTree(%q) = %q, want %q", in, got, want)
		}
	}
}

// A JavaScript library its README shows in code keeps the import of the
// package as a last resort after the examples, as a Python one does.
func TestJavaScriptLibraryImportAfterExamples(t *testing.T) {
	ix := tempIndex(t, "glob", map[string]string{
		"package.json": `{"name": "glob", "main": "index.js", "scripts": {"test": "tap"}}`,
		"index.js":     "exports.glob = async function () { return [] };\n",
		"README.md":    "# glob\n\n```js\nconst { glob } = require('glob')\nglob('**/*.js').then(console.log)\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{Layout: bashfile.Layout{BuildDirs: map[string]string{}}})
	if err != nil {
		t.Fatal(err)
	}
	var run []string
	for _, c := range p.Commands {
		if c.Level == Runnable {
			run = append(run, c.Text)
		}
	}
	if len(run) != 2 || !strings.Contains(run[0], "require(") || !strings.Contains(run[1], `import("glob")`) {
		t.Fatalf("runnable %q", run)
	}
}

// Test files no command runs (rxi/vec's test/build_test.py) leave the
// README's uses as Testable's probes; a test command mined leaves none.
func TestSmokeWhenNoCommandRunsTheTests(t *testing.T) {
	ix := tempIndex(t, "vec", map[string]string{
		"src/vec.c":          "#include \"vec.h\"\nint vec_expand_(char **d) { return 0; }\n",
		"src/vec.h":          "int vec_expand_(char **d);\n#define vec_push(v, val) vec_expand_(v)\n",
		"test/test_vec.c":    "#include \"../src/vec.h\"\nint main(void) { return 0; }\n",
		"test/build_test.py": "import os\nos.system('gcc -o t test_vec.c')\n",
	})
	all := []Command{{Text: "./example", Bucket: Entry, Level: Runnable, Why: []Provenance{{Source: "readme"}}}}
	sm, err := smokeProbes(context.Background(), ix, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(sm) != 1 || sm[0].Bucket != Smoke || !strings.Contains(sm[0].Why[len(sm[0].Why)-1].Note, "no command that runs them") {
		t.Fatalf("smoke %+v", sm)
	}
	sm, _ = smokeProbes(context.Background(), ix, append(all, Command{Text: "python test/build_test.py", Bucket: Unit, Level: Testable}))
	if len(sm) != 0 {
		t.Fatalf("a test command mined, smoke %+v", sm)
	}
	sm, _ = smokeProbes(context.Background(), ix, []Command{{Text: "./nnn --version", Bucket: Entry, Level: Runnable}})
	if len(sm) != 0 {
		t.Fatalf("only a last resort, smoke %+v", sm)
	}
}

// A data file only named like a test, in a language none of the sources
// is (svgo's svgplot/test.d in a Go module), is no test: the programs'
// uses are Testable's probes beside the convention's `go test`; a Go
// test file leaves `go test` alone.
func TestDataNamedLikeATestIsNoTest(t *testing.T) {
	files := map[string]string{
		"go.mod":       "module example.com/svg\n\ngo 1.21\n",
		"svg.go":       "package svg\n\nfunc Start() {}\n",
		"plot/main.go": "package main\n\nfunc main() {}\n",
		"plot/test.d":  "import std.stdio;\nvoid main() { writeln(1); }\n",
	}
	all := []Command{{Text: "go test -v ./...", Bucket: Unit, Level: Testable, Why: []Provenance{{Source: "convention"}}},
		{Text: "go run ./plot data.txt", Bucket: Entry, Level: Runnable, Why: []Provenance{{Source: "readme"}}}}
	sm, err := smokeProbes(context.Background(), tempIndex(t, "svg", files), all)
	if err != nil || len(sm) != 1 {
		t.Fatalf("smoke %+v %v", sm, err)
	}
	files["plot/main_test.go"] = "package main\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n"
	if sm, _ := smokeProbes(context.Background(), tempIndex(t, "svg", files), all); len(sm) != 0 {
		t.Fatalf("with a Go test, smoke %+v", sm)
	}
}
