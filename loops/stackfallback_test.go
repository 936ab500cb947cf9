package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A C project with Go integration tests: the Go module proxy refuses a
// module the go.mod pins, a rule records it, and the run goes on without
// the go commands — CMake builds the project (nghttp2).
func TestSecondStackWhoseDependenciesFailIsDropped(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "setup_runtimes" && strings.Contains(script, "go mod download") {
			return failAt(script, "go mod download", "go: example.org/x@v0.0.0: reading https://proxy.golang.org/example.org/x/@v/v0.0.0.mod: 403 Forbidden\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "go mod download", bashfile.Provenance{Source: "go", File: "go.mod"})
	file.Append(bashfile.Build, "cmake -S . -B build", bashfile.Provenance{Source: "cmake", File: "CMakeLists.txt"})
	file.Append(bashfile.Build, "cmake --build build", bashfile.Provenance{Source: "cmake", File: "CMakeLists.txt"})
	file.Append(bashfile.Build, "go build ./...", bashfile.Provenance{Source: "go", File: "go.mod"})
	record := scripted(func(fl repair.Failure, _ *bashfile.File) []repair.Proposal {
		return []repair.Proposal{{Action: repair.ActionRecord, Rule: "missing-go-module", Reason: "the Go module proxy refuses example.org/x"}}
	})
	rep, out := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0), Repairer: record, Target: pyramid.Installable})
	if rep.Level != pyramid.Installable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if strings.Contains(string(setup), "go mod download") || strings.Contains(string(setup), "go build") || !strings.Contains(string(setup), "cmake --build build") {
		t.Fatalf("setup.sh:\n%s", setup)
	}
	last := rep.Repairs[len(rep.Repairs)-1]
	if last.Rule != "drop-second-stack" || !strings.Contains(last.Reason, "refuses example.org/x") {
		t.Fatalf("repairs %+v", rep.Repairs)
	}
}

// The stack that fails is the one that builds the project: nothing to fall
// back on, the run stops where it did.
func TestOnlyStackIsNotDropped(t *testing.T) {
	f := newFake()
	f.setup = func(script, section string) (int, string) {
		if section == "setup_runtimes" {
			return failAt(script, "go mod download", "boom\n")
		}
		return 0, ""
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "go mod download", bashfile.Provenance{Source: "go", File: "go.mod"})
	file.Append(bashfile.Build, "go build ./...", bashfile.Provenance{Source: "go", File: "go.mod"})
	rep, _ := runFake(t, f, RunOptions{File: file, Pyramid: pyr(0), Repairer: scripted(nil)})
	if rep.Level != pyramid.None {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
}
