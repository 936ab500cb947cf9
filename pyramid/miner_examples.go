package pyramid

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A library's real use is its documentation's examples: the code blocks
// of the README that import the package (`import chalk from 'chalk'`,
// `import markupsafe`, a C/C++ program including its headers, see
// miner_examples_c.go) and do something with it. mineExamples runs them
// as written, in the project's language, from a file in the checkout (so
// the package resolves to the checkout: Python's venv holds it installed,
// Node finds it through a node_modules link to the checkout), under a
// time limit (an example may wait for a client or a key).

// exampleLangs are the code block languages examples run in.
var exampleLangs = map[string]string{"js": "node", "javascript": "node", "mjs": "node", "cjs": "node", "node": "node", "ts": "node", "typescript": "node",
	"python": "python3", "py": "python3", "python3": "python3", "pycon": "python3"}

// isTS: a TypeScript block, run by node only without type syntax.
func isTS(lang string) bool { l := strings.ToLower(lang); return l == "ts" || l == "typescript" }

// maxExamples bounds the examples mined per language.
const maxExamples = 3

var (
	esmImportRe = regexp.MustCompile(`(?m)^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]`)
	requireRe   = regexp.MustCompile(`require\(\s*['"]([^'"]+)['"]\s*\)`)
	pyImportRe  = regexp.MustCompile(`(?m)^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.]+))`)
	pyconPrompt = regexp.MustCompile(`(?m)^(>>>|\.\.\.) ?`)
	waitsRe     = regexp.MustCompile(`\.listen\(|serve_forever|app\.run\(|uvicorn\.run|input\(|readline\(|process\.stdin|getpass`)
	// inputWaitsRe is an example waiting for its user; one serving
	// (waitsRe's .listen(, app.run() is started in the background and
	// answered on 127.0.0.1 instead (serverize): cors' README app
	inputWaitsRe = regexp.MustCompile(`input\(|readline\(|process\.stdin|getpass`)
	// placeholderPathRe opens a string that is the docs' placeholder for
	// the user's own path: '/path/to/db.json'
	placeholderPathRe = regexp.MustCompile("([\"'`])/path/to/")
	// ellipsisLine is an elided line, or an elided argument (jsonlines'
	// `io.BytesIO(...)`, `writer.write(...)`: the reader's own data)
	ellipsisLine = regexp.MustCompile(`(?m)^\s*(\.\.\.|…|// \.\.\.|# \.\.\.)\s*$|\((?:\.\.\.|…)\)`)
)

// programExamples build a whole program of a compiled language against
// the checkout: the README's first, then (docs) the other documents'
// when the README has none, since a whole program is no fragment.
var programExamples = []struct {
	lang, reason string
	docs         bool
	build        func(ctx context.Context, e *env, lang, code string, n int) (string, bool)
}{
	{"c", "compiles and runs the documentation's example program against the repository's headers", true, cExample},
	{"go", "builds and runs the documentation's example program against the checkout's module", true, goExample},
	{"rust", "builds and runs the README's example of the crate as rustdoc would, against the checkout", false, rustExample},
}

// depDocs are the documents of dependencies and fixtures, not the project's.
var depDocs = regexp.MustCompile(`(^|/)(third_party|thirdparty|3rdparty|vendor|deps|external|extern|node_modules|testdata|test|tests)(/|$)`)

