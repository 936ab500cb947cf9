package build

import (
	"path"
	"regexp"
	"strings"
)

// A library's examples directory holds scripts a reader runs as they
// are: `node examples/example.js` (sax-js: an XML file parsed, its events
// printed), `python examples/basic.py`. An interpreted script has no main
// function, and these seldom have a shebang or Python's __main__ guard:
// the whole file is the program. exampleScript is such a file — a
// JavaScript or Python script in a directory named for examples or demos
// (at any depth, outside dependencies), not a module of them (Python's
// __init__.py, a config, a private helper): a main, run from the checkout.

// runsAtTopLevel reports a script that does something when run — a call
// at the top level (`main()`, `print(…)`, `sax.EVENTS.forEach(…)`,
// `require('http')` beginning a chain), a top-level loop or with block —
// not a module of definitions the examples import (werkzeug's
// examples/coolmagic/utils.py) nor a page's script (document, window:
// the browser runs it, not node).
func runsAtTopLevel(src []byte, lang string) bool {
	switch lang {
	case "Python":
		return pyTopCallRe.Match(src)
	case "JavaScript":
		return jsTopCallRe.Match(src) && !browserRe.Match(src)
	}
	return false
}

var (
	pyTopCallRe = regexp.MustCompile(`(?m)^(?:(?:await\s+)?[A-Za-z_][\w.]*\s*\(|(?:for|while|with|async with)\b)`)
	jsTopCallRe = regexp.MustCompile(`(?m)^(?:await\s+)?[A-Za-z_$][\w$.]*\s*\(`)
	browserRe   = regexp.MustCompile(`\b(?:document|window)\.\w`)
)

// exampleDirRe is a directory of examples; depDirRe one of dependencies.
var (
	exampleDirRe = regexp.MustCompile(`(?i)(^|/)(examples?|demos?|samples?)(/|$)`)
	depDirRe     = regexp.MustCompile(`(^|/)(node_modules|vendor|third_party|site-packages|\.\w+)(/|$)`)
	exampleExt   = map[string]string{".js": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript", ".py": "Python"}
)

func exampleScript(rel, lang string) bool {
	dir, base := path.Dir(rel), path.Base(rel)
	if exampleExt[path.Ext(base)] != lang || !exampleDirRe.MatchString(dir) || depDirRe.MatchString(dir) {
		return false
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return !strings.HasPrefix(stem, "_") && !strings.Contains(stem, ".") && stem != "setup" && stem != "conftest" && !strings.HasSuffix(stem, "config")
}
