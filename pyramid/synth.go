package pyramid

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// program is a runnable thing of the repository found in the graph.
type program struct {
	run    string // how to start it, from the repository root
	source string // file whose code decides the input (main source), may be empty
	why    Provenance
	lib    bool // an example / demo program of a library
	// build makes the program first when the default build may not have
	// (a Makefile target outside the default goal, such as jsmn's
	// simple_example): `{ test -x ./NAME || make -s NAME; }`.
	build string
	// installed is a program the package installs (a Python manifest's
	// script files): the product, tried before the library's examples
	installed bool
	// script is an example script with no mark of a program (a shebang,
	// a __main__ guard): tried after every marked one
	script bool
}

var (
	stdinRe     = regexp.MustCompile(`\bstdin\b|getchar\s*\(|std::cin|sys\.stdin|process\.stdin|os\.Stdin|fileinput\.input`)
	fileArgRe   = regexp.MustCompile(`fopen\s*\(\s*argv|open\s*\(\s*sys\.argv|open\s*\(\s*args\.|os\.Open\s*\(\s*os\.Args|ReadFile\s*\(\s*os\.Args|readFileSync\s*\(\s*process\.argv|ifstream\s+\w+\s*\(\s*argv|argparse\.FileType|type=argparse|yaml\.safe_load|open\(\s*path`)
	numArgRe    = regexp.MustCompile(`ato[if]\s*\(\s*argv|strto(l|d|ul)\s*\(\s*argv|stoi\s*\(\s*argv|int\s*\(\s*sys\.argv|float\s*\(\s*sys\.argv|strconv\.Atoi\s*\(\s*os\.Args|parseInt\s*\(\s*process\.argv|Number\s*\(\s*process\.argv|parseFloat\s*\(\s*process\.argv`)
	argRe       = regexp.MustCompile(`argv\s*\[\s*1\s*\]|argc\s*[<>=!]|sys\.argv|os\.Args|process\.argv|argparse|click\.|flag\.Parse|\bargs\b`)
	wordArgRe   = regexp.MustCompile(`argv\s*\[\s*1\s*\]|sys\.argv\[1\]|os\.Args\[1\]|process\.argv\[2\]`)
	optParserRe = regexp.MustCompile(`getopt|argparse|click\.|flag\.Parse|cobra|commander|yargs|optparse|docopt`)
	serverSrc   = regexp.MustCompile(`\.listen\s*\(|\.(?:Start|Listen|Run)\s*\(\s*"[\w.]*:\d+"|ListenAndServe|createServer|app\.run\s*\(|HTTPServer|uvicorn\.run|serve_forever|serve_tcp\(|start_server\(|TCPServer\(|web\.run_app\(|run_simple\s*\(|make_server\s*\(|waitress\.serve\s*\(|\.quickstart\s*\(|(?m:^run\s*\([^)\n]*\bport\s*=)`)
	portRe      = regexp.MustCompile(`(?i)(?:listen\s*\(\s*|port\s*(?:=|:|\|\|)\s*(?:[\w.]+\s*\|\|\s*)?|localhost:|127\.0\.0\.1:|":|htons\s*\(\s*|#define\s+\w*PORT\w*\s+|(?:run_simple|make_server)\s*\(\s*['"][^'"]*['"]\s*,\s*)(\d{2,5})\b`)
	// cServerSrc marks C/C++ socket servers: BSD listen(fd, backlog),
	// libevent's listeners, libuv's uv_listen, libmicrohttpd, a coroutine
	// library's tcp_listen / tcplisten (libdill's, libmill's).
	cServerSrc   = regexp.MustCompile(`\blisten\s*\(\s*[\w.>\[\]-]+\s*,\s*[\w.>\[\]-]+\s*\)|evconnlistener_new_bind|evhttp_bind_socket|uv_listen\s*\(|MHD_start_daemon|\b(?:tcp_?|unix_?|ipc_?)listen\s*\(`)
	httpSrc      = regexp.MustCompile(`HTTP/1|evhttp_|MHD_|http_parser|llhttp`)
	testName     = regexp.MustCompile(`(?i)(^|[_./-])(test|tests|unittest|unittests|check|bench|benchmark|fuzz|fuzzer|regress|regression)([_./-]|$)|^test|tests?$|tests?\d+(?:\.\w+)?$|^regress$`)
	scriptExt    = regexp.MustCompile(`\.(py|pl|sh|rb|in)$`)
	helperScript = regexp.MustCompile(`(?i)gen|(^|/)make_|build|update|bump|release|(^|/)setup\.py$|configure|install|bootstrap|conf\.py$|(^|/)support/|(^|/)sync[\w-]*\.`)
	exampleRe    = regexp.MustCompile(`(?i)example|demo|sample|tutorial`)
	// usageSrc is a program's source that prints a usage message
	usageSrc = regexp.MustCompile(`(?i)"\s*usage\s*:`)
)

