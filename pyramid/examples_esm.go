package pyramid

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
)

// A package that became an ES module only ("type": "module", exports
// without a "require" condition) often keeps its README's CommonJS
// examples: classnames' `const classNames = require('classnames');
// classNames('foo', 'bar')`. Where Node can require an ES module at all
// it hands back the module's namespace, and the example dies "classNames
// is not a function". A reader of today's package imports it: the
// example's requires of the package become the imports they stand for.

// esmOnly reports whether the checkout's package.json makes the package
// an ES module that CommonJS cannot require as such.
func (e *env) esmOnly(ctx context.Context) bool {
	src, err := e.ix.ReadFile(ctx, "package.json", 0, 0, true)
	if err != nil {
		return false
	}
	var pj struct {
		Type    string          `json:"type"`
		Main    string          `json:"main"`
		Exports json.RawMessage `json:"exports"`
	}
	if json.Unmarshal([]byte(src), &pj) != nil {
		return false
	}
	return pj.Type == "module" && !strings.HasSuffix(pj.Main, ".cjs") && !strings.Contains(string(pj.Exports), `"require"`)
}

// cjsRequireRe is a whole-line declaration binding what require returns:
// `const NAME = require('x')`, `let { a, b: c } = require("x/sub");`.
var cjsRequireRe = regexp.MustCompile(`(?m)^(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s*=\s*require\(\s*(['"])([^'"]+)['"]\s*\)[ \t]*;?[ \t]*$`)

// destructuredRe is one renaming of a destructuring: `b: c`.
var destructuredRe = regexp.MustCompile(`([\w$]+)\s*:\s*([\w$]+)`)

// asESM is code with its requires of pkg (or a subpath of it) as the
// imports they stand for; code that would still require anything after
// (a core module, another package) is left as it is: an ES module has
// no require.
func asESM(code, pkg string) string {
	out := cjsRequireRe.ReplaceAllStringFunc(code, func(line string) string {
		m := cjsRequireRe.FindStringSubmatch(line)
		if m[3] != pkg && !strings.HasPrefix(m[3], pkg+"/") {
			return line
		}
		names, from := m[1], m[2]+m[3]+m[2]
		if strings.HasPrefix(names, "{") {
			names = destructuredRe.ReplaceAllString(names, "$1 as $2") // { b: c } binds c to b
			return "import " + names + " from " + from + ";"
		}
		// what require gave: the default export, or the namespace of a
		// package that has none
		return "import * as ns_" + names + " from " + from + "; const " + names + " = ns_" + names + ".default ?? ns_" + names + ";"
	})
	if out == code || strings.Contains(out, "require(") {
		return code
	}
	return out
}
