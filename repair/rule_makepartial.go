package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// makeGoalPart: the default goal of the project's own Makefile makes
// several programs, and one needs a header or library that nothing here
// provides — a sibling checkout's (wyhash's benchmark: #include
// "../xxHash/xxh3.h" for its xxh3 programs), a library no rule could
// install. make stops there ("make: *** [makefile:23: xxh3scalar] Error
// 1"), and the programs that need nothing missing are never made. A
// fallback, answered only when no rule supplies what is missing: the build
// names the default goal's other prerequisites, and the repair says which
// were left out and why. The tests and programs the pyramid runs then
// show whether what was left out mattered.
type makeGoalPart struct{}

var (
	// makeStopRe is top-level make's error for a target: "make: ***
	// [makefile:23: xxh3scalar] Error 1" (GNU make 4), "make: *** [x] Error 1".
	makeStopRe = regexp.MustCompile(`^g?make: \*\*\* \[(?:[^\]:]+:\d+: )?([^\]\s]+)\] Error \d+`)
	// missingInputRe is the compiler or linker naming what it lacks.
	missingInputRe = regexp.MustCompile(`fatal error: \S+: No such file or directory|fatal error: '[^']+' file not found|cannot find -l\S+`)
	// plainMakeRe is the build's make of the default goal, or of the
	// targets an earlier repair named: flags (-j, -k) and words.
	plainMakeRe = regexp.MustCompile(`^make((?: -j(?:"\$\(nproc\)"|\d+)?| -k)*)((?: [\w./+-]+)*)$`)
)

func (makeGoalPart) Name() string { return "make-goal-part" }

func (makeGoalPart) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup || f.Section != bashfile.Build || !missingInputRe.MatchString(f.Log) {
		return nil
	}
	var failed []string
	evidence := ""
	for _, l := range logLines(f.Log) {
		if m := makeStopRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil && !slices.Contains(failed, m[1]) {
			failed = append(failed, m[1])
			if evidence == "" {
				evidence = strings.TrimSpace(l)
			}
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return []Diagnosis{{Kind: MakeGoalPart, Subject: strings.Join(failed, " "), Evidence: evidence}}
}

func (r makeGoalPart) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MakeGoalPart {
		return Proposal{}, false
	}
	i, text := ctx.find(bashfile.Build, func(t string) bool { return plainMakeRe.MatchString(strings.TrimSpace(t)) })
	if i < 0 {
		return none(d, "the build runs no plain make of the default goal to narrow"), true
	}
	m := plainMakeRe.FindStringSubmatch(strings.TrimSpace(text))
	goals := strings.Fields(m[2])
	if len(goals) == 0 {
		for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if mk := ctx.readRepo(name); mk != "" {
				goals = defaultPrereqs(mk)
				break
			}
		}
	}
	failed := strings.Fields(d.Subject)
	keep := slices.DeleteFunc(slices.Clone(goals), func(g string) bool { return slices.Contains(failed, g) })
	if len(keep) == 0 || len(keep) == len(goals) {
		return none(d, "the failing target is not one of several the default goal makes: nothing to build without it"), true
	}
	cmd := "make" + m[1] + " " + strings.Join(keep, " ")
	return edit(d, "the default goal's "+strings.Join(failed, ", ")+" needs what nothing here provides ("+d.Evidence+"): the build makes its other targets, "+strings.Join(keep, " "),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: cmd, Why: why(r, d)}), true
}

var (
	makeVarDefRe  = regexp.MustCompile(`^([A-Za-z_][\w.-]*)\s*(?:[:?]?=)\s*(.*)$`)
	makeRuleRe    = regexp.MustCompile(`^([^\s:#=.%$][^:#=]*?)\s*::?\s*(.*)$`)
	makeVarRefRe  = regexp.MustCompile(`\$[({]([A-Za-z_][\w.-]*)[)}]`)
	makeRecipeRe  = regexp.MustCompile(`^\t`)
	makeContinued = regexp.MustCompile(`\\\n`)
)

// defaultPrereqs are the prerequisites of a Makefile's first rule (its
// default goal), variables expanded: `all: $(TARGETS)` with `TARGETS =
// test_vector wyhash0 …`. Nil when the rule has fewer than two.
func defaultPrereqs(makefile string) []string {
	vars := map[string]string{}
	var first string
	for _, l := range strings.Split(makeContinued.ReplaceAllString(makefile, " "), "\n") {
		if makeRecipeRe.MatchString(l) {
			continue
		}
		l = strings.TrimSpace(strings.SplitN(l, "#", 2)[0])
		if m := makeVarDefRe.FindStringSubmatch(l); m != nil {
			vars[m[1]] = m[2]
			continue
		}
		if m := makeRuleRe.FindStringSubmatch(l); m != nil && first == "" {
			first = m[2]
		}
	}
	expanded := first
	for range 5 {
		expanded = makeVarRefRe.ReplaceAllStringFunc(expanded, func(ref string) string {
			return vars[makeVarRefRe.FindStringSubmatch(ref)[1]]
		})
	}
	out := strings.Fields(expanded)
	if len(out) < 2 || strings.Contains(expanded, "$") {
		return nil
	}
	return out
}
