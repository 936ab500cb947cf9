package pyramid

import (
	"context"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

// unwrapHatch: `hatch run [+opts] [ENV:]SCRIPT` → the script's commands
// from hatch's configuration (pyproject.toml's [tool.hatch.envs.ENV.scripts],
// or hatch.toml's [envs.ENV.scripts]): mkdocs's CI runs `hatch run
// +py=3.12 test:with-coverage`, whose script is `test`, which is `python
// -m unittest discover -s mkdocs -p "*tests.py"` — the suite no other file
// names, and hatch builds its environments from PyPI. A script's command
// that names another script of the environment is that script's commands,
// as hatch expands it; `{args…}` placeholders take their default. Only the
// commands that run tests are kept. A command naming no script is the
// runner's (`hatch run pytest` → `pytest`, unwrapRunner).
func unwrapHatch(ctx context.Context, e *env, c Command) []string {
	env, script, ok := hatchScriptCall(c.Text)
	if !ok {
		return nil
	}
	envs := hatchEnvs(ctx, e)
	if envs == nil {
		return nil
	}
	var out []string
	for _, line := range envs.expand(env, script, 0) {
		line = uncovered(line)
		if v := classify(line); v.Drop == "" && v.Bucket == Unit {
			out = append(out, line)
		}
	}
	return out
}

// hatchOptionRe is a `hatch run` option: `+py=3.12`, `-py=…`, and a GitHub
// expression as its value (`+py=${{ matrix.py || matrix.python-version }}`).
var hatchOptionRe = regexp.MustCompile(`^[+-][\w-]+(?:=(?:\$\{\{[^}]*\}\}|\S*))?\s*`)

// hatchScriptCall reads `hatch run [opts] [ENV:]SCRIPT` alone (no chain):
// the environment ("default" when not named) and the script.
func hatchScriptCall(text string) (env, script string, ok bool) {
	rest, found := strings.CutPrefix(hatchOwnEnv(strings.TrimSpace(text)), "hatch run ")
	if !found || strings.ContainsAny(rest, "&|;") {
		return "", "", false
	}
	w := strings.Fields(rest)
	if len(w) != 1 {
		return "", "", false // a script with arguments: what they mean is the script's
	}
	env, script, found = strings.Cut(w[0], ":")
	if !found {
		env, script = "default", w[0]
	}
	return env, script, env != "" && script != ""
}

// hatchEnvConfigs are hatch's environments: name → scripts, each a list of
// commands.
type hatchEnvConfigs map[string]map[string][]string

// hatchEnvs reads hatch.toml's [envs], else pyproject.toml's
// [tool.hatch.envs]; nil when neither has one.
func hatchEnvs(ctx context.Context, e *env) hatchEnvConfigs {
	type envs struct {
		Envs map[string]struct {
			Scripts map[string]any `toml:"scripts"`
		} `toml:"envs"`
	}
	var hatchFile envs
	var pyproject struct {
		Tool struct {
			Hatch envs `toml:"hatch"`
		} `toml:"tool"`
	}
	raw := hatchFile.Envs
	if src, err := e.ix.ReadFile(ctx, "hatch.toml", 0, 0, true); err == nil && toml.Unmarshal([]byte(src), &hatchFile) == nil && len(hatchFile.Envs) > 0 {
		raw = hatchFile.Envs
	} else if src, err := e.ix.ReadFile(ctx, "pyproject.toml", 0, 0, true); err == nil && toml.Unmarshal([]byte(src), &pyproject) == nil {
		raw = pyproject.Tool.Hatch.Envs
	}
	if len(raw) == 0 {
		return nil
	}
	out := hatchEnvConfigs{}
	for name, env := range raw {
		scripts := map[string][]string{}
		for s, v := range env.Scripts {
			switch v := v.(type) {
			case string:
				scripts[s] = []string{v}
			case []any:
				for _, x := range v {
					if str, ok := x.(string); ok {
						scripts[s] = append(scripts[s], str)
					}
				}
			}
		}
		out[name] = scripts
	}
	return out
}

// hatchArgsRe is a script's `{args}` or `{args:DEFAULT}` placeholder.
var hatchArgsRe = regexp.MustCompile(`\{args(?::([^}]*))?\}`)

// expand is the commands script runs in env (whose scripts include the
// default environment's, which every environment inherits by default),
// other scripts named by a command expanded in turn; nil when env has no
// such script or a command holds a placeholder other than {args} and
// {root}.
func (h hatchEnvConfigs) expand(env, script string, depth int) []string {
	lines, ok := h[env][script]
	if !ok {
		lines, ok = h["default"][script]
	}
	if !ok || depth > 3 {
		return nil
	}
	var out []string
	for _, l := range lines {
		l = hatchArgsRe.ReplaceAllString(l, "$1")
		l = strings.TrimSpace(strings.ReplaceAll(l, "{root}", "."))
		if strings.Contains(l, "{") {
			return nil
		}
		if w := strings.Fields(l); len(w) > 0 && (h[env][w[0]] != nil || h["default"][w[0]] != nil) {
			// another script, with the arguments the command adds
			for _, inner := range h.expand(env, w[0], depth+1) {
				out = append(out, strings.TrimSpace(inner+" "+strings.Join(w[1:], " ")))
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

// hatchTestScriptRe is an [ENV:]SCRIPT whose script is the tests'
// (test:test, tests:cov, test-cov, test:with-coverage); the environment
// alone says nothing (rq's test:typing is mypy).
var hatchTestScriptRe = regexp.MustCompile(`(?i)^(?:[\w.-]+:)?(?:[\w-]*[_-])?(?:tests?|unit|pytest|cov(?:erage)?)(?:[_-][\w-]*)?$|^(?:[\w.-]+:)?with-cov`)

// classifyHatchRun classifies `hatch run`'s operands w (options such as
// `+py=3.12` first): `ENV:CMD ARGS…` is a command run in an environment
// (`hatch run test:python -m pip …`), classified as that command; a lone
// [ENV:]SCRIPT is a script of hatch's configuration (unwrapHatch reads
// it), a Unit wrapper when its name is the tests'.
func classifyHatchRun(w []string) verdict {
	for len(w) > 0 && (strings.HasPrefix(w[0], "+") || strings.HasPrefix(w[0], "-")) {
		w = w[1:]
	}
	if len(w) > 1 {
		if _, cmd, found := strings.Cut(w[0], ":"); found && cmd != "" {
			return classifyOne(strings.Join(append([]string{cmd}, w[1:]...), " "))
		}
	}
	if len(w) > 0 && hatchTestScriptRe.MatchString(w[0]) {
		return verdict{Bucket: Unit, Reason: "runs a test script of a hatch environment"}
	}
	return verdict{Drop: "runs a hatch environment's script other than the tests"}
}

// hatchOwnEnv drops a `hatch run`'s matrix options (`+py=${{ matrix.py }}`
// picks one of the project's matrix environments; the run is in the one
// the Bash File made), so that the command is read as the script it runs.
func hatchOwnEnv(text string) string {
	rest, ok := strings.CutPrefix(text, "hatch run ")
	if !ok {
		return text
	}
	for rest = strings.TrimSpace(rest); hatchOptionRe.MatchString(rest); {
		rest = hatchOptionRe.ReplaceAllString(rest, "")
	}
	return "hatch run " + rest
}
