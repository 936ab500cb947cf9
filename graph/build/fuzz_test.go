package build

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The fuzz targets below feed repository text to every fact parser and to
// the docs chunker: a checkout is hostile input. Each starts from the
// parsers' table (factCases, chunkCases) and the fixture repositories'
// files, and checks what the graph relies on, not only that nothing
// panics.

func FuzzCMake(f *testing.F)         { fuzzFacts(f, "CMakeLists.txt") }
func FuzzMeson(f *testing.F)         { fuzzFacts(f, "meson.build") }
func FuzzAutoconf(f *testing.F)      { fuzzFacts(f, "configure.ac") }
func FuzzAutomake(f *testing.F)      { fuzzFacts(f, "Makefile.am") }
func FuzzMakefile(f *testing.F)      { fuzzFacts(f, "Makefile") }
func FuzzDockerfile(f *testing.F)    { fuzzFacts(f, "Dockerfile") }
func FuzzGitHubActions(f *testing.F) { fuzzFacts(f, ".github/workflows/ci.yml") }
func FuzzGitLabCI(f *testing.F)      { fuzzFacts(f, ".gitlab-ci.yml") }
func FuzzTravis(f *testing.F)        { fuzzFacts(f, ".travis.yml") }
func FuzzCircleCI(f *testing.F)      { fuzzFacts(f, ".circleci/config.yml") }
func FuzzPackageJSON(f *testing.F)   { fuzzFacts(f, "package.json") }
func FuzzPyproject(f *testing.F)     { fuzzFacts(f, "pyproject.toml") }
func FuzzSetupCfg(f *testing.F)      { fuzzFacts(f, "setup.cfg") }
func FuzzSetupPy(f *testing.F)       { fuzzFacts(f, "setup.py") }
func FuzzRequirements(f *testing.F)  { fuzzFacts(f, "requirements.txt") }
func FuzzGoMod(f *testing.F)         { fuzzFacts(f, "go.mod") }
func FuzzCargo(f *testing.F)         { fuzzFacts(f, "Cargo.toml") }
func FuzzPom(f *testing.F)           { fuzzFacts(f, "pom.xml") }
func FuzzGradle(f *testing.F)        { fuzzFacts(f, "build.gradle") }

// parserFor is the parser factParsers picks for rel.
func parserFor(tb testing.TB, rel string) factParser {
	tb.Helper()
	for _, p := range factParsers {
		if p.match(rel, path.Base(rel)) {
			return p
		}
	}
	tb.Fatalf("no parser for %s", rel)
	return factParser{}
}

// fixtureFiles returns the files of the fixture repositories for which
// keep(rel, base) holds.
func fixtureFiles(tb testing.TB, keep func(rel, base string) bool) [][]byte {
	tb.Helper()
	var out [][]byte
	root := filepath.Join("..", "..", "testdata", "repos")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if _, inRepo, ok := strings.Cut(rel, "/"); ok && keep(inRepo, path.Base(rel)) {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out = append(out, b)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// fuzzFacts fuzzes the parser of the file rel.
func fuzzFacts(f *testing.F, rel string) {
	p := parserFor(f, rel)
	for _, c := range factCases {
		if p.match(c.rel, path.Base(c.rel)) {
			f.Add([]byte(c.src))
		}
	}
	for _, b := range fixtureFiles(f, p.match) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		ff, err := parseFacts(p, rel, src)
		again, err2 := parseFacts(p, rel, src)
		if !reflect.DeepEqual(ff, again) || (err == nil) != (err2 == nil) {
			t.Fatalf("two parses differ:\n%+v\n%+v", ff, again)
		}
		checkFacts(t, src, ff)
	})
}

