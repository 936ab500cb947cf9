package pyramid

import (
	"context"
	"strings"
)

// A make target named like a use (`make examples`, `make demo`) is judged
// Runnable by its name (classifyMake); one whose rule has no recipe only
// has its prerequisites made — hiredis's `examples: $(EXAMPLES)` builds
// the example programs and runs none. builtOnly moves such a command to
// the build, where it belongs: building the examples is no use of the
// project.
func builtOnly(ctx context.Context, e *env, cs []Command) []Command {
	var recipe map[string]bool // top-level Makefile target → has a recipe
	for i, c := range cs {
		w := strings.Fields(c.Text)
		if c.Bucket.Level() != Runnable || len(w) < 2 || w[0] != "make" || c.Dir != "" || strings.ContainsAny(strings.Join(w[1:], " "), "=-$") {
			continue
		}
		last := w[len(w)-1] // the target the command is judged by
		if recipe == nil {
			recipe = map[string]bool{}
			ts, err := e.ix.Targets(ctx, "make")
			if err != nil {
				return cs
			}
			for _, t := range ts {
				if strings.Contains(t.Path, "akefile") && !strings.Contains(t.Path, "/") {
					recipe[t.Name] = recipe[t.Name] || strings.TrimSpace(t.Command) != ""
				}
			}
		}
		if has, ok := recipe[last]; ok && !has {
			cs[i].Bucket, cs[i].Reason = Build, "builds the make target "+last+" (a rule with no recipe: it only makes its prerequisites, it runs nothing)"
		}
	}
	return cs
}
