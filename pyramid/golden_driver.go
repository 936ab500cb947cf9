package pyramid

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A regression target that runs the project's program on inputs and
// compares what it prints with the expected files (lowdown's `regress`: a
// loop over regress/*.md running ./lowdown, `diff -uw` against the
// expected output, rc counting the differences) is the suite's own
// driver: diff fails the recipe on a difference, so an exit 0 with output
// is every comparison matched, though it prints no count.

var (
	// diffCheckRe is a comparison of outputs in a recipe.
	diffCheckRe = regexp.MustCompile(`(?:^|[\s;&|(])(?:diff|cmp)\s`)
	// diffMaskedRe is a comparison whose status is thrown away.
	diffMaskedRe = regexp.MustCompile(`(?:diff|cmp)\s[^\n;]*\|\|\s*(?:true|:)(?:\s*(?:;|$|\\)|$)`)
)

// diffsItsPrograms reports whether a test target's recipe runs a program
// it depends on (directly or through other targets) and compares output
// with diff or cmp, whose status it keeps.
func diffsItsPrograms(t retrieval.Target, targets map[string]retrieval.Target) bool {
	recipe := t.Command
	if !diffCheckRe.MatchString(recipe) || diffMaskedRe.MatchString(recipe) {
		return false
	}
	for _, l := range strings.Split(recipe, "\n") {
		if l = strings.TrimLeft(strings.TrimSpace(l), "@+"); strings.HasPrefix(l, "-") && diffCheckRe.MatchString(l) {
			return false // make ignores the line's failure
		}
	}
	for _, m := range recipeProgRe.FindAllStringSubmatch(recipe, -1) {
		if _, linked := targets[m[1]]; linked && dependsOn(t, m[1], targets) {
			return true
		}
	}
	return false
}
