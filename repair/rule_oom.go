package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// outOfMemory: the kernel killed a compiler or linker. The repair builds
// with one job: -j1 on the build command, or MAKEFLAGS and
// CMAKE_BUILD_PARALLEL_LEVEL when no command sets a job count.
type outOfMemory struct{}

var oomMatches = []match{
	// g++: fatal error: Killed signal terminated program cc1plus
	{OutOfMemory, regexp.MustCompile(`fatal error: Killed signal terminated program (\S+)`)},
	// g++: internal compiler error: Killed (program cc1plus)
	{OutOfMemory, regexp.MustCompile(`internal compiler error: Killed \(program (\S+)\)`)},
	// collect2: fatal error: ld terminated with signal 9 [Killed]
	{OutOfMemory, regexp.MustCompile(`fatal error: (\S+) terminated with signal 9`)},
	// rustc / others: (signal: 9, SIGKILL: kill)
	{OutOfMemory, regexp.MustCompile(`()signal: 9, SIGKILL`)},
}

// jobsRe finds a parallel job count on a build command.
var jobsRe = regexp.MustCompile(`(-j\s*("\$\(nproc\)"|\$\(nproc\)|\d+)|--parallel(\s+("\$\(nproc\)"|\$\(nproc\)|\d+))?)`)

func (outOfMemory) Name() string { return "out-of-memory" }

func (outOfMemory) Diagnose(f Failure) []Diagnosis { return scan(f.Log, oomMatches, nil) }

func (r outOfMemory) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != OutOfMemory {
		return Proposal{}, false
	}
	w := why(r, d)
	serial := func(s string) bool { return s == "-j1" || s == "-j 1" || s == "--parallel 1" }
	if i, text := ctx.find(bashfile.Build, func(t string) bool {
		m := jobsRe.FindString(t)
		return m != "" && !serial(m)
	}); i >= 0 {
		fixed := jobsRe.ReplaceAllStringFunc(text, func(m string) string {
			if m[0] == '-' && m[1] == 'j' {
				return "-j1"
			}
			return "--parallel 1"
		})
		return edit(d, "the compiler was killed for memory: build with one job",
			bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: fixed, Why: w}), true
	}
	p := edit(d, "the compiler was killed for memory: build with one job",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env MAKEFLAGS -j1", Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CMAKE_BUILD_PARALLEL_LEVEL 1", Why: w})
	if ctx.tried(r.Name(), d) > 0 {
		return record(d, "the build runs out of memory even with one job: the sandbox needs more memory"), true
	}
	return p, true
}
