package loops

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/repair"
)

// A Makefile's default goal often makes several things, one of which
// needs a tool this sandbox cannot have (craftinginterpreters' `default:
// book clox jlox`, whose book needs the Dart SDK, which Debian does not
// package): the programs the project is about build without it.
// goalParts replaces a bare `make` that failed in one part of the
// default goal with `make` of its other parts — the prerequisites of the
// goal from which the failed target cannot be reached through the rules.
// It is tried after the documented builds; the report says which part
// was left out and why.

// goalFallback is goalParts for a build failure a rule recorded as a
// limit of the environment (no Debian package provides dart): the limit
// stands for the part that needs it, not for the others.
func (r *runner) goalFallback(f repair.Failure) bool {
	at, ok := r.failedBuild(f)
	return ok && r.goalParts(at, f.Log)
}

// makeFailedRe is make's report of the target whose recipe failed:
// "make: *** [Makefile:28: build/build.dart.snapshot] Error 127".
var makeFailedRe = regexp.MustCompile(`make(?:\[\d+\])?: \*\*\* \[(?:[^:\]]+:\d+: )?([^\]]+)\] Error \d+`)

func (r *runner) goalParts(at bashfile.Place, log string) bool {
	failing := r.cur.file.Section(bashfile.Build).Commands[at.Index]
	if !bareMake(failing.Text) || r.fellBack["goal:"+failing.Text] {
		return false
	}
	var failed []string
	for _, m := range makeFailedRe.FindAllStringSubmatch(log, -1) {
		failed = append(failed, m[1])
	}
	src, err := os.ReadFile(filepath.Join(r.o.Repo, "Makefile"))
	if len(failed) == 0 || err != nil {
		return false
	}
	keep, left := splitGoal(build.MakeRules(src), failed)
	if len(keep) == 0 || len(left) == 0 {
		return false
	}
	r.fellBack["goal:"+failing.Text] = true
	text := strings.TrimSpace(failing.Text) + " " + strings.Join(keep, " ")
	why := bashfile.Provenance{Source: "heragent", File: "Makefile", Note: "the default goal's parts that do not need " + failed[len(failed)-1]}
	edit := bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Index: at.Index, Command: text, Why: why}
	return r.fallBack([]bashfile.Edit{edit}, failing.Text, "default-goal-parts",
		"`"+failing.Text+"` failed making "+failed[len(failed)-1]+", which the default goal's "+strings.Join(left, ", ")+" needs and no rule can provide: its other parts ("+strings.Join(keep, ", ")+") are made")
}

// bareMake: make with options and variables only, the default goal.
func bareMake(text string) bool {
	return (firstWord(text) == "make" || firstWord(text) == "gmake") && sameBuild("make", text) && !strings.Contains(text, " all")
}

// splitGoal divides the default goal's prerequisites (the first rule's)
// into those from which none of the failed targets is reached through
// the rules (keep) and the others (left).
func splitGoal(rules []build.MakeRule, failed []string) (keep, left []string) {
	if len(rules) == 0 {
		return nil, nil
	}
	deps := map[string][]string{}
	for _, r := range rules {
		deps[r.Target] = append(deps[r.Target], r.Sources...)
	}
	reaches := func(from string) bool {
		seen := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if slices.Contains(failed, t) {
				return true
			}
			if !seen[t] {
				seen[t] = true
				stack = append(stack, deps[t]...)
			}
		}
		return false
	}
	for _, p := range rules[0].Sources {
		if reaches(p) {
			left = append(left, p)
		} else {
			keep = append(keep, p)
		}
	}
	return keep, left
}