// synthesize makes Runnable probes (Mine puts them after the documented
// uses when there are some, as their backups): library examples first, then the repository's programs on a small input
// they can process (chosen from their main source), servers started in the
// background and probed on localhost, and only last --version / --help.
func synthesize(ctx context.Context, e *env) ([]Command, error) {
	progs, err := programs(ctx, e)
	if err != nil {
		return nil, err
	}
	var out []Command
	var weak []Command
	var fx FixtureInput
	if len(progs) > 0 {
		fsys := os.DirFS(e.ix.Root)
		if fx.Path = Fixture(fsys); fx.Path != "" {
			fx.Flag = FixtureFlag(fsys, fx.Path)
		}
	}
	for i, p := range progs {
		if i >= maxSynth {
			break
		}
		src := ""
		if p.source != "" {
			src, _ = e.ix.ReadFile(ctx, p.source, 0, 0, true)
		}
		why := []Provenance{p.why, {Source: "synthesized", Note: "no documented run command"}}
		dir, rel := besideData(e, p, src)
		mk := func(text, reason string) Command {
			if p.build != "" {
				text = p.build + " && " + text
			}
			if dir != "" {
				text = strings.Replace(text, p.run, rel, 1)
				reason += ", in " + dir + "/, where the file it opens by name is"
			}
			return Command{Text: text, Dir: dir, Bucket: Entry, Reason: reason, Why: why, Synth: true}
		}
		server := serverSrc.MatchString(src) || cServerSrc.MatchString(src)
		if prog := interpreterRun(p.run); prog != "" && !server {
			out = append(out, mk(prog, "runs a one-line program with the repository's interpreter"))
		}
		if !server && !p.lib {
			for _, arg := range fx.Args() {
				out = append(out, mk(p.run+" "+arg, "runs the program on an input of its test suite ("+arg+", the suite's most common input kind)"))
			}
		}
		switch {
		case server:
			port := "8080"
			if m := portRe.FindStringSubmatch(src); m != nil {
				port = m[1]
			}
			c := mk(serverProbe(p.run, port), "starts the server in the background and checks it answers on 127.0.0.1:"+port)
			if !serverSrc.MatchString(src) && !httpSrc.MatchString(src) {
				// A socket server of its own protocol: a connection is the answer.
				c = mk(tcpServerProbe(p.run, port), "starts the server in the background and checks it accepts a connection on 127.0.0.1:"+port)
			}
			c.Background, c.Serve = true, p.run
			out = append(out, c)
		case p.lib && stdinRe.MatchString(src):
			in, kind := sampleInput(p.run + "\n" + src)
			out = append(out, mk(StdinProbe(in, p.run), "runs the library's example program on a small "+kind+" input on stdin, which it reads"))
		case p.lib && goForeverRe.MatchString(src) && goForeverRun(p.run) != "":
			out = append(out, mk(goForeverRun(p.run), fmt.Sprintf("runs the library's example program, which runs until stopped, for %d s: it passes when it printed something", loopFor)))
		case p.lib:
			out = append(out, mk(p.run, "runs the library's example program, which exercises the library end to end"))
		case stdinRe.MatchString(src):
			in, kind := sampleInput(p.run + "\n" + src)
			out = append(out, mk(StdinProbe(in, p.run), "runs the program on a small "+kind+" input on stdin, which it reads"))
		case fileArgRe.MatchString(src):
			text, reason := fileArgRun(ctx, e, p.run, src)
			out = append(out, mk(text, reason))
		case numArgRe.MatchString(src):
			out = append(out, mk(p.run+" 2 3", "runs the program on numeric arguments, which it parses"))
		case src != "" && !argRe.MatchString(src):
			out = append(out, mk(p.run, "runs the program, which takes no arguments"))
		case wordArgRe.MatchString(src) && !optParserRe.MatchString(src):
			out = append(out, mk(p.run+" hello", "runs the program on a word argument, which it reads from its arguments"))
		case usageSrc.MatchString(src):
			// arguments its source does not show how to fill: run
			// without, it prints the usage that says (FromUsage)
			out = append(out, mk(p.run, "runs the program without arguments: the usage message it prints says what it needs"))
		}
		if i == 0 && !interpretedExample(p) {
			weak = append(weak, mk(p.run+" --version", "last resort: asks the program for its version (proves it starts, not that it works)"),
				mk(p.run+" --help", "last resort: asks the program for its usage (proves it starts, not that it works)"))
		}
	}
	none := len(out) == 0
	// the library's API on a small input: after its programs, before
	// their last resorts (PyYAML's examples are Python 2 scripts)
	out = append(out, pyCalls(ctx, e, "no documented run command")...)
	out = append(out, weak...)
	if none || len(weak) == 0 {
		// (an example script's --version runs the example: the
		// package's import is the last resort)
		out = append(out, pyImport(ctx, e, "no documented run command and no entry point")...)
		out = append(out, jsImport(ctx, e, "no documented run command and no entry point")...)
	}
	return out, nil
}

