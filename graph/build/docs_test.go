package build

import (
	"fmt"
	"github.com/heragent/heragent/graph"
	"slices"
	"strings"
	"testing"
)

const (
	chunkMarkdown = "# Title\nintro\n\n## Build\n```bash\nmake\nmake test\n```\n~~~\nplain\n~~~\nSetext\n------\ntext\n"
	chunkRST      = "Project\n=======\n\nInstall\n-------\n\n.. code-block:: console\n\n   pip install x\n   x --help\n\nend\n"
)

// chunkCases are the chunker's table; FuzzChunkDoc starts from them too.
var chunkCases = []struct {
	rel, text string
	want      []string // heading/level@line-end codes
}{
	{"README.md", chunkMarkdown, []string{"Title/1@1-3[]", "Build/2@4-11[bash:6-7 :10-10]", "Setext/2@12-14[]"}},
	{"docs/index.rst", chunkRST, []string{"Project/1@1-3[]", "Install/2@4-12[console:9-10]"}},
	{"notes.txt", strings.Repeat("line\n", 70), []string{"/0@1-60[]", "/0@61-70[]"}},
	// reST: a doctest directive and a bare doctest block are Python sessions
	{"docs/version.rst", "Version\n=======\n\n.. doctest::\n\n    >>> from p import V\n    >>> V(1)\n\nText.\n\n>>> import p\n>>> p.x\n1\n\nEnd.\n", []string{"Version/1@1-15[pycon:6-7 pycon:11-13]"}},
	// Sphinx doctest: testcode is Python with the testsetup before it; the setup is not kept alone
	{"README.rst", "Use\n===\n\n.. testsetup::\n\n    from p import *\n\n.. testcode::\n\n    print(f(1))\n\n.. testoutput::\n\n    2\n", []string{"Use/1@1-14[python:10-10]"}},
	// AsciiDoc listings: after a block title (a whole C program), after an
	// attribute list naming the language; a section's underline and a rule
	// that nothing closes are no listing
	{"doc/userguide.txt", "Guide\n-----\n.A hash\n--------\n#include \"uthash.h\"\nint main() {\n}\n--------\n\n[source,python]\n----\nimport x\n----\n\n----\ntext\n----\n", []string{"/0@1-17[c:5-7 python:12-12]"}},
	// an .adoc file's listing after a blank line; C++ by its standard headers
	{"doc/guide.adoc", "Use\n\n----\n#include <string>\n#include \"lib.h\"\nint main() { std::string s; }\n----\n", []string{"/0@1-7[cpp:4-6]"}},
	// a plain-text INSTALL's indented transcript, continuations kept
	{"INSTALL", "Build:\n  - on Linux:\n    $ make clean\n    $ make TARGET=linux \\\n         USE_X=1\n    $ make install\n\nOutput:\n    not a command\n", []string{"/0@1-9[console:3-6]"}}, // a plain-text document's heading underlined with tildes is no fence
	// (libfuse's doc/kernel.txt); after a blank line a tilde line is one
	{"doc/kernel.txt", "How are requirements fulfilled?\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n    To ensure this\n    fusermount3 always adds \"nosuid\"\n\n~~~\nfusermount3 -u /mnt\n~~~\n", []string{"/0@1-9[:8-8]"}},
}

func TestSphinxTestcodeKeepsItsSetup(t *testing.T) {
	chs := chunkDoc("README.rst", "Use\n===\n\n.. testsetup::\n\n    from p import *\n\n.. testcode::\n\n    print(f(1))\n")
	if len(chs) != 1 || len(chs[0].codes) != 1 || chs[0].codes[0] != "from p import *\nprint(f(1))" {
		t.Fatalf("testcode with its setup: %+v", chs)
	}
}

// A code directive nested in another (cachetools' testcode under
// `.. class::`) ends at the prose indented as deep as the directive.
func TestNestedRstCodeEndsAtItsDirectivesIndent(t *testing.T) {
	chs := chunkDoc("docs/index.rst", "API\n===\n\n.. class:: TTLCache(maxsize, ttl)\n\n   Items expire.\n\n   .. testcode::\n\n      cache = TTLCache(maxsize=10, ttl=60)\n\n   A custom `timer` function can also be supplied.\n")
	if len(chs) != 1 || len(chs[0].codes) != 1 || chs[0].codes[0] != "cache = TTLCache(maxsize=10, ttl=60)" {
		t.Fatalf("nested testcode: %+v", chs)
	}
}

