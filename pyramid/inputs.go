package pyramid

import (
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/heragent/heragent/retrieval"
)

// Documented uses of a program name input files the reader is expected to
// have (`yq '.a' file.yaml`, `csvtool col 1 data.csv`, `ccache gcc -c
// hello.c`). A documented
// command whose data file is not in the checkout is kept as a real use:
// a small file of the right kind is written first, in the command itself
// (so verify and the exported entrypoint do the same), and the reason
// says so.

// dataFileRe is a relative path to a data file by its extension.
var dataFileRe = regexp.MustCompile(`^[\w][\w./+-]*\.(ya?ml|json|schema|toml|xml|csv|tsv|txt|md|ini|cfg|conf|properties|html?|c|h|cc|cpp|cxx|hpp|proto|sql|dot|[mc]?js|ts|css|py|lua|go|rs|fa|fasta|fq|fastq)$`)

// codeFileRe is a source file of a language that runs or is built: one a
// tool of the project reads (a minifier's `uglifyjs example.js`, a
// formatter's `black file.py`), but also what a build may write (dist/x.js)
// — so its sample is written only when the file is still missing when the
// command runs, never over the build's.
var codeFileRe = regexp.MustCompile(`\.([mc]?js|ts|css|py|lua|go|rs)$`)

// scriptRunners run their first argument that is no option as the
// program: the command's code, not an input to write (`node app.js`);
// what follows is the program's input (`node ./bin/uglifyjs example.js`).
// go and cargo build code of their own: no source file they name is
// written (`go run hello.go` would prove nothing of the project).
var scriptRunners = set("node", "nodejs", "python", "python3", "ts-node", "tsx", "deno", "bun", "ruby", "perl", "lua", "bash", "sh")

// builds reports a command of go or cargo (wrappers seen through): the
// source files it names are code it builds, not inputs.
func builds(ws []string) bool {
	un := unwrap(ws)
	return len(un) > 0 && (un[0] == "go" || un[0] == "cargo")
}

// scriptArg is the index in ws of the script a runner runs, 0 for none;
// wrappers are seen through (`pipenv run python3 validate.py`, `timeout
// 60 node app.js`).
func scriptArg(ws []string) int {
	at := len(ws) - len(unwrap(ws))
	if at >= len(ws) || !scriptRunners[path.Base(ws[at])] {
		return 0
	}
	for i := at + 1; i < len(ws); i++ {
		if !strings.HasPrefix(ws[i], "-") {
			return i
		}
	}
	return 0
}

