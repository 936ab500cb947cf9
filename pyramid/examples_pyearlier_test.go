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

// A block that only imports and defines does no work when run; one that
// also calls something does.
func TestPyOnlyDefines(t *testing.T) {
	for code, want := range map[string]bool{
		"import factory.random\n\ndef setup_test_environment():\n    factory.random.reseed_random('x')\n    # Other setup here\n": true,
		"import attr\n\n@attr.s\nclass C:\n    x = attr.ib()\n":                                                                   true,
		"import attr\n\n@attr.s\nclass C:\n    x = attr.ib()\n\nprint(C(1))\n":                                                    false,
		"import json\nprint(json.dumps({}))\n":                                                                                    false,
		"def f():\n    \"\"\"doc\n    more\"\"\"\n    return 1\n\nassert f() == 1\n":                                              false,
	} {
		if got := pyOnlyDefines(code); got != want {
			t.Errorf("%q: %v, want %v", code, got, want)
		}
	}
}

// Plain code that goes on as a session runs as the code, then the
// session's input lines.
func TestPyMixedSession(t *testing.T) {
	in := "class UserFactory(factory.Factory):\n    email = factory.Sequence(lambda n: 'person{}@example.com'.format(n))\n\n>>> UserFactory().email\n'person0@example.com'\n>>> UserFactory().email\n'person1@example.com'\n"
	want := "class UserFactory(factory.Factory):\n    email = factory.Sequence(lambda n: 'person{}@example.com'.format(n))\n\nUserFactory().email\nUserFactory().email"
	if got := pyMixedSession(in); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if plain := "import json\nprint(json.dumps(1))\n"; pyMixedSession(plain) != plain {
		t.Error("plain code changed")
	}
}

// A block that star-imports the package (peewee's README: `from peewee
// import *`, then models) gives what it uses itself: the later block
// calling its db and models runs with it.
func TestPyEarlierStarImport(t *testing.T) {
	first := "from peewee import *\n\ndb = SqliteDatabase('my_database.db')\n\nclass User(Model):\n    username = CharField(unique=True)\n"
	later := "db.connect()\ndb.create_tables([User])\n"
	s := retrieval.DocSection{Path: "README.rst", Code: []retrieval.CodeBlock{{Lang: "python", Code: first, Line: 10}, {Lang: "python", Code: later, Line: 20}}}
	if got := pyEarlierBlocks([]retrieval.DocSection{s}, "README.rst", 20, later); got != first+"\n"+later {
		t.Errorf("got\n%s", got)
	}
}