// mineExamples turns the README's code examples that use the package
// into Runnable commands.
func mineExamples(ctx context.Context, e *env) ([]Command, error) {
	pkgs := e.packageNames(ctx)
	secs, err := e.ix.DocSections(ctx, "")
	if err != nil {
		return nil, err
	}
	secs = pyLiteralBlocks(secs, e.stacks["python"]) // Sphinx's literal blocks are Python
	count := map[string]int{}
	var out []Command
	for _, s := range secs {
		if docSource(s.Path) != "readme" && !e.workspaceReadme(ctx, s.Path) {
			continue
		}
		for _, cb := range s.Code {
			if c, ok := programExample(ctx, e, secs, s, cb, count, len(out)+1, false); ok {
				out = append(out, c)
				continue
			}
			if c, ok := scriptExample(ctx, e, secs, s, cb, pkgs, count, "readme", "the README's"); ok {
				out = append(out, c)
			}
		}
	}
	fromReadme := map[string]bool{}
	for run, n := range count {
		fromReadme[run] = n > 0
	}
	var docs []docExample
	for _, s := range secs {
		if docSource(s.Path) == "readme" || e.workspaceReadme(ctx, s.Path) || depDocs.MatchString(s.Path) || e.nestedProject(s.Path) {
			continue
		}
		for _, cb := range s.Code {
			if c, ok := programExample(ctx, e, secs, s, cb, count, len(out)+1, true); ok {
				out = append(out, c)
				continue
			}
			// The docs' examples of an interpreted language when the
			// README has none (Sphinx docs' doctest blocks, an API
			// reference's pages), the likeliest to run whole first.
			if run := exampleLangs[strings.ToLower(cb.Lang)]; run != "" && !fromReadme[run] {
				docs = append(docs, docExample{s, cb, exampleRank(run, s.Path, exampleCode(cb), pkgs[run])})
			}
		}
	}
	if count["c"] == 0 {
		// no whole program anywhere: the README's C statements
		out = append(out, cFragmentExamples(ctx, e, secs, len(out)+1)...)
	}
	if e.stacks["go"] {
		// the package's example functions: after the docs' whole
		// programs, which may have drifted from the API (properties'
		// README calls MustLoadURL with a slice), or in their place;
		// with none, the README's statements, then a made-up consumer
		// should none of them build
		ex := goTestExamples(ctx, e, len(out)+1)
		if len(ex) == 0 && count["go"] == 0 {
			ex = goFragmentExamples(ctx, e, secs, len(out)+1)
			ex = append(ex, goConsumerExample(ctx, e, len(out)+len(ex)+1)...)
		}
		out = append(out, ex...)
	}
	slices.SortStableFunc(docs, func(a, b docExample) int { return b.rank - a.rank })
	seen := map[string]bool{} // a translation repeats the example
	for _, d := range docs {
		if d.rank < 0 {
			break
		}
		if seen[d.cb.Code] {
			continue
		}
		seen[d.cb.Code] = true
		if c, ok := scriptExample(ctx, e, secs, d.s, d.cb, pkgs, count, "docs", "the documentation's"); ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// scriptExample is the command of a code block of an interpreted language
// that uses the package (whole, without waiting on input or elided lines).
func scriptExample(ctx context.Context, e *env, secs []retrieval.DocSection, s retrieval.DocSection, cb retrieval.CodeBlock, pkgs map[string]string, count map[string]int, source, whose string) (Command, bool) {
	run := exampleLangs[strings.ToLower(cb.Lang)]
	if run == "" || count[run] >= maxExamples || pkgs[run] == "" {
		return Command{}, false
	}
	code := exampleCode(cb)
	if run == "node" && !usesPackage(run, code, pkgs[run]) {
		if c := implicitImport(code, pkgs[run]); c != "" {
			code = c // the README's calls of the default export, imported
		}
	}
	if run == "node" && e.esmOnly(ctx) {
		code = asESM(code, pkgs[run]) // classnames' README requires what is an ES module now
	}
	if run == "node" {
		code = withBuiltins(withoutRepeatedImports(code))
	}
	if run == "node" {
		if _, frag := jsFragment(code); frag {
			return Command{}, false // it passes a name the page leaves to the reader (examples_jsfragment.go)
		}
	}
	if run == "python3" {
		code = pyEarlierBlocks(secs, s.Path, cb.Line, code) // a README told as one session (examples_pyearlier.go)
	}
	if run == "python3" && !usesPackage(run, code, pkgs[run]) && pyAttrUse(code, pkgs[run]) {
		code = "import " + pkgs[run] + "\n" + code // the import was in an earlier block of the page
	}
	if run == "python3" {
		code = withPyStdlib(code)
	}
	if !usesPackage(run, code, pkgs[run]) || run == "python3" && (pyRelImport.MatchString(code) || pyOnlyDefines(code)) || inputWaitsRe.MatchString(code) || waitsRe.MatchString(code) && !wholeServer(code) || ellipsisLine.MatchString(code) || tsSyntaxRe.MatchString(code) && isTS(cb.Lang) {
		return Command{}, false
	}
	count[run]++
	code = placeholderPathRe.ReplaceAllString(code, "${1}path/to/") // tinydb's TinyDB('/path/to/db.json'): made in the checkout (exampleInputs)
	code = showResult(run, code)
	if run == "python3" {
		code = asyncMain(code) // an asyncio library's example: the body of a coroutine
	}
	reason := "runs " + whose + " example of the package in " + run
	code, hosts := localHTTP(run, code)
	text := exampleCommand(run, pkgs[run], e.nodeDir(ctx, run), code, count[run])
	if len(hosts) > 0 {
		text = withEchoServer(run, text)
		reason += ", its requests to " + strings.Join(hosts, ", ") + " answered by a local echo server on 127.0.0.1:" + echoPort
	}
	shown := func(f string) (string, bool) { return shownData([]retrieval.DocSection{s}, s.Path, cb.Line, f) }
	return Command{Text: exampleInputs(ctx, e, code, shown) + text, Bucket: Entry,
		Reason: reason,
		Why:    []Provenance{{Source: source, File: s.Path, Line: int(cb.Line), Note: "code example"}}}, true
}

// listenerRe is the object a server example starts: app of app.listen(.
var listenerRe = regexp.MustCompile(`(\w+)\s*\.\s*(listen|run)\s*\(`)

// assignRe gives a name a value: `var app =`, a line's `app =`.
var assignRe = regexp.MustCompile(`(?m)(?:\b(?:const|let|var)\s+|^\s*)(\w+)\s*=`)

// chainedListenRe starts the server a call made: createServer(…).listen(.
var chainedListenRe = regexp.MustCompile(`\)\s*\.\s*listen\s*\(`)

// wholeServer reports whether a serving example defines what it starts
// (`var app = express()` … `app.listen(80)`, or a chained
// `http.createServer(…).listen(8080)`): a fragment's `app.listen(3000)`
// is no program.
func wholeServer(code string) bool {
	for _, m := range listenerRe.FindAllStringSubmatchIndex(code, -1) {
		name := code[m[2]:m[3]]
		if code[m[4]:m[5]] == "run" && name != "app" {
			continue // waitsRe's app.run(, not any object's run
		}
		for _, a := range assignRe.FindAllStringSubmatch(code[:m[0]], -1) {
			if a[1] == name {
				return true
			}
		}
	}
	return chainedListenRe.MatchString(code) || strings.Contains(code, "serve_forever") || strings.Contains(code, "uvicorn.run(") && strings.Contains(code, "app")
}

// programExample is the command of a code block that is a whole program
// of one of programExamples' languages; docs asks for the languages
// mined beyond the README, when the README gave none of theirs.
func programExample(ctx context.Context, e *env, secs []retrieval.DocSection, s retrieval.DocSection, cb retrieval.CodeBlock, count map[string]int, n int, docs bool) (Command, bool) {
	for _, p := range programExamples {
		if count[p.lang] >= maxExamples || docs && (!p.docs || count[p.lang+"/readme"] > 0) {
			continue
		}
		text, ok := p.build(ctx, e, cb.Lang, cb.Code, n)
		if !ok {
			continue
		}
		switch p.lang {
		case "go":
			text = goInputs(ctx, e, secs, s, cb, text)
		case "c":
			text = exampleInputs(ctx, e, cb.Code, docShown(secs, s, cb)) + text
		}
		count[p.lang]++
		if !docs {
			count[p.lang+"/readme"]++
		}
		src := docSource(s.Path)
		return Command{Text: text, Bucket: Entry, Reason: p.reason,
			Why: []Provenance{{Source: src, File: s.Path, Line: int(cb.Line), Note: "code example"}}}, true
	}
	return Command{}, false
}

// packageNames are the names the project's package is imported by, per
// runtime: node (package.json's name), python3 (its top-level package).
func (e *env) packageNames(ctx context.Context) map[string]string {
	out := map[string]string{}
	if e.stacks["npm"] {
		// The top-most package.json: the glob also finds the docs site's
		// and the examples' (docs/package.json sorts before the root's).
		if fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "package.json"}); err == nil && len(fs) > 0 {
			top := slices.MinFunc(fs, func(a, b retrieval.FileInfo) int { return strings.Count(a.Path, "/") - strings.Count(b.Path, "/") })
			if n, _ := top.Facts["name"].(string); n != "" {
				out["node"] = n
			}
			if w, ok := e.mainWorkspace(ctx); ok {
				out["node"] = w.name // a private monorepo root's main package (workspace_main.go)
			}
		}
	}
	if e.stacks["python"] {
		if p := pyPackage(ctx, e); p != "" {
			out["python3"] = p
		}
	}
	return out
}

