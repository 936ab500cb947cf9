package repair

import (
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// notExecutable: a script of the checkout run by its path has no
// executable bit, which root is refused too: sol2's CMake runs
// ${PYTHON_EXECUTABLE} single/single.py with the variable unset, so
// "/bin/sh: 1: /repo/single/single.py: Permission denied". The Bash File
// makes it executable before anything runs it (its #! line then names the
// interpreter, which the missing-executable rule installs when absent).
type notExecutable struct{}

// notExecutableRe is a shell's or make's refused exec of a file:
// dash's "/bin/sh: 1: /repo/x.py: Permission denied", bash's "bash:
// ./gen.sh: Permission denied", make's "make: ./gen.sh: Permission
// denied" (execvp).
var notExecutableRe = regexp.MustCompile(`^(?:(?:/bin/|/usr/bin/)?(?:sh|dash|bash): (?:\d+: |line \d+: )?|g?make(?:\[\d+\])?: (?:execvp: )?)?(/repo/[\w./+-]+|\./[\w./+-]+): Permission denied$`)

func (notExecutable) Name() string { return "not-executable" }

func (notExecutable) Diagnose(f Failure) []Diagnosis {
	for _, l := range logLines(f.Log) {
		if m := notExecutableRe.FindStringSubmatch(l); m != nil {
			rel := path.Clean(strings.TrimPrefix(strings.TrimPrefix(m[1], "/repo/"), "./"))
			return []Diagnosis{{Kind: NotExecutable, Subject: rel, Evidence: l}}
		}
	}
	return nil
}

func (r notExecutable) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NotExecutable || ctx.Repo == nil || strings.HasPrefix(d.Subject, "..") {
		return Proposal{}, false
	}
	if b, err := ctx.Repo.ReadFile(d.Subject); err != nil || len(b) == 0 {
		return Proposal{}, false // not the checkout's file (a program a build made): another rule's
	}
	if ctx.tried(r.Name(), d) > 0 {
		return record(d, d.Subject+" is refused even with its executable bit: "+d.Evidence), true
	}
	return edit(d, d.Subject+" is run by its path but the checkout has it without the executable bit: made executable first",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "chmod +x " + d.Subject, Why: why(r, d)}), true // the subject is [\w./+-] only
}
