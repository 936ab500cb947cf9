package loops

import "strings"

// buildSteps is what a test command runs before its test runner: the
// steps of an `a && b && test` line but the last ("" for one step).
func buildSteps(text string) string {
	i := strings.LastIndex(text, " && ")
	if i < 0 {
		return ""
	}
	return text[:i]
}

// behindBuild reports whether text runs build (a cut command's build
// steps) before its own tests: when that build did not finish in the
// cut command's share of the run, it does not finish for a part of the
// suite either.
func behindBuild(text, build string) bool {
	return build != "" && strings.HasPrefix(text, build+" && ")
}
