package pyramid

import (
	"context"
	"strings"
	"testing"
)

func TestAsESM(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"const classNames = require('classnames');\nclassNames('foo', 'bar');\n", "import * as ns_classNames from 'classnames'; const classNames = ns_classNames.default ?? ns_classNames;\nclassNames('foo', 'bar');\n"},
		{"const classNames = require(\"classnames/dedupe\")\n", "import * as ns_classNames from \"classnames/dedupe\"; const classNames = ns_classNames.default ?? ns_classNames;\n"},
		{"const { a, b: c } = require('pkg')\na(c)\n", "import { a, b as c } from 'pkg';\na(c)\n"},
		// another require would be left without require in an ES module
		{"const fs = require('fs')\nconst x = require('pkg')\n", "const fs = require('fs')\nconst x = require('pkg')\n"},
		{"const other = require('other')\n", "const other = require('other')\n"},
		{"console.log(require('pkg')('x'))\n", "console.log(require('pkg')('x'))\n"},
	} {
		if got := asESM(tc.code, pkgOf(tc.code)); got != tc.want {
			t.Errorf("asESM(%q) = %q, want %q", tc.code, got, tc.want)
		}
	}
}

// pkgOf is the package the test's code is about.
func pkgOf(code string) string {
	if strings.Contains(code, "classnames") {
		return "classnames"
	}
	return "pkg"
}

// classnames: an ES-module-only package's README example with require
// runs as the import it stands for; a package CommonJS can require keeps
// its require.
func TestESMOnlyPackageExampleImports(t *testing.T) {
	readme := "# classnames\n\n```js\nconst classNames = require('classnames');\nclassNames('foo', 'bar'); // => 'foo bar'\n```\n"
	for _, tc := range []struct {
		pj      string
		imports bool
	}{
		{`{"name": "classnames", "type": "module", "main": "./index.js", "exports": {".": {"default": "./index.js"}}}`, true},
		{`{"name": "classnames", "type": "module", "exports": {".": {"import": "./index.js", "require": "./index.cjs"}}}`, false},
		{`{"name": "classnames", "main": "index.js"}`, false},
	} {
		ix := repoIndex(t, map[string]string{"package.json": tc.pj, "README.md": readme, "index.js": "export default function classNames() { return ''; }\n"})
		p, err := Mine(context.Background(), ix, Options{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range p.Commands {
			if strings.Contains(c.Text, `classNames(\'foo\', \'bar\')`) && c.Bucket == Entry {
				found = true
				if got := strings.Contains(c.Text, "import * as ns_classNames from") && strings.Contains(c.Text, ".mjs"); got != tc.imports {
					t.Errorf("%s: import %v: %s", tc.pj, got, c.Text)
				}
			}
		}
		if !found {
			t.Errorf("%s: no example in %v", tc.pj, p.Commands)
		}
	}
}
