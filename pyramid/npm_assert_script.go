package pyramid

import (
	"context"
	"regexp"
)

// A small package's test script is often a plain script of Node's assert
// calls (is-plain-object's `node test.js`): it prints nothing and stops at
// the first failed assertion, so its end with exit 0 is every check
// passing — the suite's own driver, as a Makefile target running its
// programs is.

var (
	// nodeScriptRe is a test script that runs one file with node.
	nodeScriptRe = regexp.MustCompile(`^node\s+((?:\./)?[\w./-]+\.[cm]?js)$`)
	// assertImportRe imports Node's assert module.
	assertImportRe = regexp.MustCompile(`require\(\s*['"](?:node:)?assert(?:/strict)?['"]\s*\)|from\s+['"](?:node:)?assert(?:/strict)?['"]`)
	// testFrameworkCallRe is a framework's test declaration, which a
	// runner counts: such a file is no bare assert script.
	testFrameworkCallRe = regexp.MustCompile(`(?m)^\s*(?:describe|it|test|suite)\s*\(|require\(\s*['"](?:node:)?test['"]\s*\)|from\s+['"](?:node:)?test['"]|\btap\b|\bava\b`)
)

// assertScript reports whether the test script runs one file of bare
// assert calls.
func assertScript(ctx context.Context, e *env, script string) bool {
	m := nodeScriptRe.FindStringSubmatch(script)
	if m == nil {
		return false
	}
	src, err := e.ix.ReadFile(ctx, m[1], 0, 0, true)
	return err == nil && assertImportRe.MatchString(src) && !testFrameworkCallRe.MatchString(src)
}
