package build

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/heragent/heragent/graph"
)

func TestExampleScript(t *testing.T) {
	for _, c := range []struct {
		rel, lang string
		want      bool
	}{
		{"examples/example.js", "JavaScript", true},
		{"example/basic.py", "Python", true},
		{"docs/demo/app.mjs", "JavaScript", true},
		{"samples/parse/run.py", "Python", true},
		{"lib/sax.js", "JavaScript", false},       // the library, no example
		{"examples/__init__.py", "Python", false}, // a package of them
		{"examples/_helpers.py", "Python", false}, // a private helper
		{"examples/webpack.config.js", "JavaScript", false},
		{"examples/conftest.py", "Python", false},
		{"examples/node_modules/x/index.js", "JavaScript", false},
		{"examples/app.ts", "TypeScript", false}, // node does not run it as it is
		{"examples/main.c", "C", false},          // a C main has its function
	} {
		if got := exampleScript(c.rel, c.lang); got != c.want {
			t.Errorf("exampleScript(%q, %q) = %v, want %v", c.rel, c.lang, got, c.want)
		}
	}
}

// TestExampleScriptsAreMains builds a graph of a library with an examples
// directory (sax-js's shape): its scripts are program entry points, the
// library's modules, the examples' helper module and a page's script
// are not.
func TestExampleScriptsAreMains(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	files := map[string]string{
		"lib/sax.js":               "exports.parser = function () { return {} }\n",
		"examples/example.js":      "var sax = require('../lib/sax')\nconsole.log(sax.parser())\n",
		"examples/pretty/print.py": "import sys\nprint(sys.argv)\n",
		"package.json":             `{"name": "sax", "main": "lib/sax.js"}`,
		// a module of the examples, and a page's script: no programs
		"examples/utils.py":      "import os\n\ndef helper():\n    return os.sep\n",
		"examples/public/app.js": "const ws = new WebSocket('ws://x')\nws.onopen(() => document.title = 'x')\n",
	}
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := openStore(t)
	if _, err := Build(ctx, s, root, Options{Name: "ex"}); err != nil {
		t.Fatal(err)
	}
	syms, err := s.Nodes(ctx, "ex", graph.NodeQuery{Label: graph.Symbol, Props: map[string]any{"kind": string(graph.SymMain)}})
	if err != nil {
		t.Fatal(err)
	}
	var mains []string
	for _, n := range syms {
		mains = append(mains, n.Props.Str("path"))
	}
	slices.Sort(mains)
	if want := []string{"examples/example.js", "examples/pretty/print.py"}; !slices.Equal(mains, want) {
		t.Errorf("mains %v, want %v", mains, want)
	}
}
