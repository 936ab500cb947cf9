package loops

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A header-only library builds nothing: its example programs, compiled
// against its headers, are its real use (nlohmann/json's docs/examples,
// magic_enum's example/), as a built library's are.
func TestHeaderOnlyLibraryIsUsedByItsExamples(t *testing.T) {
	repo := t.TempDir()
	for name, body := range map[string]string{
		"include/geo/geo.hpp": "#pragma once\ninline int area(int w, int h) { return w * h; }\n",
		"examples/area.cpp":   "#include <geo/geo.hpp>\n#include <cstdio>\nint main() { std::printf(\"%d\\n\", area(2, 3)); }\n",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755)
		os.WriteFile(filepath.Join(repo, name), []byte(body), 0o644)
	}
	f := newFake() // f.built is empty: the build made no program and no library
	f.command = func(_, text string) (int, string) {
		switch {
		case text == "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case strings.Contains(text, "examples/area.cpp -Iinclude"):
			return 0, "6\n"
		}
		return 1, ""
	}
	rep, _ := runFake(t, f, RunOptions{Repo: repo, File: builtFile(), Pyramid: pyr(12, documented("make test", pyramid.Unit)), Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || !slices.ContainsFunc(f.commandsRun(), func(c string) bool { return strings.Contains(c, "examples/area.cpp") }) {
		t.Fatalf("level %s (%s), commands %v", rep.Level, rep.WhyNotHigher, f.commandsRun())
	}
}

// A repository without tests gets its built program's first two real uses
// as Testable's smoke probes, then its first last resort: tidy exits 1 on
// the warnings it prints for plain text, and its --version still shows it
// starts.
func TestBuiltSmokeEndsWithALastResort(t *testing.T) {
	probes := pyramid.BuiltProbes([]string{"build/tidy"}, "tidy-html5", pyramid.FixtureInput{}, nil)
	smoke := builtSmoke(probes)
	var texts []string
	for _, c := range smoke {
		if c.Level != pyramid.Testable || c.Bucket != pyramid.Smoke {
			t.Errorf("%q is %s/%s, want a testable smoke probe", c.Text, c.Level, c.Bucket)
		}
		texts = append(texts, c.Text)
	}
	want := []string{"printf 'hello world\\nhello again\\n' | timeout 10 ./build/tidy", "timeout 10 ./build/tidy --version"}
	if !slices.Equal(texts, want) {
		t.Fatalf("smoke probes %q, want %q", texts, want)
	}
}
