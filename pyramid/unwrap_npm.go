package pyramid

import (
	"context"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// unwrapNpm: `npm test` whose script chains checks before the tests
// (`pnpm lint && pnpm test:types && pnpm vitest run`) → the test steps
// alone. Linters, formatters and type checkers judge style, not
// behaviour, and fail on a toolchain one version apart; the suite is the
// rest of the chain. A chain of several suites (`npm run test:node && npm
// run test:browser`) also gives each suite alone, after the chain: one
// that needs what the sandbox lacks (a browser for karma) must not hide
// the others' tests. Script references (`pnpm test:unit`, `npm run x`)
// are followed one level. Nothing when no step is a check and the chain
// holds one suite.
func unwrapNpm(ctx context.Context, e *env, c Command) []string {
	w := strings.Fields(c.Text)
	if len(c.Expect) > 0 || c.Bucket.Level() != Testable || len(w) < 2 || (w[0] != "npm" && w[0] != "yarn" && w[0] != "pnpm") {
		return nil
	}
	scripts := e.packageScripts(ctx, c.Dir)
	name := scriptName(w)
	body, ok := scripts[name]
	if !ok {
		return nil
	}
	out := unwrapNpmBody(body, scripts)
	if len(w) == 2 && w[0] == "npm" {
		if skip, builds := hooksCheckOrFetch(scripts, name); skip {
			// `npm test` runs pretest and posttest around the script: a
			// lint in pretest, `npm audit` (the registry) in posttest
			// (ljharb's qs, side-channel…) fail apart from the tests;
			// --ignore-scripts runs the script alone (npm still runs a
			// script it is asked for), after pretest's build steps
			out = append(out, strings.Join(append(builds, c.Text+" --ignore-scripts"), " && "))
		}
	}
	return out
}

// hooksCheckOrFetch reports whether script name's pre or post script has
// a step that checks style or types, or asks the registry; builds are
// the pre script's build steps, which the script may need.
func hooksCheckOrFetch(scripts map[string]string, name string) (skip bool, builds []string) {
	for _, hook := range []string{"pre" + name, "post" + name} {
		for _, step := range splitAnd(scripts[hook]) {
			if sw := strings.Fields(step); len(sw) >= 2 && (sw[0] == "npm" || sw[0] == "yarn" || sw[0] == "pnpm") {
				// npm run --silent lint: the runner's flags set aside
				step = strings.Join(slices.DeleteFunc(sw, func(a string) bool { return strings.HasPrefix(a, "-") }), " ")
			}
			switch inner := scriptBody(step, scripts); {
			case checkStepRe.MatchString(step) || checkStepRe.MatchString(inner) || registryStepRe.MatchString(step):
				skip = true
			case hook == "pre"+name && buildStepRe.MatchString(step):
				builds = append(builds, step)
			}
		}
	}
	return skip, builds
}

// registryStepRe is a step that asks the package registry: an audit, an
// outdated check, npx of a package at a version.
var registryStepRe = regexp.MustCompile(`\b(?:audit|outdated)\b|npx (?:-y |--yes )?\S+@`)

// unwrapNpmBody is a test script's chain without its check steps (when it
// has some), then each of its suites alone with the builds before it
// (when it has several); nil when neither applies.
func unwrapNpmBody(body string, scripts map[string]string) []string {
	var kept, builds []string
	var alone []string // each suite with the builds before it
	checks, suite := false, false
	for _, step := range runAllSteps(splitAnd(body), scripts) {
		if inner := scriptBody(step, scripts); checkStepRe.MatchString(step) || checkStepRe.MatchString(inner) {
			checks = true
			continue
		}
		kept = append(kept, step)
		switch v := classify(step); {
		case v.Bucket == Unit || v.Bucket == Integration || jsSuiteStepRe.MatchString(step):
			alone = append(alone, strings.Join(append(append([]string{}, builds...), step), " && "))
			suite = true
		case v.Drop != "" && !buildStepRe.MatchString(step):
			suite = true // a runner the classifier does not know
		case buildStepRe.MatchString(step):
			builds = append(builds, step)
		}
	}
	var out []string
	if checks && suite {
		out = append(out, strings.Join(kept, " && "))
	}
	if len(alone) > 1 {
		for _, a := range alone {
			out = append(out, aloneMark+a)
		}
	}
	return out
}

// runAllRe is npm-run-all and its short forms, which run package scripts
// by name in turn (or in parallel): `npm-run-all --silent typecheck lint
// mocha test-types` (mitt's test script).
var runAllRe = regexp.MustCompile(`^(?:npm-run-all2?|run-s|run-p)$`)

// runAllSteps are steps with each npm-run-all step as the `npm run` of
// every script it names (a `name:*` pattern: the scripts it matches, in
// name order).
func runAllSteps(steps []string, scripts map[string]string) []string {
	var out []string
	for _, step := range steps {
		args := strings.Fields(step)
		for len(args) > 0 && strings.Contains(args[0], "=") && !strings.HasPrefix(args[0], "-") {
			args = args[1:] // FORCE_COLOR=1
		}
		if re := pnpmRunRegex(args); re != nil {
			// pnpm's `run /^test:/`: every script the expression matches
			// (postcss's test script), in name order
			for _, n := range slices.Sorted(maps.Keys(scripts)) {
				if re.MatchString(n) {
					out = append(out, "npm run "+n)
				}
			}
			continue
		}
		if len(args) > 0 && args[0] == "npx" {
			args = args[1:]
		}
		if len(args) < 2 || !runAllRe.MatchString(args[0]) {
			out = append(out, step)
			continue
		}
		args = args[1:]
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if pre, ok := strings.CutSuffix(a, "*"); ok {
				for _, n := range slices.Sorted(maps.Keys(scripts)) {
					if strings.HasPrefix(n, pre) {
						out = append(out, "npm run "+n)
					}
				}
				continue
			}
			out = append(out, "npm run "+a)
		}
	}
	return out
}