// checkFacts checks what the graph stores of a file's facts: every
// dependency and target names something, every line is one of the file's
// (0: unknown), and valid UTF-8 in gives valid UTF-8 out (the builder
// hands the parsers valid text; the stores keep strings).
func checkFacts(t *testing.T, src []byte, ff fileFacts) {
	t.Helper()
	lines := bytes.Count(src, []byte("\n")) + 1
	line := func(what string, l int) {
		if l < 0 || l > lines {
			t.Fatalf("%s at line %d of a %d-line file", what, l, lines)
		}
	}
	var strs []string
	for _, d := range ff.deps {
		if d.ecosystem == "" || d.scope == "" || strings.TrimSpace(d.name) == "" {
			t.Fatalf("dependency without ecosystem, scope or name: %+v", d)
		}
		line("dependency "+d.name, d.line)
		strs = append(append(strs, d.ecosystem, d.name, d.constraint, d.scope), d.components...)
	}
	for _, tg := range ff.targets {
		if tg.kind == "" || strings.TrimSpace(tg.name) == "" {
			t.Fatalf("target without kind or name: %+v", tg)
		}
		line("target "+tg.name, tg.line)
		strs = append(append(strs, tg.kind, tg.name, tg.command), tg.sources...)
	}
	for _, s := range ff.steps {
		if s.system == "" {
			t.Fatalf("step without system: %+v", s)
		}
		line("step "+s.name, s.line)
		strs = append(append(strs, s.system, s.job, s.name, s.text), s.matrix...)
	}
	for k, v := range ff.props {
		strs = append(strs, k, fmt.Sprint(v))
	}
	if utf8.Valid(src) {
		for _, s := range strs {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 from valid input: %q", s)
			}
		}
	}
}

// FuzzChunkDoc checks the docs chunker: chunks follow each other without
// overlapping, inside the document; a code block's lines are its chunk's;
// the three code slices stay parallel; text stays within its cap and valid
// UTF-8 when the document is.
func FuzzChunkDoc(f *testing.F) {
	for _, c := range chunkCases {
		f.Add(c.rel, c.text)
	}
	isDoc := func(rel, _ string) bool { return isDocPath(rel, fileLanguage(rel, nil)) }
	for _, b := range fixtureFiles(f, isDoc) {
		f.Add("README.md", string(b))
	}
	// a section longer than the text cap with a two-byte rune across it
	f.Add("README.md", "# Long\n"+strings.Repeat("a", maxChunkText-1)+"é\n")
	for _, rel := range []string{"docs/index.rst", "INSTALL"} {
		f.Add(rel, "Title\n=====\n\n```sh\nmake\n```\n\n  $ make test\n\n>>> import x\n")
	}
	f.Fuzz(func(t *testing.T, rel, text string) {
		cs := chunkDoc(rel, text)
		lines := len(strings.Split(strings.TrimSuffix(text, "\n"), "\n"))
		prev := 0
		for _, c := range cs {
			if c.line <= prev || c.endLine < c.line || c.endLine > lines {
				t.Fatalf("chunk %d-%d after line %d of %d", c.line, c.endLine, prev, lines)
			}
			prev = c.endLine
			if c.level < 0 || c.level > 6 || len(c.text) > maxChunkText {
				t.Fatalf("chunk level %d, %d bytes of text", c.level, len(c.text))
			}
			if len(c.codes) != len(c.codeLangs) || len(c.codes) != len(c.codeLines) {
				t.Fatalf("code slices differ in length: %d %d %d", len(c.codes), len(c.codeLangs), len(c.codeLines))
			}
			for _, span := range c.codeLines {
				a, b := spanOf(t, span)
				if a < c.line || b > c.endLine || a > b {
					t.Fatalf("code lines %s outside chunk %d-%d", span, c.line, c.endLine)
				}
			}
			if utf8.ValidString(text) && !utf8.ValidString(c.text+c.heading+strings.Join(c.codes, "")) {
				t.Fatalf("invalid UTF-8 from a valid document")
			}
		}
	})
}

func spanOf(t *testing.T, span string) (int, int) {
	as, bs, _ := strings.Cut(span, "-")
	a, err1 := strconv.Atoi(as)
	b, err2 := strconv.Atoi(bs)
	if err1 != nil || err2 != nil {
		t.Fatalf("code lines %q", span)
	}
	return a, b
}

// TestUnclosedCallsParseInLinearTime: a 1 MiB configure.ac or meson.build
// of calls that never close (or nest a hundred thousand deep) took minutes
// when each call was scanned to the end of the file; the shared budget
// keeps it well under a second. The bound is loose for a loaded machine.
func TestUnclosedCallsParseInLinearTime(t *testing.T) {
	for _, c := range []struct{ rel, unit string }{{"configure.ac", "AC_INIT(\n"}, {"meson.build", "test(\n"}, {"meson.build", "test('a',\n"}} {
		n := (1 << 20) / len(c.unit)
		src := []byte(strings.Repeat(c.unit, n/2) + strings.Repeat(")", n/2))
		start := time.Now()
		if _, err := parseFacts(parserFor(t, c.rel), c.rel, src); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 15*time.Second {
			t.Errorf("%s of %d bytes took %s", c.rel, len(src), d)
		}
	}
}
