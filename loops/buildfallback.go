package loops

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// buildFallback is what the execution loop tries when the Bash File's
// build section failed and no rule knows a repair: the detectors guessed
// the build from the build files, and the guess is what failed. In order:
//
//  1. A second build system failed after another built the project: the
//     failing command is a later detector's, so that detector's commands
//     leave the section (a Gradle wrapper without its jar beside a meson
//     build that worked).
//  2. The project documents another call of the failing tool: the
//     pyramid's build command mined from the docs or CI that runs the same
//     program with other options replaces it (`make` where the INSTALL
//     file says `make TARGET=linux-glibc`). Up to maxFallbacks are tried,
//     those naming Linux first, none naming another system. Before them,
//     a failing make in a Go module or Cargo package becomes the stack's
//     own build (stackbuild.go): a Makefile that lints and downloads
//     tools fails on more than the build.
//  3. A bare make that failed in one part of its default goal makes the
//     goal's other parts (buildfallback_goal.go).
//
// Each change is made once; it reports whether the Bash File changed.
func (r *runner) buildFallback(f repair.Failure) bool {
	at, ok := r.failedBuild(f)
	return ok && (r.dropSecondBuild(at) || r.stackBuild(at) || r.documentedBuild(at) || r.goalParts(at, f.Log))
}

// failedBuild is the build section's command that failed in f, when a
// fallback may still be tried (not a time-out, budget left).
func (r *runner) failedBuild(f repair.Failure) (bashfile.Place, bool) {
	if f.Section != bashfile.Build || f.TimedOut || r.repairBudget() != "" {
		return bashfile.Place{}, false
	}
	at, ok := failedCommand(r.cur.file, f.Log)
	if !ok || at.Section != bashfile.Build {
		return bashfile.Place{}, false
	}
	if r.fellBack == nil {
		r.fellBack = map[string]bool{}
	}
	return at, true
}

var failedAtRe = regexp.MustCompile(`setup failed at line (\d+) with exit code`)

// failedCommand is the command the Bash File's ERR trap named.
func failedCommand(file *bashfile.File, log string) (bashfile.Place, bool) {
	m := failedAtRe.FindAllStringSubmatch(log, -1)
	if len(m) == 0 {
		return bashfile.Place{}, false
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return file.At(n)
}

// detectorOf is the detector that wrote a command, "" for commands a
// repair, a miner or a person put there.
func detectorOf(c bashfile.Command) string {
	if len(c.Why) == 0 {
		return ""
	}
	s := c.Why[0].Source
	switch {
	case strings.HasPrefix(s, "repair:"), s == "pyramid", s == "docs", s == "readme", s == "ci", s == "llm", s == "user", s == "heragent", s == "":
		return ""
	}
	return s
}

func (r *runner) dropSecondBuild(at bashfile.Place) bool {
	cmds := r.cur.file.Section(bashfile.Build).Commands
	failing := detectorOf(cmds[at.Index])
	if failing == "" || r.fellBack["drop:"+failing] {
		return false
	}
	built := ""
	for _, c := range cmds[:at.Index] {
		if d := detectorOf(c); d != "" && d != failing {
			built = d
		}
	}
	if built == "" {
		return false
	}
	r.fellBack["drop:"+failing] = true
	var edits []bashfile.Edit
	for i := len(cmds) - 1; i >= 0; i-- {
		if detectorOf(cmds[i]) == failing {
			edits = append(edits, bashfile.Edit{Op: bashfile.OpRemove, Section: bashfile.Build, Index: i})
		}
	}
	return r.fallBack(edits, cmds[at.Index].Text, "drop-second-build",
		"the "+failing+" build failed after the "+built+" build had built the project: the "+failing+" commands leave the build section")
}

// maxFallbacks bounds the documented builds tried for one failing command.
const maxFallbacks = 3

func (r *runner) documentedBuild(at bashfile.Place) bool {
	failing := r.cur.file.Section(bashfile.Build).Commands[at.Index]
	prog := firstWord(failing.Text)
	if prog == "" || strings.HasPrefix(strings.TrimSpace(failing.Text), "(") || r.triedFallbacks(prog) >= maxFallbacks {
		return false
	}
	var cands []pyramid.Command
	for _, c := range r.cur.pyr.At(pyramid.Installable) {
		if c.Bucket == pyramid.Build && fromDocs(c) && firstWord(c.Text) == prog && c.Text != failing.Text &&
			(c.Dir == "" || c.Dir == ".") && !r.fellBack["cand:"+c.Text] && sameBuild(prog, c.Text) && sameStep(failing.Text, c.Text) && !foreignRe.MatchString(c.Text) {
			cands = append(cands, c)
		}
	}
	slices.SortStableFunc(cands, func(a, b pyramid.Command) int {
		return boolRank(linuxRe.MatchString(b.Text)) - boolRank(linuxRe.MatchString(a.Text))
	})
	if len(cands) == 0 {
		return false
	}
	c := cands[0]
	r.fellBack["cand:"+c.Text] = true
	src := c.Why[0] // fromDocs: it has one
	why := bashfile.Provenance{Source: src.Source, File: src.File, Line: src.Line, Note: "the build the project documents"}
	edit := bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Index: at.Index, Command: c.Text, Why: why}
	return r.fallBack([]bashfile.Edit{edit}, failing.Text, "documented-build",
		"`"+failing.Text+"` failed and no rule knows why; the project documents `"+c.Text+"` ("+src.Where()+")")
}

