package repair

import (
	"context"

	"github.com/heragent/heragent/bashfile"
)

// RulesBrain is the rules knowledge base as the run's repairer: offline,
// free, deterministic.
type RulesBrain struct {
	Index         PackageIndex // Debian packages for headers, modules, libraries…; may be nil
	Repo          RepoReader   // the repository, read-only (os.DirFS); may be nil
	PyPIReachable bool
}

// Name identifies the brain in reports.
func (RulesBrain) Name() string { return "rules" }

// Propose runs the rules on a failure of the current Bash File.
func (b RulesBrain) Propose(_ context.Context, f Failure, file *bashfile.File, tried []Proposal) []Proposal {
	return Propose(&Context{File: file, Index: b.Index, Repo: b.Repo, Attempts: tried, PyPIReachable: b.PyPIReachable, Phase: f.Phase, Section: f.Section}, f)
}
