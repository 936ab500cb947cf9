package loops

import (
	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
)

// stackFallback is what the execution loop tries when a dependency step
// of one stack failed in the runtimes section and no repair makes it
// pass (a rule recorded a limit: a module the proxy refuses, a registry
// out of reach), while another stack builds the project: a repository
// whose C library has Go integration tests (nghttp2), whose Python
// package has a JavaScript docs site. That stack's commands leave the
// runtimes and build sections, the report says so, and the run goes on
// with the stack that builds the project; that stack's own pyramid
// commands then fail on their own and are reported as such.
func (r *runner) stackFallback(f repair.Failure, stop string) bool {
	if f.Section != bashfile.Runtimes || f.TimedOut || r.repairBudget() != "" {
		return false
	}
	at, ok := failedCommand(r.cur.file, f.Log)
	if !ok || at.Section != bashfile.Runtimes {
		return false
	}
	failing := detectorOf(r.cur.file.Section(bashfile.Runtimes).Commands[at.Index])
	if r.fellBack == nil {
		r.fellBack = map[string]bool{}
	}
	if failing == "" || r.fellBack["stack:"+failing] {
		return false
	}
	primary := r.builder(failing)
	if primary == "" {
		return false
	}
	r.fellBack["stack:"+failing] = true
	var edits []bashfile.Edit
	for _, id := range []bashfile.SectionID{bashfile.Build, bashfile.Runtimes} {
		cmds := r.cur.file.Section(id).Commands
		for i := len(cmds) - 1; i >= 0; i-- {
			if detectorOf(cmds[i]) == failing {
				edits = append(edits, bashfile.Edit{Op: bashfile.OpRemove, Section: id, Index: i})
			}
		}
	}
	why := "the " + failing + " dependencies cannot be installed"
	if stop != "" {
		why += " (" + stop + ")"
	}
	return r.fallBack(edits, r.cur.file.Section(bashfile.Runtimes).Commands[at.Index].Text, "drop-second-stack",
		why+" while "+primary+" builds the project: the "+failing+" commands leave the Bash File")
}

// builder is the first detector other than but whose commands build or
// install the project: a build section command, or a project step of the
// runtimes section (pip install -e ., npm ci); "" when none.
func (r *runner) builder(but string) string {
	for _, c := range r.cur.file.Section(bashfile.Build).Commands {
		if d := detectorOf(c); d != "" && d != but {
			return d
		}
	}
	for _, c := range r.cur.file.Section(bashfile.Runtimes).Commands {
		if d := detectorOf(c); d != "" && d != but && c.Project {
			return d
		}
	}
	return ""
}