// schemaSample is a JSON Schema the json sample is valid against: a
// schema validator's documented use (`jsonschema --instance sample.json
// sample.schema`, `ajv validate -s schema.json -d data.json`) needs both.
const schemaSample = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}` + "\n"

// sampleInputs are small valid files of each kind.
var sampleInputs = map[string]string{
	"yaml": "name: heragent\na:\n  b:\n    - c: 1\n    - c: 2\n", "yml": "name: heragent\na:\n  b:\n    - c: 1\n    - c: 2\n",
	"json": `{"name": "heragent", "a": {"b": [{"c": 1}, {"c": 2}]}}` + "\n",
	"toml": "name = \"heragent\"\n\n[a]\nb = [1, 2]\n",
	"xml":  "<?xml version=\"1.0\"?>\n<root><name>heragent</name><a><b>1</b><b>2</b></a></root>\n",
	"csv":  "name,value\nheragent,1\nother,2\n", "tsv": "name\tvalue\nheragent\t1\nother\t2\n",
	"txt": "hello heragent\nsecond line\n", "md": "# heragent\n\nSome *text*.\n",
	"c": "int main(void) { return 0; }\n", "h": "int heragent(void);\n", "hpp": "int heragent();\n",
	"cc": "int main() { return 0; }\n", "cpp": "int main() { return 0; }\n", "cxx": "int main() { return 0; }\n",
	"ini": "[section]\nkey = value\n", "cfg": "[section]\nkey = value\n", "conf": "key = value\n", "properties": "key=value\n",
	"html": "<!doctype html>\n<html><body><p>heragent</p></body></html>\n", "htm": "<!doctype html>\n<html><body><p>heragent</p></body></html>\n",
	"schema": schemaSample,
	"proto":  "syntax = \"proto3\";\n\nmessage Person {\n  string name = 1;\n  int32 id = 2;\n}\n",
	// sequences in FASTA and FASTQ (seqtk's `seqtk seq -r in.fq`)
	"fa": ">seq1 heragent\nACGTACGTTAGCCGATAGGCTA\n>seq2\nGGGTTTAAACCCATGCATGCAA\n", "fasta": ">seq1 heragent\nACGTACGTTAGCCGATAGGCTA\n>seq2\nGGGTTTAAACCCATGCATGCAA\n",
	"fq":    "@read1 heragent\nACGTACGTTAGCCGATAGGCTA\n+\nIIIIIIIIIIIIIIIIIIIIII\n@read2\nGGGTTTAAACCCATGCATGCAA\n+\nIIIIIIIIII##########II\n",
	"fastq": "@read1 heragent\nACGTACGTTAGCCGATAGGCTA\n+\nIIIIIIIIIIIIIIIIIIIIII\n@read2\nGGGTTTAAACCCATGCATGCAA\n+\nIIIIIIIIII##########II\n",
	"sql":   "CREATE TABLE t (name TEXT, value INTEGER);\nINSERT INTO t VALUES ('heragent', 1), ('other', 2);\nSELECT name, value FROM t;\n",
	"dot":   "digraph g {\n  heragent -> a;\n  a -> b;\n}\n",
	"js":    "function greet(name) {\n  var greeting = 'hello ' + name;\n  return greeting;\n}\nconsole.log(greet('heragent'));\n",
	"mjs":   "export function greet(name) {\n  return 'hello ' + name;\n}\nconsole.log(greet('heragent'));\n",
	"cjs":   "function greet(name) {\n  return 'hello ' + name;\n}\nmodule.exports = greet;\n",
	"ts":    "function greet(name: string): string {\n  return 'hello ' + name;\n}\nconsole.log(greet('heragent'));\n",
	"css":   "body {\n  color: #333333;\n  margin: 0 auto;\n}\n",
	"py":    "def greet(name):\n    return 'hello ' + name\n\n\nprint(greet('heragent'))\n",
	"lua":   "local function greet(name)\n  return 'hello ' .. name\nend\nprint(greet('heragent'))\n",
	"go":    "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello heragent\")\n}\n",
	"rs":    "fn main() {\n    println!(\"hello heragent\");\n}\n",
}

// testModuleSample is a small passing pytest module.
const testModuleSample = "def test_heragent():\n    assert 'heragent'.upper() == 'HERAGENT'\n\n\ndef test_sum():\n    assert sum([1, 2, 3]) == 6\n"

// sampleFor is the small file written for a missing input: a schema for
// a JSON file named as one (schema.json, person.schema.json), a passing
// test module for a test module's name, else the sample of its kind.
func sampleFor(f string) string {
	ext := strings.TrimPrefix(path.Ext(f), ".")
	if ext == "json" && strings.Contains(strings.ToLower(path.Base(f)), "schema") {
		return schemaSample
	}
	if b := path.Base(f); ext == "py" && (strings.HasPrefix(b, "test_") || strings.HasSuffix(b, "_test.py")) {
		return testModuleSample // a test module the reader runs pytest on (pytest-repeat's test_file.py)
	}
	return sampleInputs[ext]
}

// outputFlags take the path of a file the program writes.
var outputFlags = map[string]bool{"-o": true, "--output": true, "-O": true, "--out": true, "--output-file": true, "-w": true, "--write": true}

// withInputs gives documented Runnable commands the data files they read
// and the checkout lacks.
func withInputs(ctx context.Context, e *env, cs []Command) []Command {
	var secs []retrieval.DocSection // read once, when a command needs them
	read := false
	for i, c := range cs {
		if c.Synth || c.Bucket.Level() != Runnable || len(c.Expect) > 0 {
			continue
		}
		missing := missingInputs(c.Text, func(p string) bool { return e.fileExists(path.Join(c.Dir, p)) })
		media, missing := e.mediaStandIns(missing) // the project's own files standing in (inputs_media.go)
		if len(media) > 0 {
			cs[i].Text = strings.Join(media, " && ") + " && " + c.Text
			cs[i].Reason += " (the project's own file of the kind stands in for the reader's: " + strings.Join(media, "; ") + ")"
			c = cs[i]
		}
		if own, names := e.ownKindStandIns(c); len(own) > 0 {
			cs[i].Text = strings.Join(own, " && ") + " && " + c.Text
			cs[i].Reason += " (the project's own file of the kind stands in for the reader's: " + strings.Join(names, "; ") + ")"
			c = cs[i]
		}
		if len(missing) == 0 {
			continue
		}
		if !read {
			secs, _ = e.ix.DocSections(ctx, "")
			read = true
		}
		var pre []string
		shown := 0
		for _, f := range missing {
			if d := path.Dir(f); d != "." {
				pre = append(pre, "mkdir -p "+quoteArg(d))
			}
			data := sampleFor(f)
			if len(c.Why) > 0 {
				if d, ok := shownData(secs, c.Why[0].File, int64(c.Why[0].Line), f); ok {
					data, shown = d, shown+1
				}
			}
			write := "printf '%s' " + quoteArg(data) + " > " + quoteArg(f)
			if codeFileRe.MatchString(f) {
				write = "{ test -e " + quoteArg(f) + " || " + write + "; }"
			}
			pre = append(pre, write)
		}
		cs[i].Text = strings.Join(pre, " && ") + " && " + c.Text
		if shown == len(missing) {
			cs[i].Reason += " (" + strings.Join(missing, ", ") + " is written first with what the document shows before it)"
		} else {
			cs[i].Reason += " (a sample " + strings.Join(missing, ", ") + " is written first: the docs expect the reader's own)"
		}
	}
	return cs
}

// missingInputs lists the data files a command reads (arguments and <
// redirections) that exists says are not there; output files (after -o,
// after > or >>) are not inputs.
func missingInputs(text string, exists func(string) bool) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if (dataFileRe.MatchString(w) || mediaFileRe.MatchString(w)) && !strings.Contains(w, "..") && !seen[w] && !exists(w) {
			seen[w] = true
			out = append(out, w)
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		for _, r := range st.Redirs {
			if r.Op == syntax.RdrIn && r.Word != nil {
				add(r.Word.Lit())
			}
		}
		if call, ok := st.Cmd.(*syntax.CallExpr); ok {
			ws := callWords(call)
			switch {
			case len(ws) == 0 || ws[0] == "mkdir" || ws[0] == "touch" || ws[0] == "printf" || ws[0] == "echo":
				return true // they write, they read nothing
			case ws[0] == "[" || ws[0] == "test":
				return true // it asks whether a path exists (a package named big.js), reading none
			case ws[0] == "cp" || ws[0] == "mv" || ws[0] == "ln":
				ws = ws[:len(ws)-1] // the last is where it goes
			}
			script := scriptArg(ws)
			for i := 1; i < len(ws); i++ {
				if codeFileRe.MatchString(ws[i]) && (i == script || builds(ws)) {
					continue // the program itself, not an input to it
				}
				if !outputFlags[ws[i-1]] {
					add(ws[i])
				}
			}
		}
		return true
	})
	sort.Strings(out)
	return out
}

// fileExists reports whether a repository-relative file exists.
func (e *env) fileExists(rel string) bool {
	_, err := os.Stat(filepath.Join(e.ix.Root, filepath.FromSlash(rel)))
	return err == nil
}

// quoteArg shell-quotes s.
func quoteArg(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "''"
	}
	return q
}

// literalFileRe is a quoted relative path to a data file in code.
var literalFileRe = regexp.MustCompile("[\"'`](?:\\./)?([\\w][\\w./+-]*\\.(?:ya?ml|json|toml|xml|csv|tsv|txt|md|ini|cfg|conf|html?|proto|sql|dot|hcl|hbs|handlebars|mustache|ejs|njk|j2|jinja2?|liquid|pug|png|jpe?g|gif|bmp|webp|tiff?|ppm|pgm|pbm|wav|mp3|ogg|flac))[\"'`]")