// usesPackage reports whether code imports the package.
func usesPackage(run, code, pkg string) bool {
	if run == "node" {
		for _, re := range []*regexp.Regexp{esmImportRe, requireRe} {
			for _, m := range re.FindAllStringSubmatch(code, -1) {
				if m[1] == pkg || strings.HasPrefix(m[1], pkg+"/") {
					return true
				}
			}
		}
		return false
	}
	for _, m := range pyImportRe.FindAllStringSubmatch(code, -1) {
		mod := m[1] + m[2]
		if mod == pkg || strings.HasPrefix(mod, pkg+".") {
			return true
		}
	}
	return false
}

// exampleCode is the code of a block as a script runs it.
func exampleCode(cb retrieval.CodeBlock) string {
	if strings.ToLower(cb.Lang) == "pycon" || exampleLangs[strings.ToLower(cb.Lang)] == "python3" && pyconSession(cb.Code) {
		return py2Prints(pyconCode(cb.Code))
	}
	switch exampleLangs[strings.ToLower(cb.Lang)] {
	case "node":
		return oneModuleForm(cb.Code)
	case "python3":
		return py2Prints(pyMixedSession(cb.Code))
	}
	return cb.Code
}

// pyMixedSession is a block of plain code that goes on as a session
// (factory_boy's README: a factory class, then `>>> UserFactory().email`
// and what it shows) as one script: the code, then the session's input
// lines without its output. Other code is returned as it is.
func pyMixedSession(code string) string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), ">>>") {
			if i == 0 {
				return code
			}
			return strings.Join(lines[:i], "\n") + "\n" + pyconCode(strings.Join(lines[i:], "\n"))
		}
	}
	return code
}

