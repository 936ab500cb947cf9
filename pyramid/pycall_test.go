package pyramid

import (
	"context"
	"slices"
	"testing"
)

// A Python library without documented uses is used through its API on a
// small input of its kind before its import is tried: PyYAML (lib/yaml,
// beside its private lib/_yaml) gets yaml.safe_load of YAML and
// yaml.safe_dump of an object; a package that defines none of the verbs
// gets no call.
func TestPythonLibraryCalls(t *testing.T) {
	ix := tempIndex(t, "pyyaml", map[string]string{
		"setup.py":              "from setuptools import setup\nsetup(package_dir={'': 'lib'}, packages=['yaml', '_yaml'])\n",
		"lib/_yaml/__init__.py": "from yaml._yaml import *\n",
		"lib/yaml/__init__.py": "from .error import *\nfrom .loader import (Loader,\n    SafeLoader)\n\ndef parse(stream, Loader=Loader):\n    pass\n\n" +
			"def safe_load(stream):\n    return 1\n\ndef safe_dump(data, stream=None, **kwds):\n    return ''\n\nclass YAMLObject:\n    def load(self):\n        pass\n",
		"lib/yaml/loader.py": "class Loader: pass\nclass SafeLoader: pass\n",
		"lib/yaml/error.py":  "class YAMLError(Exception): pass\n",
	})
	p, err := Mine(context.Background(), ix, Options{Stacks: []string{"python"}})
	if err != nil {
		t.Fatal(err)
	}
	var runnable []string
	for _, c := range p.At(Runnable) {
		runnable = append(runnable, c.Text)
	}
	load := `python -c 'import yaml; print(repr(yaml.safe_load("name: heragent\nlist: [1, 2]\n")))'`
	dump := `python -c 'import yaml; print(repr(yaml.safe_dump({"name": "heragent", "list": [1, 2]})))'`
	i, j := slices.Index(runnable, load), slices.Index(runnable, dump)
	imp := slices.IndexFunc(runnable, func(s string) bool {
		return s == `python -c 'import yaml; print(yaml.__name__, getattr(yaml, "__version__", ""))'`
	})
	if i < 0 || j < 0 || imp >= 0 && imp < j {
		t.Fatalf("runnable %q", runnable)
	}
	for _, c := range p.At(Runnable) {
		if c.Text == load && (c.LastResort() || GradeRunnable(c) != EvidenceProbe) {
			t.Errorf("the call is graded %s, last resort %v", GradeRunnable(c), c.LastResort())
		}
	}
	if names := pyExports("from .api import loads as parse_it, dumps\n__all__ = ['convert']\n"); !names["parse_it"] || !names["dumps"] || !names["convert"] || names["loads"] {
		t.Errorf("exports %v", names)
	}
}

// A library of text functions (inflection's camelize(string, …=True),
// pluralize(word)) is called on a phrase; a function needing a second
// value, a private one and one of another kind of parameter are not.
func TestPyTextFuncs(t *testing.T) {
	src := "def _irregular(singular: str, plural: str) -> None:\n    pass\n\ndef camelize(string: str, uppercase_first_letter: bool = True) -> str:\n    pass\n\n" +
		"def ordinal(number: int) -> str:\n    pass\n\ndef join(word, other):\n    pass\n\ndef pluralize(word: str) -> str:\n    pass\n\ndef titleize(word, *rest):\n    pass\n\ndef underscore(word):\n    pass\n"
	got := pyTextFuncs(src)
	if want := []string{"camelize", "pluralize", "titleize"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}
