package pyramid

import "testing"

// A standard module the example uses and never imports is imported
// (xmltodict's `json.dumps` under only `import xmltodict`); one it imports,
// binds or only names as an attribute of something else is left alone.
func TestWithPyStdlib(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"import xmltodict\nprint(json.dumps(xmltodict.parse('<a/>')))\n", "import json\nimport xmltodict\nprint(json.dumps(xmltodict.parse('<a/>')))\n"},
		{"import json\nprint(json.dumps({}))\n", "import json\nprint(json.dumps({}))\n"},
		{"import os, json\nprint(json.dumps({}))\n", "import os, json\nprint(json.dumps({}))\n"},
		{"from x import json\njson.go()\n", "from x import json\njson.go()\n"},
		{"import simplejson as json\njson.dumps({})\n", "import simplejson as json\njson.dumps({})\n"},
		{"json = load()\njson.keys()\n", "json = load()\njson.keys()\n"},
		{"import astpretty\nastpretty.pprint(ast.parse('x += 5').body[0])\n", "import ast\nimport astpretty\nastpretty.pprint(ast.parse('x += 5').body[0])\n"},
		{"for re in results:\n    re.show()\n", "for re in results:\n    re.show()\n"},
		{"def f(time):\n    return time.x\n", "def f(time):\n    return time.x\n"},
		{"resp.json.get('a')\nos.path.join('a')\n", "import os\nresp.json.get('a')\nos.path.join('a')\n"},
		{"# what json.load() gives\nx = 1\n", "# what json.load() gives\nx = 1\n"},
		{"with open(p) as io:\n    io.read()\n", "with open(p) as io:\n    io.read()\n"},
	} {
		if got := withPyStdlib(tc.code); got != tc.want {
			t.Errorf("withPyStdlib(%q) = %q, want %q", tc.code, got, tc.want)
		}
	}
}
