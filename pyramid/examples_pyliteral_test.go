package pyramid

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// A Python project's Sphinx guide in reST literal blocks: the block that
// runs whole is an example, with the page's earlier import; a block of the
// reader's elided data (`io.BytesIO(...)`), a shell line and a lone import
// are not.
func TestSphinxLiteralBlocksArePython(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"setup.py":              "setup(name='jsonlines', packages=['jsonlines'])\n",
		"jsonlines/__init__.py": "class Reader:\n    pass\n",
		"tests/test_x.py":       "import jsonlines\n",
		"README.rst":            "jsonlines\n=========\n\nSee the docs.\n",
		"doc/index.rst": "Usage\n=====\n\nImport it::\n\n    import jsonlines\n\nInstall::\n\n    pip install jsonlines\n\n" +
			"A reader wraps a file-like object::\n\n  fp = io.BytesIO(...)  # readable file-like object\n  reader = jsonlines.Reader(fp)\n\n" +
			"Or any iterable::\n\n  lines = ['1', '2', '3']\n  reader = jsonlines.Reader(lines)\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, `import jsonlines\nlines = [`) {
		t.Fatalf("examples: %+v", cs)
	}
	// only a Python project's .rst literal blocks, and the index's
	// sections are left as they were
	secs := []retrieval.DocSection{{Path: "doc/index.rst", Code: []retrieval.CodeBlock{{Lang: "literal", Code: "x = lib.f()\n"}}},
		{Path: "doc/notes.txt", Code: []retrieval.CodeBlock{{Lang: "literal", Code: "x = lib.f()\n"}}}}
	if got := pyLiteralBlocks(secs, false); got[0].Code[0].Lang != "literal" {
		t.Errorf("not a Python project: %+v", got)
	}
	got := pyLiteralBlocks(secs, true)
	if got[0].Code[0].Lang != "python" || got[1].Code[0].Lang != "literal" || secs[0].Code[0].Lang != "literal" {
		t.Errorf("Python project: %+v (index's %+v)", got, secs)
	}
}