func TestChunkDoc(t *testing.T) {
	for _, c := range chunkCases {
		var got []string
		for _, ch := range chunkDoc(c.rel, c.text) {
			var codes []string
			for i := range ch.codes {
				codes = append(codes, ch.codeLangs[i]+":"+ch.codeLines[i])
			}
			got = append(got, fmt.Sprintf("%s/%d@%d-%d[%s]", ch.heading, ch.level, ch.line, ch.endLine, strings.Join(codes, " ")))
		}
		if strings.Join(got, " | ") != strings.Join(c.want, " | ") {
			t.Errorf("%s:\n got %q\nwant %q", c.rel, got, c.want)
		}
	}
}

func TestResolver(t *testing.T) {
	files := map[string]bool{}
	for _, f := range []string{"src/a.c", "include/lib/x.h", "src/util.h", "compat/stdio.h", "pkg/__init__.py", "pkg/mod.py",
		"app/main.py", "web/lib/index.js", "web/app.js", "cmd/tool/main.go", "internal/db/db.go", "internal/db/db_test.go",
		"src/main.rs", "src/util/mod.rs", "scripts/lib.sh", "scripts/run.sh"} {
		files[f] = true
	}
	r := newResolver(files, "example.com/m")
	for _, c := range []struct {
		from, kind, target string
		system             bool
		want               string
	}{
		{"src/a.c", "include", "util.h", false, "src/util.h"},
		{"src/a.c", "include", "lib/x.h", true, "include/lib/x.h"},
		{"src/a.c", "include", "x.h", false, "include/lib/x.h"},
		{"src/a.c", "include", "stdio.h", true, ""}, // compat/stdio.h is not an include directory
		{"src/a.c", "include", "zlib.h", true, ""},
		{"app/main.py", "import", "pkg.mod", false, "pkg/mod.py"},
		{"app/main.py", "import", "pkg", false, "pkg/__init__.py"},
		{"pkg/mod.py", "import", ".", false, "pkg/__init__.py"}, // from . import x
		{"pkg/__init__.py", "import", ".mod", false, "pkg/mod.py"},
		{"app/main.py", "import", "os", false, ""},
		{"web/app.js", "import", "./lib", false, "web/lib/index.js"},
		{"web/app.js", "import", "express", false, ""},
		{"cmd/tool/main.go", "import", "example.com/m/internal/db", false, "internal/db/db.go"},
		{"cmd/tool/main.go", "import", "fmt", false, ""},
		{"src/main.rs", "mod", "util", false, "src/util/mod.rs"},
		{"scripts/run.sh", "source", "lib.sh", false, "scripts/lib.sh"},
		{"scripts/run.sh", "source", "$HOME/lib.sh", false, ""},
	} {
		if got := r.resolve(c.from, c.kind, c.target, c.system); got != c.want {
			t.Errorf("resolve(%s, %s %q) = %q, want %q", c.from, c.kind, c.target, got, c.want)
		}
	}
}

func TestRstCodeKeepsItsIndentation(t *testing.T) {
	got := dedent([]string{"    def hello():", "        return 1", "", "    print(hello())", ""})
	if want := "def hello():\n    return 1\n\nprint(hello())"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}

// An indented Python session (reST's literal block after "::") goes on
// across the blank lines between its statements (tomlkit's quickstart:
// the imports, a blank line, then the parse and its assertions).
func TestIndentedSessionAcrossBlankLines(t *testing.T) {
	doc := "Parsing\n-------\n\nIt parses::\n\n\n    >>> from tomlkit import parse\n\n    >>> doc = parse('a = 1')\n\n    # a comment\n\n    >>> assert doc['a'] == 1\n\n\nModifying\n---------\n"
	secs := chunkDoc("quickstart.rst", doc)
	var codes []string
	for _, s := range secs {
		codes = append(codes, s.codes...)
	}
	if len(codes) != 1 || !strings.Contains(codes[0], "assert doc['a'] == 1") || !strings.Contains(codes[0], ">>> from tomlkit import parse") {
		t.Errorf("sessions: %q", codes)
	}
}

// A reST man page keeps its commands in literal blocks: a lone "::" inside
// a definition, or a paragraph ending in "::". The block ends where the
// text comes back to the paragraph's indentation.
func TestRstLiteralBlocks(t *testing.T) {
	doc := "Options\n=======\n--genkey args\n  Generate a key.\n\n  Examples:\n  ::\n\n     $ prog --genkey secret shared.key\n     $ prog --genkey tls-auth shared.key\n\n  The key is saved.\n\n--test-crypto\n  The typical usage would be::\n\n     prog --test-crypto\n\n  or\n\n  ::\n\n     remote 10.0.0.1\n     dev tun\n\nNot a block::\nflush against the margin\n"
	secs := chunkDoc("doc/man-sections/options.rst", doc)
	var codes, langs []string
	for _, s := range secs {
		codes = append(codes, s.codes...)
		langs = append(langs, s.codeLangs...)
	}
	want := []string{"$ prog --genkey secret shared.key\n$ prog --genkey tls-auth shared.key", "prog --test-crypto", "remote 10.0.0.1\ndev tun"}
	if strings.Join(codes, "|") != strings.Join(want, "|") || strings.Join(langs, ",") != "console,literal,literal" {
		t.Fatalf("codes %q langs %q, want %q console,literal,literal", codes, langs, want)
	}
	if !strings.Contains(secs[len(secs)-1].text, "The key is saved") {
		t.Errorf("the text after a block is lost: %q", secs[len(secs)-1].text)
	}
}

