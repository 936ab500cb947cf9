package loops

import (
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
)

// Repair rules put what they add — a system package, an environment
// variable — in the runtimes section, where such needs usually live. But
// a need found by the build or by a test is not needed before them: put
// in the runtimes section, it changes that section's text, so the next
// setup starts from the checkpoint before it and installs the project's
// dependencies again (dayjs: NODE_OPTIONS for its build re-ran a 3-minute
// npm ci; tqdm's tests: python3-pytest-asyncio re-ran the venv's pip
// install, twice). laterSection moves such an edit to the build section,
// so the runtimes checkpoint still serves the next setup and what ran
// before the need is unchanged:
//   - a variable the build needs goes first in the build section;
//   - a package, variable or other addition a command after the build
//     needs (a test's tool, a probe's library, a pytest plugin file) goes
//     last in it.
// A package the build itself needs stays in the runtimes section, with
// the project's other build dependencies: there the exported Dockerfile
// keeps it out of the layer a source edit re-runs. The Bash File stays
// the whole truth: the clean run still goes through the build.

// laterSection returns edits with the runtimes section's additions moved
// to the build section as above, for a failure f of the build section or
// of a command after the build; other edits, and those for other
// failures, are returned as they are. An addition the Bash File has
// already (in any section) is left out.
func laterSection(edits []bashfile.Edit, f repair.Failure, file *bashfile.File) []bashfile.Edit {
	first := f.Phase == repair.PhaseSetup && f.Section == bashfile.Build
	if !first && f.Phase != repair.PhaseCommand {
		return edits
	}
	out := make([]bashfile.Edit, 0, len(edits))
	for _, e := range edits {
		if e.Section != bashfile.Runtimes {
			out = append(out, e)
			continue
		}
		switch {
		case e.Op == bashfile.OpAddPackages && !first:
			pkgs := slices.DeleteFunc(slices.Clone(e.Packages), func(p string) bool { return installs(file, p) })
			if len(pkgs) == 0 {
				continue
			}
			e.Section, e.Packages = bashfile.Build, pkgs
		case e.Op == bashfile.OpAppend && (envCommand(e.Command) || !first):
			if file.HasCommand(e.Command) {
				continue
			}
			e.Section = bashfile.Build
			if first && len(file.Section(bashfile.Build).Commands) > 0 {
				e.Op, e.Index = bashfile.OpInsertBefore, 0
			}
		}
		out = append(out, e)
	}
	return out
}

// envCommand is a command that only sets the environment of later ones.
func envCommand(text string) bool {
	w := strings.Fields(text)
	return len(w) > 0 && (w[0] == "persist_env" || w[0] == "path_prepend" || w[0] == "path_append")
}

// installs reports whether a section's pkg_install line names pkg.
func installs(f *bashfile.File, pkg string) bool {
	return slices.ContainsFunc(f.Sections, func(s bashfile.Section) bool { return slices.Contains(f.Packages(s.ID), pkg) })
}
