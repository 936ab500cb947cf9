package pyramid

import (
	"context"
	"regexp"
	"strings"
)

// A make target named like a use (`make examples`, `make demo`) is judged
// Runnable by its name (classifyMake); one whose rule has no recipe only
// has its prerequisites made — hiredis's `examples: $(EXAMPLES)` builds
// the example programs and runs none; so does one whose recipe only makes
// a build target elsewhere (lz4's `examples: liblz4.a` →
// `$(MAKE) -C $(EXDIR) all`). builtOnly moves such a command to the
// build, where it belongs: building the examples is no use of the
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
					recipe[t.Name] = recipe[t.Name] || runsSomething(t.Command)
				}
			}
		}
		if has, ok := recipe[last]; ok && !has {
			cs[i].Bucket, cs[i].Reason = Build, "builds the make target "+last+" (its rule only makes its prerequisites or a build target: it runs nothing)"
		}
	}
	return cs
}

// subMakeRe is a recipe line that runs make again: its arguments follow.
var subMakeRe = regexp.MustCompile(`^(?:\$\(MAKE\)|\$\{MAKE\}|make)(\s.*)?$`)

// buildTargets are the make targets that build and run nothing.
var buildTargets = set("", "all", "default", "lib", "libs", "shared", "static", "build", "release")

// runsSomething reports whether a recipe does more than make a build
// target (with any options, variables and -C directory): empty, or only
// `$(MAKE) -C examples all`, it runs nothing.
func runsSomething(recipe string) bool {
	for _, line := range strings.Split(recipe, "\n") {
		line = strings.TrimLeft(strings.TrimSpace(line), "@-+")
		if line == "" {
			continue
		}
		m := subMakeRe.FindStringSubmatch(line)
		if m == nil {
			return true
		}
		target := ""
		ws := strings.Fields(m[1])
		for i := 0; i < len(ws); i++ {
			switch w := ws[i]; {
			case w == "-C" || w == "-f":
				i++ // its directory or file
			case strings.HasPrefix(w, "-") || strings.Contains(w, "="):
			default:
				target = w
			}
		}
		if !buildTargets[target] && !strings.HasPrefix(target, "$") {
			return true
		}
	}
	return false
}
