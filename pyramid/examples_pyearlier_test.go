package pyramid

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// A README told as one session (pure_eval's): an example runs with the
// earlier blocks defining what it uses — not an output block, not an
// alternative needing what no block gives — and a self-contained example
// runs as it is.
func TestPyEarlierBlocks(t *testing.T) {
	blocks := []string{
		"class Rectangle:\n    def __init__(self, width, height):\n        self.width = width\n\n\nrect = Rectangle(3, 5)\n",
		"source = \"(rect.width, rect.area)\"\n",
		"import ast\n\ntree = ast.parse(source)\nthe_tuple = tree.body[0].value\n",
		"Attribute(value=Name(id='rect', ctx=Load()), attr='width', ctx=Load())\n",
		"from pure_eval import Evaluator\n\nevaluator = Evaluator({\"rect\": rect})\n",
		"evaluator = Evaluator.from_frame(frame)\n",
		"print(\"rect.width:\", evaluator[the_tuple.elts[0]])\n",
	}
	var s retrieval.DocSection
	s.Path = "README.md"
	for i, b := range blocks {
		s.Code = append(s.Code, retrieval.CodeBlock{Lang: "python", Code: b, Line: int64(10 * (i + 1))})
	}
	got := pyEarlierBlocks([]retrieval.DocSection{s}, "README.md", 70, blocks[6])
	want := blocks[0] + "\n" + blocks[1] + "\n" + blocks[2] + "\n" + blocks[4] + "\n" + blocks[6]
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	whole := "from pure_eval import Evaluator\nprint(Evaluator({}))\n"
	if got := pyEarlierBlocks([]retrieval.DocSection{s}, "README.md", 70, whole); got != whole {
		t.Errorf("a whole example changed: %s", got)
	}
	if strings.Contains(pyEarlierBlocks([]retrieval.DocSection{s}, "README.md", 70, "print(frame)\n"), "Rectangle") {
		t.Error("blocks taken for a name none gives")
	}
}
