package pyramid

import "testing"

// A block passing a name the page leaves to the reader is a fragment;
// one that declares, imports or takes what it passes is whole.
func TestJSFragment(t *testing.T) {
	for code, want := range map[string]string{
		"import * as espree from \"espree\";\n\nconst ast = espree.parse(code);\n":                                  "code",
		"const espree = require(\"espree\");\nconst ast = espree.parse('let foo = \"bar\"', { ecmaVersion: 6 });\n": "",
		"import { parse } from 'x';\nconst code = 'a';\nconsole.log(parse(code));\n":                                "",
		"const x = require('x');\nx.on('data', (chunk) => console.log(chunk));\n":                                   "",
		"const x = require('x');\nfunction run(opts) { return x(opts); }\nrun({});\n":                               "",
		"const x = require('x');\n// x.parse(code)\nx.parse('a, b');\n":                                             "",
		"const { a, b } = require('x');\na(b);\n":                                                                   "",
		"app.use(express.static(dir));\n":                                                                           "dir",
	} {
		got, _ := jsFragment(code)
		if got != want {
			t.Errorf("%q: %q, want %q", code, got, want)
		}
	}
}
