package pyramid

import (
	"context"
	"regexp"
	"strings"
)

// wrapperRe starts a recipe line that hands the work to an environment
// manager or task runner.
var wrapperRe = regexp.MustCompile(`^(uv|poetry|pipenv|pdm|rye|pixi|hatch) run\b|^(python3? -m )?(tox|nox)\b`)

// unwrapMake: `make T` whose recipe runs a wrapper (`uv run pytest
// tests/`, `tox -e py`) → what that wrapper runs. Recipes of plain commands
// are left to make itself.
func unwrapMake(ctx context.Context, e *env, c Command) []string {
	w := strings.Fields(c.Text)
	if len(w) != 2 || w[0] != "make" || strings.HasPrefix(w[1], "-") || strings.Contains(w[1], "=") {
		return nil
	}
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return nil
	}
	for _, t := range ts {
		if t.Name != w[1] || !strings.Contains(t.Path, "akefile") || strings.Contains(t.Path, "/") {
			continue
		}
		var out []string
		for _, line := range strings.Split(t.Command, "\n") {
			line = strings.TrimLeft(strings.TrimSpace(line), "@-+")
			if !wrapperRe.MatchString(line) {
				continue
			}
			inner := Command{Text: line, Bucket: c.Bucket, Why: c.Why}
			for _, u := range innerUnwrappers {
				if got := u.unwrap(ctx, e, inner); len(got) > 0 {
					out = append(out, got...)
					break
				}
			}
		}
		return out
	}
	return nil
}