// interpretedExample is a library's example run by its interpreter
// (`node examples/example.js`): asked for --version, it runs the example.
func interpretedExample(p program) bool {
	return p.lib && (strings.HasPrefix(p.run, "node ") || strings.HasPrefix(p.run, "python "))
}

// pyImport is the last resort of a Python library: importing the
// installed package in a fresh interpreter (none for another stack).
func pyImport(ctx context.Context, e *env, note string) []Command {
	if !e.stacks["python"] {
		return nil
	}
	mod := pyPackage(ctx, e)
	if mod == "" {
		return nil
	}
	return []Command{{Text: fmt.Sprintf(`python -c 'import %[1]s; print(%[1]s.__name__, getattr(%[1]s, "__version__", ""))'`, mod),
		Bucket: Entry, Synth: true, Reason: "last resort: imports the installed package in a fresh interpreter (proves it installs, not that it works)",
		Why: []Provenance{{Source: "synthesized", Note: note}}}}
}

// jsImport is the last resort of a JavaScript library: importing the
// package by its own name (node_modules/NAME linked to the checkout, as
// for the README's examples) and counting what it exports; dynamic
// import loads CommonJS and ES modules alike, through the package's
// exports map (none for another stack).
func jsImport(ctx context.Context, e *env, note string) []Command {
	name := e.packageNames(ctx)["node"]
	if !e.setUp["npm"] || name == "" {
		return nil
	}
	code := fmt.Sprintf("import(%q).then((m) => console.log(%q, Object.keys(m).length, \"exports\"))\n", name, name)
	return []Command{{Text: exampleCommand("node", name, e.nodeDir(ctx, "node"), code, 1),
		Bucket: Entry, Synth: true, Reason: "last resort: imports the package by its name in node (proves it loads, not that it works)",
		Why: []Provenance{{Source: "synthesized", Note: note}}}}
}

// nodeLibraryExample reports a README example run against the package
// linked into node_modules: the package is a library.
func nodeLibraryExample(c Command) bool {
	return c.Bucket == Entry && strings.Contains(c.Text, "node_modules/") && strings.Contains(c.Text, " node .heragent-example-")
}

// LastResort reports whether c only shows a program starts, whatever its
// source (a README's `python -m pkg --help` too): it only asks for help
// or a version, is a bare import, or greps for usage text (see
// lastResortText); the probes synthesised as a last resort are. Every
// other Runnable candidate, built programs and library consumers
// included, goes first. The user's goals never are: they say what
// success is.
func (c Command) LastResort() bool {
	if userGoal(c) {
		return false
	}
	return c.Synth && strings.HasPrefix(c.Reason, "last resort") || lastResortText(c.Text)
}