// writeCallRe ends code calling a function that writes the file its
// first argument names (resize's os.Create("test_resized.jpg"), PIL's
// img.save("out.png"), fs.writeFileSync), and openForWriteRe follows a
// file name opened for writing (Python's open("out.txt", "w")).
var (
	writeCallRe    = regexp.MustCompile(`(?:\bCreate|WriteFile|\.save|imwrite|imsave|writeFileSync|writeFile|createWriteStream|\.to_\w+|\.dump)\(\s*$`)
	openForWriteRe = regexp.MustCompile(`^\s*,\s*(?:mode\s*=\s*)?["'][wax]`)
)

// written reports whether the literal file name at code[start:end] is
// what the code writes, not an input.
func written(code string, start, end int) bool {
	return writeCallRe.MatchString(code[:start]) || strings.HasSuffix(strings.TrimSpace(code[:start]), "open(") && openForWriteRe.MatchString(code[end:])
}

// exampleInputs is what an example's code reads that the checkout lacks
// where it runs (the repository root): `doc.load_file("xgconsole.xml")`.
// A file of that name elsewhere in the checkout (docs/samples/) is copied
// there, else a small sample of its kind is written — the reader of the
// docs has the one the example names; the content the document shows
// before the example (shown, shownData) comes first. "" when nothing is
// missing; else a command prefix ending in " && ".
func exampleInputs(ctx context.Context, e *env, code string, shown func(f string) (string, bool)) string {
	return inputsFrom(ctx, e, code, shown, "")
}