// triedFallbacks counts the documented builds of prog tried so far.
func (r *runner) triedFallbacks(prog string) int {
	n := 0
	for k := range r.fellBack {
		if strings.HasPrefix(k, "cand:") && firstWord(k[len("cand:"):]) == prog {
			n++
		}
	}
	return n
}

// fallBack applies a fallback's edits and records it as a repair.
func (r *runner) fallBack(edits []bashfile.Edit, command, rule, reason string) bool {
	applied := r.applyEdits(edits)
	if len(applied) == 0 {
		return false
	}
	rec := report.RepairRecord{Iteration: r.iter, Phase: repair.PhaseSetup, Command: command, Rule: rule, Action: repair.ActionEdit,
		Edits: applied, Reason: reason, Brain: "rules", Key: rule + ":" + strings.Join(applied, "\n")}
	r.rep.Repairs = append(r.rep.Repairs, rec)
	r.traj.emit(report.Event{Phase: "repair", Iteration: r.iter, Command: command, Message: reason, Data: rec})
	r.advance()
	return true
}

// fromDocs: mined from the project's docs or CI, not made up from a
// build file's convention.
func fromDocs(c pyramid.Command) bool {
	for _, w := range c.Why {
		switch w.Source {
		case "docs", "readme", "ci":
			return true
		}
	}
	return false
}

// sameBuild: a documented make call builds the default target (options
// and variables only), not another target (make reg-tests, make install).
func sameBuild(prog, text string) bool {
	if prog != "make" && prog != "gmake" {
		return true
	}
	fields := strings.Fields(text)[1:]
	for i := 0; i < len(fields); i++ {
		a := fields[i]
		switch {
		case a == "-j" || a == "-C" || a == "-f":
			i++ // its operand
		case strings.HasPrefix(a, "-") || strings.Contains(a, "=") || a == "all":
		default:
			return false
		}
	}
	return true
}

// sameStep: a documented call does the failing command's step — a CMake
// configure is no replacement for `cmake --build` (toml11: its README's
// `cmake -B ./build/` took the build's place and no test was ever built),
// nor an install for a build.
func sameStep(failing, cand string) bool {
	for _, mode := range []string{"--build", "--install", "-E", "-P"} {
		if hasWord(failing, mode) != hasWord(cand, mode) {
			return false
		}
	}
	return true
}

func hasWord(text, w string) bool {
	for _, f := range strings.Fields(text) {
		if f == w {
			return true
		}
	}
	return false
}

// foreignRe names another system or a cross build: not for this sandbox.
var foreignRe = regexp.MustCompile(`(?i)\b(freebsd|openbsd|netbsd|dragonfly|solaris|aix|hpux|darwin|macos|osx|mingw|msys|cygwin|windows|win32|win64|android|ios)\b|\bCC=/|--host=|\bCROSS`)

var linuxRe = regexp.MustCompile(`(?i)linux`)

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