// pyPackage names the top-level import package of a Python project
// (src/NAME/__init__.py or NAME/__init__.py), "" when there is none.
func pyPackage(ctx context.Context, e *env) string {
	if e.pyPkg == nil {
		p := findPyPackage(ctx, e)
		e.pyPkg = &p
	}
	return *e.pyPkg
}

// findPyPackage is pyPackage, read from the graph.
func findPyPackage(ctx context.Context, e *env) string {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**/__init__.py"})
	if err != nil {
		return ""
	}
	var cands, ns []string
	for _, f := range fs {
		parts := strings.Split(f.Path, "/")
		switch {
		case len(parts) == 3 && !foreignDirs.MatchString(parts[0]) && !inAux(parts[0]) && parts[0] != "src" && parts[0] != "lib":
			ns = append(ns, parts[0]+"."+parts[1]) // a namespace package's (jaraco.functools' jaraco/functools/)
		case len(parts) == 4 && (parts[0] == "src" || parts[0] == "lib"):
			ns = append(ns, parts[1]+"."+parts[2])
		}
		switch {
		case len(parts) == 3 && (parts[0] == "src" || parts[0] == "lib"): // setup's package_dir (PyYAML's lib/yaml)
			cands = append(cands, parts[1])
		case len(parts) == 2 && !foreignDirs.MatchString(parts[0]) && !inAux(parts[0]):
			cands = append(cands, parts[0])
		}
	}
	// a distribution named with a dot is a package of a namespace
	// (PEP 420: jaraco/ has no __init__.py): imported by the dotted name
	if name := pyDistName(ctx, e); name != "" {
		for _, c := range ns {
			if strings.EqualFold(strings.NewReplacer("_", "-", ".", "-").Replace(c), name) {
				return c
			}
		}
	}
	if len(cands) == 0 {
		return pyModule(ctx, e)
	}
	// The package named like the distribution (pyproject's or setup's
	// name), not a test helper package beside it (urllib3's dummyserver/).
	if name := pyDistName(ctx, e); name != "" {
		for _, c := range cands {
			if strings.EqualFold(strings.ReplaceAll(c, "_", "-"), name) {
				return c
			}
		}
		// the distribution's own module at the top, beside packages of
		// add-ons (peewee.py beside playhouse/)
		if m := pyModule(ctx, e); m != "" {
			return m
		}
	}
	for _, c := range cands {
		if !strings.HasPrefix(c, "_") {
			return c // the public package, not its private twin (PyYAML's lib/_yaml beside lib/yaml)
		}
	}
	return cands[0]
}

// pyModule is the single top-level module a distribution of no package
// ships (setup(py_modules=["six"]): six.py), named like it; "" when none.
func pyModule(ctx context.Context, e *env) string {
	name := strings.ReplaceAll(pyDistName(ctx, e), "-", "_")
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "*.py"})
	if err != nil {
		return ""
	}
	var only []string // the top-level modules that are not the project's tooling
	for _, f := range fs {
		if name != "" && f.Path == name+".py" {
			return name
		}
		if m := strings.TrimSuffix(f.Path, ".py"); !strings.Contains(f.Path, "/") && f.Kind == "source" && pyIdentRe.MatchString(m) && !pyToolingRe.MatchString(m) {
			only = append(only, m)
		}
	}
	if name == "" && len(only) == 1 && e.fileExists("setup.py") {
		// setup.py names its distribution through a variable
		// (json-pointer's name=PACKAGE): its one module is the package
		return only[0]
	}
	if name != "" {
		// a compiled module named like the distribution: setup.py's
		// Extension("ujson", …) from C sources (ultrajson)
		src, _ := e.ix.ReadFile(ctx, "setup.py", 0, 0, true)
		for _, m := range pyExtensionRe.FindAllStringSubmatch(src, -1) {
			if top, _, _ := strings.Cut(m[1], "."); top == name {
				return name
			}
		}
	}
	return ""
}

// pyExtensionRe is a compiled module setup.py declares: Extension("ujson",
// …), Extension(name="pkg._speedups", …).
var pyExtensionRe = regexp.MustCompile(`\bExtension\(\s*(?:name\s*=\s*)?["']([\w.]+)["']`)

// pyIdentRe is a name a module can be imported by.
var pyIdentRe = regexp.MustCompile(`^[A-Za-z_]\w*$`)

