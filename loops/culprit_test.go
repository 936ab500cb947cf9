package loops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A round of two repairs whose Bash File fails at the command one of them
// added (a submodule fetch with no route to its host): that one alone is
// condemned; the other (a package the tests need), rolled back with it, is
// applied again when its failure comes back, and proves the level.
func TestOnlyTheRepairWhoseCommandFailedIsCondemned(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section != "install_base_toolchain" || !strings.Contains(script, "fetch-sub") {
			return 0, ""
		}
		for i, l := range strings.Split(script, "\n") {
			if strings.TrimSpace(l) == "fetch-sub" {
				return 1, fmt.Sprintf("fatal: unable to access 'https://github.com/x/sub.git/'\n[t] ERROR: setup failed at line %d with exit code 1\n", i+1)
			}
		}
		return 1, "no line\n"
	}
	f.command = func(script, text string) (int, string) {
		if text == "make test" && strings.Contains(script, "goodpkg") {
			return 0, "============ 3 passed in 0.50s ============\n"
		}
		return 2, "tool: command not found\nls: cannot access 'sub/data': No such file or directory\n"
	}
	why := func(rule string) bashfile.Provenance { return bashfile.Provenance{Source: "repair:" + rule, Note: "x"} }
	var rep scripted = func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		if fl.Phase != repair.PhaseCommand {
			return []repair.Proposal{{Diagnosis: repair.Diagnosis{Kind: repair.NetworkUnreachable, Subject: "github.com"}, Rule: "network", Action: repair.ActionRecord}}
		}
		return []repair.Proposal{
			{Diagnosis: repair.Diagnosis{Kind: repair.MissingExecutable, Subject: "tool"}, Rule: "pkg", Action: repair.ActionEdit,
				Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"goodpkg"}, Why: why("pkg")}}},
			{Diagnosis: repair.Diagnosis{Kind: repair.MissingSubmodule, Subject: "sub"}, Rule: "sub", Action: repair.ActionEdit,
				Edits: []bashfile.Edit{{Op: bashfile.OpAppend, Section: bashfile.Base, Command: "fetch-sub", Why: why("sub")}}},
		}
	}
	r, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(3, documented("make test", pyramid.Unit)), Target: pyramid.Testable, Repairer: rep})
	if r.Level != pyramid.Testable {
		t.Fatalf("level %s (%s)", r.Level, r.WhyNotHigher)
	}
	var rejected []string
	for _, rp := range r.Repairs {
		if rp.Rejected != "" {
			rejected = append(rejected, rp.Rule)
		}
	}
	if len(rejected) != 1 || rejected[0] != "sub" {
		t.Errorf("rejected %v, want only the fetch's", rejected)
	}
}
