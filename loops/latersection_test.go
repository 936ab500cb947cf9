package loops

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
)

func laterFile(t *testing.T) *bashfile.File {
	t.Helper()
	f := bashfile.New()
	for _, e := range []bashfile.Edit{
		{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"nodejs", "npm"}},
		{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "npm ci"},
		{Op: bashfile.OpAppend, Section: bashfile.Build, Command: "npm run build"},
	} {
		if _, err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// A variable the build needs goes first in the build section, a package
// or variable a command after the build needs goes last: the runtimes
// section (npm ci) is the same, so its checkpoint serves the next setup.
// A package the build needs stays with the other build dependencies.
func TestLaterSectionKeepsTheRuntimesCheckpoint(t *testing.T) {
	env := bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env NODE_OPTIONS --openssl-legacy-provider"}
	pkg := bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"file", "npm"}}

	f := laterFile(t)
	runtimes := f.Section(bashfile.Runtimes).Commands
	build := repair.Failure{Phase: repair.PhaseSetup, Section: bashfile.Build}
	for _, e := range laterSection([]bashfile.Edit{env, pkg}, build, f) {
		if _, err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	got := texts(f.Section(bashfile.Build).Commands)
	if strings.Join(got, "\n") != "persist_env NODE_OPTIONS --openssl-legacy-provider\nnpm run build" {
		t.Errorf("build section after a build failure's repair: %q", got)
	}
	if rt := texts(f.Section(bashfile.Runtimes).Commands); len(rt) != len(runtimes) || rt[0] != "pkg_install nodejs npm file" {
		t.Errorf("runtimes after a build failure's repair: %q", rt)
	}
	// the same needs again: nothing left to add (no repair in circles)
	if es := laterSection([]bashfile.Edit{env}, build, f); len(es) != 0 {
		t.Errorf("edits proposed again: %v", es)
	}

	f = laterFile(t)
	test := repair.Failure{Phase: repair.PhaseCommand, Command: "npm test"}
	plugin := bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "printf 'x' > plugin.py"}
	if es := laterSection([]bashfile.Edit{plugin}, build, f); es[0].Section != bashfile.Runtimes {
		t.Errorf("an addition that is no variable, for the build: %v", es)
	}
	if es := laterSection([]bashfile.Edit{plugin}, test, f); es[0].Section != bashfile.Build || es[0].Op != bashfile.OpAppend {
		t.Errorf("an addition for a test: %v", es)
	}
	for _, e := range laterSection([]bashfile.Edit{pkg, env}, test, f) {
		if _, err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(texts(f.Section(bashfile.Build).Commands), "\n"); got != "npm run build\npkg_install file\npersist_env NODE_OPTIONS --openssl-legacy-provider" {
		t.Errorf("build section after a test's repair: %q", got)
	}

	// a failure of the runtimes section keeps its edits where they were
	f = laterFile(t)
	if es := laterSection([]bashfile.Edit{env, pkg}, repair.Failure{Phase: repair.PhaseSetup, Section: bashfile.Runtimes}, f); es[0].Section != bashfile.Runtimes || es[1].Section != bashfile.Runtimes {
		t.Errorf("runtimes failure: %v", es)
	}
}

func texts(cs []bashfile.Command) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}