// py2PrintRe is a Python 2 print statement: `print resp`, `print "x", y`
// (not a call, not `print >>f`, not an assignment to a name print).
var py2PrintRe = regexp.MustCompile(`(?m)^(\s*)print[ \t]+([^(\s=>#;][^\n#;]*?)([ \t]*#[^\n]*)?[ \t]*$`)

// py2Prints writes the Python 2 print statements of an old document's
// example (webob's and PyYAML's docs) as calls, which Python 3 runs.
func py2Prints(code string) string {
	return py2PrintRe.ReplaceAllString(code, "${1}print(${2})${3}") // a trailing comment stays one; a line with ; is left
}

// pyconSession reports a block whose first line is an interactive
// prompt: a REPL session labelled python (urllib3's README), after the
// shell line that started the interpreter, if shown (jsonpath-ng's
// `$ python`).
func pyconSession(code string) bool {
	for _, l := range strings.Split(code, "\n") {
		if strings.TrimSpace(l) != "" && !pythonStartRe.MatchString(l) {
			return strings.HasPrefix(strings.TrimLeft(l, " \t"), ">>>")
		}
	}
	return false
}

// pythonStartRe is a shell line starting the interpreter a session then
// shows: `$ python`, `% python3 -i`.
var pythonStartRe = regexp.MustCompile(`^\s*[$%]\s+python[\d.]*(?:\s+-i)?\s*$`)

