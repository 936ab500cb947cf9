package bashfile_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/retrieval"
)

// A package name the suite lacks never reaches the Bash File (apt would
// stop on it), and a Boost component is the package shipping its library.
func TestPackagesTheSuiteLacksAreLeftOut(t *testing.T) {
	packages := ""
	for _, p := range []string{"build-essential", "cmake", "libboost-dev", "libboost-test-dev", "libboost-test1.74-dev", "libboost-system-dev"} {
		packages += "Package: " + p + "\nSection: libdevel\n"
		if p == "libboost-test-dev" {
			packages += "Depends: libboost-test1.74-dev\n"
		}
		packages += "\n"
	}
	contents := "usr/lib/x86_64-linux-gnu/libboost_unit_test_framework.so libdevel/libboost-test1.74-dev\n" +
		"usr/lib/x86_64-linux-gnu/cmake/Boost-1.74.0/BoostConfig.cmake libdevel/libboost1.74-dev\n"
	pkgs, err := debindex.Parse(debindex.Meta{Suite: "bookworm", Arch: "amd64"}, strings.NewReader(packages), strings.NewReader(contents))
	if err != nil {
		t.Fatal(err)
	}
	dir := testrepo.Write(t, map[string]string{
		"CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(p CXX)\nfind_package(Boost REQUIRED COMPONENTS unit_test_framework system)\nadd_executable(p main.cpp)\n",
		"main.cpp":       "int main() { return 0; }\n",
	})
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ix, _, err := retrieval.Build(ctx, dir, s, build.Options{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := bashfile.Generate(ctx, ix, bashfile.Options{Packages: pkgs})
	if err != nil {
		t.Fatal(err)
	}
	got := plan.File.Packages(bashfile.Base)
	if !slices.Contains(got, "libboost-test-dev") || !slices.Contains(got, "libboost-system-dev") {
		t.Fatalf("base packages %v: want the packages of the Boost components", got)
	}
	for _, p := range got {
		if !pkgs.HasPackage(p) {
			t.Errorf("package %s is not in the suite", p)
		}
	}
}