// A fenced block whose lines are all indented (a list item's, or a
// README's that indents its code inside the fence) loses the indentation
// they share: Python reads it as code, not an unexpected indent.
func TestFencedCodeDedented(t *testing.T) {
	doc := "# Use\n\nLike this:\n\n```python\n    import logging\n    if True:\n        logging.warning('x')\n```\n\n1. Then\n   ```sh\n   make\n   ```\n\n```python\nimport os\n    # kept\n```\n"
	var codes []string
	for _, s := range chunkDoc("README.md", doc) {
		codes = append(codes, s.codes...)
	}
	want := []string{"import logging\nif True:\n    logging.warning('x')", "make", "import os\n    # kept"}
	if !slices.Equal(codes, want) {
		t.Fatalf("%q, want %q", codes, want)
	}
}

// Markdown's indented code block of commands, with no prompt (rswier/c4:
// "Try the following:" then `gcc -o c4 c4.c` and `./c4 hello.c`), is a
// session; a list item's indented paragraph and indented prose are not.
func TestMarkdownIndentedCommands(t *testing.T) {
	doc := "c4\n==\n\nTry the following:\n\n    gcc -o c4 c4.c\n    ./c4 hello.c\n    \n    ./c4 c4.c hello.c\n\n" +
		"- a list item\n\n    make install\n\nSome prose:\n\n    the indented words of a quote\n"
	var codes []string
	for _, s := range chunkDoc("README.md", doc) {
		codes = append(codes, s.codes...)
	}
	if len(codes) != 1 || codes[0] != "gcc -o c4 c4.c\n./c4 hello.c\n\n./c4 c4.c hello.c" {
		t.Errorf("code blocks: %q", codes)
	}
}

// A code block in a list item (seqtk's README: "* Convert FASTQ to
// FASTA:" then `seqtk seq -a in.fq.gz > out.fa` indented eight spaces) is
// an indented block that may hold commands (graph.LangIndented); the
// item's own indented paragraph is not.
func TestMarkdownListItemCode(t *testing.T) {
	doc := "Seqtk Examples\n--------------\n\n* Convert FASTQ to FASTA:\n\n        seqtk seq -a in.fq.gz > out.fa\n\n" +
		"* Reverse complement FASTA/Q:\n\n        seqtk seq -r in.fq > out.fq\n\n- another item\n\n  its second paragraph goes on\n"
	var langs, codes []string
	for _, s := range chunkDoc("README.md", doc) {
		codes = append(codes, s.codes...)
		langs = append(langs, s.codeLangs...)
	}
	if len(codes) != 2 || codes[0] != "seqtk seq -a in.fq.gz > out.fa" || codes[1] != "seqtk seq -r in.fq > out.fq" {
		t.Errorf("code blocks: %q", codes)
	}
	for _, l := range langs {
		if l != graph.LangIndented {
			t.Errorf("languages %q, want %s", langs, graph.LangIndented)
		}
	}
}

// Outside a list item, an indented block whose first line is a command
// given an option or a file (capnproto's doc/capnp-tool.md: `capnp
// compile -oc++ myschema.capnp`) may hold commands too; indented prose,
// a bare word pair and a sentence do not.
func TestMarkdownPlainIndentedUse(t *testing.T) {
	doc := "# The capnp Tool\n\nfound by typing:\n\n    capnp help\n\n## Compiling Schemas\n\n    capnp compile -oc++ myschema.capnp\n\n" +
		"Some prose:\n\n    the indented words of a quote\n\nA sentence:\n\n    see the file foo.txt for more.\n"
	var langs, codes []string
	for _, s := range chunkDoc("doc/capnp-tool.md", doc) {
		codes = append(codes, s.codes...)
		langs = append(langs, s.codeLangs...)
	}
	if len(codes) != 1 || codes[0] != "capnp compile -oc++ myschema.capnp" || langs[0] != graph.LangIndented {
		t.Errorf("code blocks %q, languages %q", codes, langs)
	}
}