// pyconCode keeps the input lines of an interactive session, but not a
// statement whose shown output is a traceback: the session demonstrates
// an error there (`>>> raise Error("foo")`), which a script would die of.
func pyconCode(s string) string {
	var out, stmt []string
	output, raises := false, false
	flush := func() {
		if !raises {
			out = append(out, stmt...)
		}
		stmt, output, raises = nil, false, false
	}
	for _, l := range strings.Split(s, "\n") {
		m := pyconPrompt.FindString(l)
		switch {
		case strings.HasPrefix(m, ">>>"):
			flush()
			stmt = append(stmt, l[len(m):])
		case m != "" && !output:
			stmt = append(stmt, l[len(m):])
		case strings.TrimSpace(l) == "":
		default:
			if !output && strings.HasPrefix(strings.TrimSpace(l), "Traceback (most recent call last)") {
				raises = true
			}
			output = true
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// exampleCommand writes the example into the checkout and runs it there,
// for a minute at most. For Node, /node_modules/<name> links to the
// package first, so its own name resolves to it: the checkout's directory
// dir ("" for its top; a monorepo's main workspace that no npm workspace
// links, lerna's packages/polka, from there).
func exampleCommand(run, pkg, dir, code string, n int) string {
	file := fmt.Sprintf(".heragent-example-%d", n)
	switch {
	case run == "python3":
		file += ".py"
	case esmImportRe.MatchString(code):
		file += ".mjs"
	default:
		file += ".cjs"
	}
	pre := ""
	if run == "node" {
		pre = nodeLink(pkg, dir) + " && "
	}
	if !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	answer := "" // a program that asks its user (click's prompt=) gets an answer, not EOF
	if asksRe.MatchString(code) {
		answer = "printf 'heragent\\ny\\n' | "
	}
	if foreverRe.MatchString(code) {
		return pre + "printf '%s' " + quoteArg(code) + " > " + file + " && " + loopRun(run, file)
	}
	return pre + "printf '%s' " + quoteArg(code) + " > " + file + " && " + answer + "timeout 60 " + run + " " + file
}

// nodeLink links the package pkg (in the checkout's directory dir, ""
// for its top) where Node resolves its name from the checkout. The link
// is /node_modules/<name>, which Node reaches from the checkout too, and
// not one inside it: a walker of the checkout the example starts
// (chokidar's README watches '.') would go round the link's loop
// (ELOOP); the checkout's node_modules when / is not writable.
func nodeLink(pkg, dir string) string {
	link, local := "/node_modules/"+pkg, "node_modules/"+pkg
	target := `"$PWD"`
	if dir != "" && dir != "." {
		target = `"$PWD"/` + quoteArg(dir)
	}
	return fmt.Sprintf("{ [ -e %s ] || [ -e %s ] || { mkdir -p %s && ln -s %s %s; } 2>/dev/null || { mkdir -p %s && ln -s %s %s; }; }",
		quoteArg(local), quoteArg(link), quoteArg(parentDir(link)), target, quoteArg(link), quoteArg(parentDir(local)), target, quoteArg(local))
}

// foreverRe is an example's top-level loop that runs until it is stopped:
// schedule's README ends `while True:\n    schedule.run_pending()\n
// time.sleep(1)`, a poller its `setInterval(`, a watcher started at the
// top level its `chokidar.watch('.')` / `fs.watch(` (the process lives as
// long as the watch).
var foreverRe = regexp.MustCompile(`(?m)^(?:while\s*\(?\s*(?:True|1|true)\s*\)?\s*[:{]|setInterval\(|(?:(?:const|let|var)\s+\w+\s*=\s*)?[\w.]+\.watch\()`)

// loopFor is how long an example that loops until stopped runs.
const loopFor = 20

// loopRun runs an example that loops until stopped for loopFor seconds,
// unbuffered: it passes when it printed something and was still running
// (timeout's 124) or ended by itself without an error — schedule's job
// printed "I'm working..." every ten seconds; a log on stderr counts.
// Silence proves nothing.
func loopRun(run, file string) string {
	out := "/tmp/heragent-loop.out"
	if run == "python3" {
		run += " -u"
	}
	return fmt.Sprintf("{ timeout %d %s %s 2>&1 | tee %s; rc=${PIPESTATUS[0]}; [ -s %s ] && { [ $rc -eq 0 ] || [ $rc -eq 124 ]; }; }", loopFor, run, file, out, out)
}

func parentDir(p string) string {
	if i := strings.LastIndex(p, "/"); i > 0 {
		return p[:i]
	}
	return "."
}
