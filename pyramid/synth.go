package pyramid

import (
	"context"
	"fmt"
	"path"
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
}

var (
	stdinRe   = regexp.MustCompile(`\bstdin\b|getchar\s*\(|std::cin|sys\.stdin|process\.stdin|os\.Stdin|fileinput\.input`)
	fileArgRe = regexp.MustCompile(`fopen\s*\(\s*argv|open\s*\(\s*sys\.argv|open\s*\(\s*args\.|os\.Open\s*\(\s*os\.Args|ReadFile\s*\(\s*os\.Args|readFileSync\s*\(\s*process\.argv|ifstream\s+\w+\s*\(\s*argv|argparse\.FileType|type=argparse|yaml\.safe_load|open\(\s*path`)
	numArgRe  = regexp.MustCompile(`ato[if]\s*\(\s*argv|strto(l|d|ul)\s*\(\s*argv|stoi\s*\(\s*argv|int\s*\(\s*sys\.argv|float\s*\(\s*sys\.argv|strconv\.Atoi\s*\(\s*os\.Args|parseInt\s*\(\s*process\.argv|Number\s*\(\s*process\.argv|parseFloat\s*\(\s*process\.argv`)
	argRe     = regexp.MustCompile(`argv\s*\[\s*1\s*\]|argc\s*[<>=!]|sys\.argv|os\.Args|process\.argv|argparse|click\.|flag\.Parse|\bargs\b`)
	serverSrc = regexp.MustCompile(`\.listen\s*\(|ListenAndServe|createServer|app\.run\s*\(|HTTPServer|uvicorn\.run|serve_forever`)
	portRe    = regexp.MustCompile(`(?i)(?:listen\s*\(\s*|port\s*(?:=|:|\|\|)\s*(?:[\w.]+\s*\|\|\s*)?|localhost:|127\.0\.0\.1:|":)(\d{2,5})\b`)
	testName  = regexp.MustCompile(`(?i)(^|[_./-])(test|tests|check|bench|benchmark|fuzz|fuzzer)([_./-]|$)|^test|test$`)
	exampleRe = regexp.MustCompile(`(?i)example|demo|sample|tutorial`)
)

// synthesize makes Runnable probes when the repository documents none:
// library examples first, then the repository's programs on a small input
// they can process (chosen from their main source), servers started in the
// background and probed on localhost, and only last --version / --help.
func synthesize(ctx context.Context, e *env) ([]Command, error) {
	progs, err := programs(ctx, e)
	if err != nil {
		return nil, err
	}
	var out []Command
	var weak []Command
	for _, p := range progs {
		src := ""
		if p.source != "" {
			src, _ = e.ix.ReadFile(ctx, p.source, 0, 0, true)
		}
		why := []Provenance{p.why, {Source: "synthesized", Note: "no documented run command"}}
		mk := func(text, reason string) Command {
			return Command{Text: text, Bucket: Entry, Reason: reason, Why: why, Synth: true}
		}
		switch {
		case serverSrc.MatchString(src):
			port := "8080"
			if m := portRe.FindStringSubmatch(src); m != nil {
				port = m[1]
			}
			c := mk(serverProbe(p.run, port), "starts the server in the background and checks it answers on 127.0.0.1:"+port)
			c.Background = true
			out = append(out, c)
		case p.lib:
			out = append(out, mk(p.run, "runs the library's example program, which exercises the library end to end"))
		case stdinRe.MatchString(src):
			out = append(out, mk("printf 'hello world\\nhello again\\n' | "+p.run, "runs the program on a small input on stdin, which it reads"))
		case fileArgRe.MatchString(src):
			out = append(out, mk(p.run+" "+sampleFile(ctx, e), "runs the program on a small file of the repository, which it opens from its arguments"))
		case numArgRe.MatchString(src):
			out = append(out, mk(p.run+" 2 3", "runs the program on numeric arguments, which it parses"))
		case src != "" && !argRe.MatchString(src):
			out = append(out, mk(p.run, "runs the program, which takes no arguments"))
		case src != "":
			out = append(out, mk(p.run+" hello", "runs the program on a word argument"))
		}
		weak = append(weak, mk(p.run+" --version", "last resort: asks the program for its version (proves it starts, not that it works)"),
			mk(p.run+" --help", "last resort: asks the program for its usage (proves it starts, not that it works)"))
	}
	return append(out, weak...), nil
}

// sampleFile picks a small text file of the repository as a CLI input.
func sampleFile(ctx context.Context, e *env) string {
	for _, g := range []string{"*.yaml", "*.yml", "*.json", "*.txt", "README.md", "README*"} {
		fs, _ := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: g})
		for _, f := range fs {
			if !strings.Contains(f.Path, "/") && f.Path != "expect.json" && f.Kind != "manifest" && !f.Lockfile && f.Size < 1<<20 {
				return f.Path
			}
		}
	}
	return "README.md"
}

