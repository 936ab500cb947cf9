package repair

import "testing"

func TestTypeScriptRunNeedsNewerNode(t *testing.T) {
	nodeTest := "TAP version 13\n# /repo/test/index.test.ts:1\n# import { deepEqual } from 'node:assert/strict'\n# ^^^^^^\n" +
		"# SyntaxError: Cannot use import statement outside a module\n#     at internalCompileFunction (node:internal/vm:76:18)\n"
	esm := "TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension \".ts\" for /repo/test/a.test.ts\n"
	js := "/repo/test/index.test.js:1\nimport x from 'y'\n^^^^^^\nSyntaxError: Cannot use import statement outside a module\n"
	for _, c := range []struct {
		log  string
		want bool
	}{{nodeTest, true}, {esm, true}, {js, false}} {
		ds := nodeTooOld{}.Diagnose(Failure{Phase: PhaseCommand, Log: c.log})
		if got := len(ds) == 1 && ds[0].Kind == NodeTooOld && ds[0].Subject == "22"; got != c.want {
			t.Errorf("%q: diagnosed %v, want %v (%+v)", c.log, got, c.want, ds)
		}
	}
}
