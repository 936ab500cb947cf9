package repair

import (
	"testing"
	"testing/fstest"
)

// A submodule the package lacks whose C source sits beside it is the
// project's extension, not build; without a source it is not this rule's.
func TestPyExtensionNeedsTheSource(t *testing.T) {
	repo := fstest.MapFS{
		"markupsafe/__init__.py": {Data: []byte("")},
		"markupsafe/_speedups.c": {Data: []byte("#include <Python.h>\n")},
	}
	log := "ModuleNotFoundError: No module named 'markupsafe._speedups'\n"
	ds := pyExtension{}.Diagnose(Failure{Phase: PhaseCommand, Log: log, Repo: repo})
	if len(ds) != 1 || ds[0].Subject != "markupsafe._speedups" || ds[0].Detail != "markupsafe/_speedups.c" {
		t.Fatalf("diagnoses %+v", ds)
	}
	delete(repo, "markupsafe/_speedups.c")
	if ds := (pyExtension{}).Diagnose(Failure{Phase: PhaseCommand, Log: log, Repo: repo}); len(ds) != 0 {
		t.Fatalf("no source: %+v", ds)
	}
	other := "ImportError: cannot import name 'x' from 'requests' (/usr/lib/python3/dist-packages/requests/__init__.py)\n"
	if ds := (pyExtension{}).Diagnose(Failure{Phase: PhaseCommand, Log: other, Repo: repo}); len(ds) != 0 {
		t.Fatalf("another package's: %+v", ds)
	}
}
