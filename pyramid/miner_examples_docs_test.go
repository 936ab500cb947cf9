package pyramid

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// A documentation site's self-contained examples run when the README has
// none, those that print first; fragments that import a relative module or
// another package are never tried, and an example that prints nothing
// prints its last value.
func TestDocsExamplesSelfContainedFirst(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "store", "version": "1.0.0", "main": "index.js"}`,
		"index.js":     "exports.createStore = (r) => ({ state: r(undefined, {}) });\n",
		"README.md":    "# store\n\nSee the docs.\n",
		"docs/tutorial/app.md": "# App\n\n```js\nimport { createStore } from 'store'\nimport rootReducer from './reducers'\nconsole.log(createStore(rootReducer))\n```\n\n" +
			"```js\nimport { createStore } from 'store'\nimport thunk from 'redux-thunk'\nconsole.log(thunk)\n```\n",
		"docs/api/produce.mdx":    "# produce\n\n```javascript\nimport {createStore} from \"store\"\nconst store = createStore(() => 1)\n```\n",
		"docs/api/createStore.md": "# createStore\n\n```js\nimport { createStore } from 'store'\nconst s = createStore((x = 0) => x + 1)\nconsole.log(s.state)\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("want the two self-contained examples, got %+v", cs)
	}
	if !strings.Contains(cs[0].Text, `console.log(s.state)`) || cs[0].Why[0].File != "docs/api/createStore.md" {
		t.Errorf("the printing example first: %+v", cs[0])
	}
	if !strings.Contains(cs[1].Text, `console.log(store)`) || cs[1].Why[0].File != "docs/api/produce.mdx" {
		t.Errorf("a silent example prints its last value: %+v", cs[1])
	}
}

func TestShowResult(t *testing.T) {
	for _, tc := range []struct{ run, code, want string }{
		{"node", "const a = f()\nconsole.log(a)\n", "const a = f()\nconsole.log(a)\n"},
		{"node", "const a = f()\nlet b = g(a)\nfunction h() {\n  const c = 1\n}\n", "const a = f()\nlet b = g(a)\nfunction h() {\n  const c = 1\n}\nconsole.log(b)\n"},
		{"python3", "from m import f\nx = f(1)\nif x == 2:\n    pass", "from m import f\nx = f(1)\nif x == 2:\n    pass\nprint(x)\n"},
		{"python3", "from m import f\nf(1)\n", "from m import f\nf(1)\n"},
	} {
		if got := showResult(tc.run, tc.code); got != tc.want {
			t.Errorf("showResult(%s, %q) = %q, want %q", tc.run, tc.code, got, tc.want)
		}
	}
}

// A session that shows an exception demonstrates it: the statement that
// raises is left out of the script (attrs' docs: `>>> raise Error("foo")`
// followed by its traceback), the others run.
func TestPyconCodeLeavesOutWhatRaises(t *testing.T) {
	session := ">>> import attr\n>>> @attr.s(auto_exc=True)\n... class Error(Exception):\n...     x = attr.ib()\n>>> Error(\"foo\")\nError(x='foo')\n>>> raise Error(\"foo\")\nTraceback (most recent call last):\n   ...\nError: foo\n>>> print(Error(\"bar\").x)\nbar\n"
	want := "import attr\n@attr.s(auto_exc=True)\nclass Error(Exception):\n    x = attr.ib()\nError(\"foo\")\nprint(Error(\"bar\").x)"
	if got := pyconCode(session); got != want {
		t.Errorf("pyconCode:\n%s\nwant:\n%s", got, want)
	}
}

// A python block showing the shell line that starts the interpreter
// before its session (jsonpath-ng's README: `$ python`, then `>>>` lines)
// is a session; a script that runs python is not.
func TestPyconSessionAfterItsShellLine(t *testing.T) {
	code := "$ python\n\n>>> from jsonpath_ng import parse\n\n# a comment\n>>> parse('foo[*].baz')\n"
	if !pyconSession(code) || exampleCode(retrieval.CodeBlock{Lang: "python", Code: code}) != "from jsonpath_ng import parse\nparse('foo[*].baz')" {
		t.Errorf("not read as a session: %q", exampleCode(retrieval.CodeBlock{Lang: "python", Code: code}))
	}
	if pyconSession("$ python app.py\n>>> x\n") {
		t.Error("a script's run read as the interpreter's start")
	}
}

// A package of one module whose setup.py names it through a variable
// (json-pointer's name=PACKAGE) is that module: its documentation's
// examples import it and run (setup.py and the tests are no package).
func TestDocsExamplesOfASingleModule(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"setup.py":         "PACKAGE = 'jsonpointer'\nsetup(name=PACKAGE, py_modules=['jsonpointer'])\n",
		"jsonpointer.py":   "def resolve_pointer(doc, p):\n    return doc\n",
		"tests.py":         "import jsonpointer\n",
		"README.md":        "# json pointer\n\nSee the docs.\n",
		"doc/tutorial.rst": "Tutorial\n========\n\n.. code-block:: python\n\n    >>> from jsonpointer import resolve_pointer\n    >>> resolve_pointer({}, '')\n    {}\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || !strings.Contains(cs[0].Text, "from jsonpointer import resolve_pointer") {
		t.Errorf("examples %+v", cs)
	}
}

// A README example importing from its own package (`from . import
// models`) cannot run whole: no command for it.
func TestReadmeExampleWithRelativeImport(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"setup.py":            "setup(name='factory_boy', packages=['factory'])\n",
		"factory/__init__.py": "class Factory:\n    pass\n",
		"tests/test_x.py":     "import factory\n",
		"README.rst": "factory_boy\n===========\n\n.. code-block:: python\n\n    import factory\n    from . import models\n\n    class UserFactory(factory.Factory):\n        pass\n\n" +
			".. code-block:: python\n\n    import factory\n    print(factory.Factory)\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || strings.Contains(cs[0].Text, "from . import") {
		t.Fatalf("examples: %+v", cs)
	}
}