// inputsFrom is exampleInputs for an example that runs elsewhere than the
// checkout, which is at checkout (a shell word: a Go example's scratch
// module has the checkout at "$r"): a file the checkout has is copied
// from there too. checkout "" is the checkout itself.
func inputsFrom(ctx context.Context, e *env, code string, shown func(f string) (string, bool), checkout string) string {
	var pre []string
	seen := map[string]bool{}
	for _, m := range literalFileRe.FindAllStringSubmatchIndex(code, -1) {
		f := code[m[2]:m[3]]
		if seen[f] || strings.Contains(f, "..") || checkout == "" && e.fileExists(f) || written(code, m[0], m[1]) {
			continue
		}
		seen[f] = true
		if d := path.Dir(f); d != "." {
			pre = append(pre, "mkdir -p "+quoteArg(d))
		}
		from := func(p string) string {
			if checkout == "" {
				return quoteArg(p)
			}
			return checkout + "/" + quoteArg(p)
		}
		if data, ok := shown(f); ok {
			pre = append(pre, "printf '%s' "+quoteArg(data)+" > "+quoteArg(f))
		} else if checkout != "" && e.fileExists(f) {
			pre = append(pre, "cp "+from(f)+" "+quoteArg(f))
		} else if src := e.findByName(ctx, path.Base(f)); src != "" {
			pre = append(pre, "cp "+from(src)+" "+quoteArg(f))
		} else if s := sampleFor(f); s != "" {
			pre = append(pre, "printf '%s' "+quoteArg(s)+" > "+quoteArg(f))
		} else if own := e.ownMedia(f); own != "" {
			pre = append(pre, "cp "+from(own)+" "+quoteArg(f)) // imaging's Open("test.jpg"): an image of the project's
		} else if made := madeMedia(f); made != "" {
			pre = append(pre, made) // resize's Open("test.jpg") in a checkout with no JPEG: one drawn here
		}
	}
	if len(pre) == 0 {
		return ""
	}
	return strings.Join(pre, " && ") + " && "
}

// vendoredDir holds other projects' files.
var vendoredDir = regexp.MustCompile(`(^|/)(third_party|thirdparty|3rdparty|vendor|deps|external|extern|node_modules|build)(/|$)`)

// findByName is the shallowest file of the checkout with this base name,
// outside dependencies and hidden directories; "". The walk is on disk
// (the graph leaves data files out) and bounded.
func (e *env) findByName(_ context.Context, base string) string {
	best := ""
	e.walkFiles(func(rel string, d fs.DirEntry) {
		if d.Name() == base && (best == "" || strings.Count(rel, "/") < strings.Count(best, "/")) {
			best = rel
		}
	})
	return best
}

// walkFiles calls fn with each file of the checkout (its slash path from
// the top), outside dependencies and hidden directories; the walk is on
// disk (the graph leaves data files out) and bounded.
func (e *env) walkFiles(fn func(rel string, d fs.DirEntry)) {
	seen := 0
	_ = filepath.WalkDir(e.ix.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > 50000 {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(e.ix.Root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || vendoredDir.MatchString(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		fn(rel, d)
		return nil
	})
}
