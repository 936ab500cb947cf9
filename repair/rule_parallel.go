package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// parallelBuild: a parallel make failed ("Waiting for unfinished jobs")
// and nothing more specific explains it. Makefiles with missing
// dependencies between rules race under -j (flex: a generated scanner
// moved before it was written, "Bootstrap comparison failure!"); one more
// run with one job tells a race from a real error. It is a generic
// diagnosis: a specific one for the same log (a missing header) wins.
type parallelBuild struct{}

var parallelMatches = []match{
	// make[2]: *** Waiting for unfinished jobs....
	{ParallelBuild, regexp.MustCompile(`^g?make(?:\[\d+\])?: \*\*\* ()Waiting for unfinished jobs`)},
}

func (parallelBuild) Name() string { return "parallel-build" }

func (parallelBuild) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup || f.Section != bashfile.Build {
		return nil
	}
	ds := scan(f.Log, parallelMatches, nil)
	if len(ds) > 1 {
		ds = ds[:1]
	}
	return ds
}

func (r parallelBuild) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != ParallelBuild {
		return Proposal{}, false
	}
	serial := func(s string) bool { return s == "-j1" || s == "-j 1" || s == "--parallel 1" }
	i, text := ctx.find(bashfile.Build, func(t string) bool {
		m := jobsRe.FindString(t)
		return m != "" && !serial(m)
	})
	if i < 0 || ctx.tried(r.Name(), d) > 0 {
		return none(d, "the build fails with one job too: not a race between parallel jobs"), true
	}
	fixed := jobsRe.ReplaceAllStringFunc(text, func(m string) string {
		if m[0] == '-' && m[1] == 'j' {
			return "-j1"
		}
		return "--parallel 1"
	})
	return edit(d, "a parallel build failed with no cause named: build with one job, in case its rules race",
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: fixed, Why: why(r, d)}), true
}
