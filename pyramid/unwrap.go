package pyramid

import (
	"context"
	"regexp"
	"strings"
)

// An unwrapper sees through a task runner or environment manager: given a
// mined command it returns the commands it would run in the environment
// the Bash File already made (`tox -e py311` → its testenv's `pytest
// tests/`; `uv run pytest` → `pytest`; `make test` whose recipe is `uv run
// pytest tests/` → `pytest tests/`). Wrappers build their own environments
// from a registry (PyPI for tox, nox, uv, poetry) that may be unreachable;
// the commands inside run offline in the one heragent prepared.
type unwrapper struct {
	name   string
	unwrap func(ctx context.Context, e *env, c Command) []string
	why    string // what the inner command is, after "what `wrapper` runs"
	// part, when not nil, reads an inner command as the wrapper gave it:
	// its text, and the part of the suite it runs (Command.Part) or "".
	part func(inner string) (text, part string)
}

// builtOwn is why most wrappers are seen through.
const builtOwn = ", in the environment the Bash File made (the wrapper builds its own from a registry)"

// unwrappers are asked in this order; the first that answers wins.
var unwrappers = []unwrapper{
	{"hatch", unwrapHatch, builtOwn, nil},   // hatch run [ENV:]SCRIPT → the script's commands from hatch's configuration
	{"runner", unwrapRunner, builtOwn, nil}, // uv/poetry/pipenv/pdm/hatch/rye/pixi run CMD → CMD
	{"tox", unwrapTox, builtOwn, nil},       // tox [-e ENV] → the env's commands from tox.ini (or pyproject's legacy_tox_ini)
	{"nox", unwrapNox, builtOwn, nil},       // nox [-s S] → the session's session.run(...) calls in noxfile.py
	{"make", unwrapMake, builtOwn, nil},     // make T → T's recipe, when it runs a wrapper
	{"npm", unwrapNpm, " without the lint, format, type checks or registry steps around the tests", npmPart}, // npm test: its test steps
}

// innerUnwrappers see through a recipe line (make's own recipes).
var innerUnwrappers = []unwrapper{{"hatch", unwrapHatch, builtOwn, nil}, {"runner", unwrapRunner, builtOwn, nil}, {"tox", unwrapTox, builtOwn, nil}, {"nox", unwrapNox, builtOwn, nil}}

// maxUnwrapped bounds the commands one wrapper expands to.
const maxUnwrapped = 3

// unwrapWrappers puts, before each wrapper command, the commands it runs inside,
// at its level with its provenance and a note saying so; one another miner
// found too is merged into it there (adjust).
func unwrapWrappers(ctx context.Context, e *env, cs []Command) []Command {
	// texts an unwrap gave already; one that another miner found too
	// (wrap-ansi's CI runs `node --test && tsd`, what its `npm test` runs
	// without xo) still goes before its wrapper: adjust merges the two
	// there, so the unwrapped command is tried first
	have := map[string]bool{}
	var out []Command
	for _, c := range cs {
		for _, u := range unwrappers {
			inner := u.unwrap(ctx, e, c)
			if len(inner) == 0 {
				continue
			}
			for _, text := range inner[:min(len(inner), maxUnwrapped)] {
				part := ""
				if u.part != nil {
					text, part = u.part(text)
				}
				if have[text] {
					continue
				}
				have[text] = true
				in := unwrapped(c, text, u.why)
				if part != "" {
					// one suite of the wrapper's chain is a test of its
					// level whatever it looks like alone; a node script of
					// the test directory is the suite's own driver, which
					// may print no count (UglifyJS's test/compress.js)
					in.Bucket, in.Part, in.Driver = c.Bucket, part, nodeTestScriptRe.MatchString(text)
					in.Reason = "what `" + c.Text + "` runs: " + part
				}
				out = append(out, in)
			}
			break
		}
		out = append(out, c)
	}
	return out
}

// unwrapped is the command text inside wrapper c, classified on its own
// but kept at c's level when it has none (a script path).
func unwrapped(c Command, text, what string) Command {
	b := c.Bucket // a script path classifies as nothing: the wrapper's
	if v := classify(text); v.Drop == "" && v.Bucket != "" && (v.Bucket.Level() != Installable || c.Bucket.Level() == Installable) {
		b = v.Bucket // not a build: a test wrapper's chain that compiles first is still its tests
	}
	why := make([]Provenance, len(c.Why))
	copy(why, c.Why)
	if len(why) > 0 {
		why[0].Note = strings.TrimSpace(why[0].Note + " (inside `" + c.Text + "`)")
	}
	return Command{Text: text, Dir: c.Dir, Bucket: b, Reason: "what `" + c.Text + "` runs" + what, Why: why, inside: canonical(c)}
}

// runnerPrefixes are environment managers whose `run` executes the rest
// of the command in the project's environment.
var runnerPrefixes = map[string]bool{"uv": true, "poetry": true, "pipenv": true, "pdm": true, "rye": true, "pixi": true, "hatch": true}

// runnerValueFlags are the runners' flags that take a value.
var runnerValueFlags = map[string]bool{"--extra": true, "--with": true, "--group": true, "--only-group": true, "--no-group": true,
	"--python": true, "-p": true, "--package": true, "--directory": true, "--project": true, "--env-file": true, "--index": true,
	"-C": true, "--env": true, "-e": true, "--extras": true, "-E": true}

// coverageRe is coverage.py running a module or script: the tests run the
// same without it (and coverage may not be installed).
var coverageRe = regexp.MustCompile(`^(?:python3? -m )?coverage run(?: --?[\w-]+(?:=\S+)?)* (-m \S+|\S+\.py)\b`)

// uncovered drops coverage.py from a test command: `coverage run -m pytest
// tests` → `python -m pytest tests`.
func uncovered(text string) string {
	m := coverageRe.FindStringSubmatchIndex(text)
	if m == nil {
		return text
	}
	return "python " + text[m[2]:m[3]] + text[m[3]:]
}

// unwrapRunner: `uv run [--opts] CMD…` → `CMD…` (hatch's `run ENV:SCRIPT`
// names a script of its own, not a command: left alone).
func unwrapRunner(_ context.Context, _ *env, c Command) []string {
	if len(c.Expect) > 0 {
		return nil // the user's goals stay as given
	}
	var out []string
	changed := false
	for _, st := range splitAnd(c.Text) {
		w := strings.Fields(st)
		if len(w) >= 3 && runnerPrefixes[w[0]] && w[1] == "run" {
			rest := w[2:]
			for len(rest) > 0 && (strings.HasPrefix(rest[0], "-") || w[0] == "hatch" && strings.HasPrefix(rest[0], "+")) {
				// uv run --frozen --extra test, poetry run -q: the runner's own flags
				if runnerValueFlags[rest[0]] && len(rest) > 1 {
					rest = rest[1:]
				}
				rest = rest[1:]
			}
			if len(rest) == 0 || w[0] == "hatch" && strings.Contains(rest[0], ":") {
				return nil
			}
			st, changed = strings.Join(rest, " "), true
		}
		out = append(out, st)
	}
	if !changed {
		return nil
	}
	return []string{strings.Join(out, " && ")}
}

// splitAnd splits a command at top-level " && " (good enough for the
// simple chains wrappers are called in).
func splitAnd(text string) []string {
	parts := strings.Split(text, " && ")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