// pnpmRunRegex is the expression of `pnpm run /re/`, nil for another
// command.
func pnpmRunRegex(args []string) *regexp.Regexp {
	if len(args) != 3 || args[0] != "pnpm" || args[1] != "run" || len(args[2]) < 3 || !strings.HasPrefix(args[2], "/") || !strings.HasSuffix(args[2], "/") {
		return nil
	}
	re, err := regexp.Compile(args[2][1 : len(args[2])-1])
	if err != nil {
		return nil
	}
	return re
}

// aloneMark opens, in unwrapNpmBody's answer, a suite of the chain run
// alone (npmPart reads it).
const aloneMark = "\x00alone\x00"

// npmPart reads unwrapNpmBody's answer: a suite of the chain alone is a
// part of the suite; the chain without its checks is the whole.
func npmPart(inner string) (string, string) {
	if text, ok := strings.CutPrefix(inner, aloneMark); ok {
		return text, "one of the suites the test script chains, alone"
	}
	return inner, ""
}

// jsSuiteStepRe is a step that runs a JavaScript test runner, through a
// coverage tool or npx or not.
var jsSuiteStepRe = regexp.MustCompile(`^(?:(?:npx|c8|nyc)\s+(?:--\S+\s+)*)*(?:jest|vitest|mocha|ava|karma|tap|jasmine|uvu|node --test|node (?:\./)?(?:tests?|spec)/[\w.-]+\.[cm]?js)\b`)

// nodeTestScriptRe is a node script of the test directory run alone.
var nodeTestScriptRe = regexp.MustCompile(`^node (?:\./)?(?:tests?|spec)/[\w.-]+\.[cm]?js$`)

// buildStepRe is a step that compiles or bundles, not a suite.
var buildStepRe = regexp.MustCompile(`^(?:(?:npm|yarn|pnpm)(?: run)? (?:build|compile|prepare|bundle)\S*|(?:npx )?(?:tsc|tsgo|rollup|webpack|vite build|babel|esbuild|unbuild|tsup|swc)\b)`)

// scriptBody is what a step runs: the body of the package script an
// npm/yarn/pnpm step names (followed one level), else the step itself.
func scriptBody(step string, scripts map[string]string) string {
	if sw := strings.Fields(step); len(sw) >= 2 && (sw[0] == "npm" || sw[0] == "yarn" || sw[0] == "pnpm") {
		if b, ok := scripts[scriptName(sw)]; ok {
			return b
		}
	}
	return step
}

// scriptName is the package script an npm/yarn/pnpm command runs.
func scriptName(w []string) string {
	if (w[1] == "run" || w[1] == "run-script") && len(w) > 2 {
		return w[2]
	}
	if w[1] == "t" {
		return "test"
	}
	return w[1]
}

// checkStepRe is a step that checks style or types: a linter, formatter,
// type checker (tsd checks a package's type definitions) or a script
// named for one.
var checkStepRe = regexp.MustCompile(`^(?:(?:npm|yarn|pnpm)(?: run(?:-script)?)? )?(?:npx |pnpm exec |yarn exec )?(?:[\w@/.-]*:)?(?:lint|eslint|oxlint|tslint|standard|xo|prettier|oxfmt|biome|dprint|stylelint|markdownlint|publint|attw|knip|typecheck|type-check|tsc --noEmit|tsc -p \S+ --noEmit|tsgo --noEmit|vue-tsc --noEmit|check-types|test[:-]types|test:lint|test:format|format(?::check)?|fmt|size-limit|tsd)\b`)

// packageScripts are the scripts of dir's package.json (nil when the
// graph cannot be read, empty when there are none).
func (e *env) packageScripts(ctx context.Context, dir string) map[string]string {
	ts, err := e.ix.Targets(ctx, "script")
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, t := range ts {
		if t.Path == path.Join(dir, "package.json") {
			out[t.Name] = t.Command
		}
	}
	return out
}
