package pyramid

import (
	"context"
	"testing"
)

// is-plain-object's `node test.js`: bare assert calls, no count printed —
// the suite's own driver; a file declaring tests for a runner is not.
func TestAssertScript(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"package.json": `{"name": "x", "scripts": {"test": "node test.js"}}`,
		"test.js":      "'use strict';\nvar assert = require('assert');\nassert(1 === 1);\n",
		"spec.js":      "const assert = require('node:assert');\nconst test = require('node:test');\ntest('x', () => assert.ok(true));\n",
		"desc.js":      "var assert = require('assert');\ndescribe('x', function () {\n  it('works', function () { assert(true); });\n});\n",
	})
	for script, want := range map[string]bool{"node test.js": true, "node spec.js": false, "node desc.js": false, "mocha test.js": false, "node test.js && eslint .": false} {
		if got := assertScript(context.Background(), e, script); got != want {
			t.Errorf("%q: %v, want %v", script, got, want)
		}
	}
}