// pyToolingRe are top-level modules of a project's tooling, not its
// package: setup.py, tests, a task runner's file, a docs config.
var pyToolingRe = regexp.MustCompile(`^(setup|conftest|noxfile|fabfile|tasks|dodo|conf|manage|bootstrap|ez_setup|versioneer|_version|version|test\w*|\w*_tests?|runtests|benchmarks?)$`)

// pyDistName is the top-level Python manifest's distribution name,
// normalised (lower case, '-' for '_' and '.').
func pyDistName(ctx context.Context, e *env) string {
	ms, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Kind: "manifest"})
	if err != nil {
		return ""
	}
	for _, m := range ms {
		if m.Ecosystem != "pypi" || strings.Contains(m.Path, "/") {
			continue
		}
		if n, _ := m.Facts["name"].(string); n != "" {
			return strings.ToLower(strings.NewReplacer("_", "-", ".", "-").Replace(n))
		}
	}
	return ""
}

func inAux(dir string) bool {
	switch strings.ToLower(dir) { // Pillow's Tests/
	case "docs", "doc", "examples", "example", "scripts", "tools", "benchmarks", "tests", "test":
		return true
	}
	return false
}

// maxSynth bounds the programs probed: the first that works proves the level.
const maxSynth = 3

// sampleInput chooses stdin for a program from its name and source (the
// hint's first line, then the rest): the kind its name says (json_parse's
// JSON, a csv tool's CSV), else the kind its source names most (a
// Markdown converter names the XML and HTML it writes less often than the
// Markdown it reads), otherwise two lines of text (which compressors,
// counters and filters all accept).
func sampleInput(hint string) (string, string) {
	name, src, _ := strings.Cut(strings.ToLower(hint), "\n")
	best, most := -1, 0
	for i, k := range inputKinds {
		if k.word.MatchString(name) {
			return k.sample, k.kind
		}
		if n := len(k.word.FindAllStringIndex(src, -1)); n > most {
			best, most = i, n
		}
	}
	if best >= 0 {
		return inputKinds[best].sample, inputKinds[best].kind
	}
	return `hello world\nhello again\n`, "text"
}

// inputKinds are the inputs sampleInput knows, by the words that name
// them; ties go to the first.
var inputKinds = []struct {
	word         *regexp.Regexp
	sample, kind string
}{
	{regexp.MustCompile(`json`), `{"name": "heragent", "list": [1, 2.5, true, null], "nested": {"a": "b"}}\n`, "JSON"},
	{regexp.MustCompile(`xml`), `<?xml version="1.0"?><root><item id="1">hello</item></root>\n`, "XML"},
	{regexp.MustCompile(`csv`), `a,b,c\n1,2,3\n`, "CSV"},
	{regexp.MustCompile(`yaml|\byml\b`), `name: heragent\nlist: [1, 2]\n`, "YAML"},
	{regexp.MustCompile(`markdown|commonmark`), `# heragent\n\nhello *world*\n`, "Markdown"},
	{regexp.MustCompile(`toml`), `name = "heragent"\nlist = [1, 2]\n`, "TOML"},
	{regexp.MustCompile(`\bshell\b|\bbash\b`), `echo "hello from heragent"\nfor i in 1 2; do echo "$i"; done\n`, "shell script"},
}

// StdinProbe is the command that feeds a probe's made-up input in (a
// printf format, as sampleInput writes it) to run on stdin.
func StdinProbe(in, run string) string { return "printf '" + in + "' | " + run }

// IsStdinProbe reports whether cmd is a StdinProbe: what the program says
// of its input is about made-up data, not the program.
func IsStdinProbe(cmd string) bool {
	return strings.HasPrefix(cmd, "printf '") && strings.Contains(cmd, "' | ")
}

// foreignDirs hold other projects' code or non-shipped helpers.
var foreignDirs = regexp.MustCompile(`(?i)(^|/)(contrib|third_party|thirdparty|3rdparty|vendor|deps|external|extern|fuzz|fuzzing|ossfuzz|bench|benchmarks|test|tests|testing|unittests|doc|docs|Documentation|scripts|tools|devtools|build-aux|ci|\.github)(/|$)`)
