package bashfile

import (
	"regexp"
	"strings"
)

// A build script often chains the checks a release runs after the build:
// `npm run _build:compile && npm run lint && npm test` (fast-glob),
// `npm run lint && tsc`. Run whole, a linter's complaint or a failing test
// fails the build, and the compile it holds is lost with it; the pyramid
// runs the tests itself. The build is its other steps, in order.

// checkStepRe is a step of a build script that lints or tests.
var checkStepRe = regexp.MustCompile(`^(?:(?:npm|yarn|pnpm)(?: run(?:-script)?)? (?:lint|test|tests|check|format|prettier|typecheck|type-check|coverage)(?:[:\w-]*)(?:\s|$)|(?:npm|yarn|pnpm) t(?:\s|$)|(?:npx )?(?:eslint|xo|prettier|mocha|jest|vitest|ava|tap|tape|c8|nyc|standard|tsd|attw|publint)(?:\s|$))`)

// buildSteps is the command that runs a build script (its text, command,
// under the package manager's run), and a note when its linting or
// testing steps are left out; "" when nothing else is left.
func buildSteps(manager, command string) (run, note string) {
	whole := manager + " run build"
	if strings.ContainsAny(command, "|;`$()") {
		return whole, "" // more than a chain of steps
	}
	var keep, dropped []string
	for _, step := range strings.Split(command, "&&") {
		step = strings.TrimSpace(step)
		if checkStepRe.MatchString(step) {
			dropped = append(dropped, step)
		} else if step != "" {
			keep = append(keep, step)
		}
	}
	switch {
	case len(dropped) == 0:
		return whole, ""
	case len(keep) == 0:
		return "", ""
	}
	return strings.Join(keep, " && "), " without its checks (" + strings.Join(dropped, ", ") + "): the pyramid runs the tests"
}