// programs lists the repository's runnable programs from the graph's
// entry points, test programs left out, examples first.
func programs(ctx context.Context, e *env) ([]program, error) {
	eps, err := e.ix.EntryPoints(ctx)
	if err != nil {
		return nil, err
	}
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var libs, progs []program
	add := func(p program) {
		if seen[p.run] {
			return
		}
		seen[p.run] = true
		if p.lib {
			libs = append(libs, p)
		} else {
			progs = append(progs, p)
		}
	}
	mains := map[string]string{} // dir → main source (C, C++, Go, Python)
	for _, ep := range eps {
		if ep.Kind == "main" && !testName.MatchString(ep.Path) {
			if _, ok := mains[path.Dir(ep.Path)]; !ok {
				mains[path.Dir(ep.Path)] = ep.Path
			}
		}
	}
	for _, ep := range eps {
		prov := Provenance{Source: "entrypoint", File: ep.Path, Line: int(ep.Line), Note: ep.Kind + " " + ep.Name}
		switch {
		case testName.MatchString(ep.Name) || testName.MatchString(ep.Path) && ep.Kind == "main":
		case ep.Kind == "executable" && (path.Base(ep.Path) == "CMakeLists.txt" || path.Base(ep.Path) == "meson.build"):
			src := strings.Fields(ep.Command)
			first := ""
			if len(src) > 0 {
				first = src[0]
				if d := path.Dir(ep.Path); d != "." && !strings.HasPrefix(first, d+"/") {
					first = path.Join(d, first)
				}
			}
			run := "./" + path.Join("build", path.Dir(ep.Path), ep.Name)
			if path.Dir(ep.Path) == "." {
				run = "./build/" + ep.Name
			}
			add(program{run: run, source: first, why: prov, lib: exampleRe.MatchString(ep.Name + " " + ep.Command)})
		case ep.Kind == "executable" && path.Base(ep.Path) == "Makefile.am":
			add(program{run: "./" + path.Join(path.Dir(ep.Path), ep.Name), source: mains[path.Dir(ep.Path)], why: prov, lib: exampleRe.MatchString(ep.Name)})
		case ep.Kind == "bin" && path.Base(ep.Path) == "package.json":
			add(program{run: "node " + ep.Command, source: ep.Command, why: prov})
		case ep.Kind == "bin" && strings.Contains(ep.Command, ":"): // console script module:function
			mod, _, _ := strings.Cut(ep.Command, ":")
			add(program{run: ep.Name, source: pySource(ctx, e, mod), why: prov})
		case ep.Kind == "main" && ep.Language == "Go":
			d := path.Dir(ep.Path)
			run := "go run ."
			if d != "." {
				run = "go run ./" + d
			}
			add(program{run: run, source: ep.Path, why: prov, lib: exampleRe.MatchString(d)})
		case ep.Kind == "main" && ep.Language == "Python" && !strings.Contains(ep.Path, "/src/") && !strings.HasPrefix(ep.Path, "src/"):
			add(program{run: "python " + ep.Path, source: ep.Path, why: prov, lib: exampleRe.MatchString(ep.Path)})
		case ep.Kind == "main" && ep.Language == "JavaScript" && !strings.HasPrefix(ep.Path, "bin/"):
			add(program{run: "node " + ep.Path, source: ep.Path, why: prov, lib: exampleRe.MatchString(ep.Path)})
		}
	}
	// Plain Makefiles: targets linking a program (-o $@) next to a main.
	if e.stacks["make"] {
		for _, t := range ts {
			if path.Dir(t.Path) != "." || testName.MatchString(t.Name) || !strings.Contains(t.Command, "-o $@") && !strings.Contains(t.Command, "-o "+t.Name) {
				continue
			}
			add(program{run: "./" + t.Name, source: mains["."], why: Provenance{Source: "makefile", File: t.Path, Line: int(t.Line), Note: "links program " + t.Name}, lib: exampleRe.MatchString(t.Name)})
		}
	}
	return append(libs, progs...), nil
}

// pySource finds the file of a dotted module (src layout or flat).
func pySource(ctx context.Context, e *env, mod string) string {
	rel := strings.ReplaceAll(mod, ".", "/") + ".py"
	for _, p := range []string{rel, "src/" + rel} {
		if fs, _ := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: p}); len(fs) > 0 {
			return p
		}
	}
	return ""
}

// serverPort reports whether cmd starts a server, and its port, from the
// command and the source of the file it runs.
func serverPort(ctx context.Context, e *env, cmd string) (string, bool) {
	src := ""
	for _, w := range strings.Fields(cmd) {
		if strings.HasSuffix(w, ".js") || strings.HasSuffix(w, ".py") || strings.HasSuffix(w, ".mjs") || strings.HasSuffix(w, ".ts") {
			s, err := e.ix.ReadFile(ctx, strings.TrimPrefix(w, "./"), 0, 0, true)
			if err == nil {
				src = s
			}
		}
	}
	if !serverSrc.MatchString(src) && !serverRe.MatchString(cmd) {
		return "", false
	}
	if m := portRe.FindStringSubmatch(src + "\n" + cmd); m != nil {
		return m[1], true
	}
	return "3000", true
}

// serverProbe starts cmd in the background, waits up to 30 s for any HTTP
// answer on 127.0.0.1:port, stops it and exits 0 only if it answered.
func serverProbe(cmd, port string) string {
	return fmt.Sprintf("(%s) >/tmp/heragent-server.log 2>&1 & pid=$!; ok=1; for i in $(seq 1 30); do "+
		"if curl -sS -o /dev/null --max-time 2 http://127.0.0.1:%s/; then ok=0; break; fi; sleep 1; done; "+
		"kill $pid 2>/dev/null; wait $pid 2>/dev/null; tail -n 20 /tmp/heragent-server.log; exit $ok", cmd, port)
}
