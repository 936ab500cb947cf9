package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// Only a recorded limit that names a release, of a run below its target,
// sends the run to a newer Debian release.
func TestNewerRelease(t *testing.T) {
	rep := &report.Report{Target: pyramid.Runnable, Level: pyramid.None, Repairs: []report.RepairRecord{
		{Action: repair.ActionRecord, Reason: "a network limit"},
		{Action: repair.ActionRecord, Release: "trixie"},
	}}
	if got := newerRelease(rep); got != "trixie" {
		t.Fatalf("newerRelease = %q", got)
	}
	rep.Level = pyramid.Runnable
	if got := newerRelease(rep); got != "" {
		t.Fatalf("a run at its target: %q", got)
	}
	rep.Level, rep.Repairs = pyramid.None, rep.Repairs[:1]
	if got := newerRelease(rep); got != "" {
		t.Fatalf("a limit that names no release: %q", got)
	}
	if got := releaseImage("trixie"); got != strings.Split(sandbox.DefaultImage, ":")[0]+":trixie" {
		t.Fatalf("releaseImage = %q", got)
	}
}

// On a real engine, a CMake project whose code requires C++23 stops at
// none on bookworm (GCC 12) and runs again on Debian trixie (GCC 14),
// bootstrapped when the engine lacks it: --out holds the trixie run,
// whose report says why.
func TestRunAgainOnTheNextRelease(t *testing.T) {
	e := enginetest.Engine(t)
	if enginetest.Image() != sandbox.DefaultImage {
		t.Skip("the fixture's base image is not the default one, whose release the run moves from")
	}
	repo := t.TempDir()
	for name, text := range map[string]string{
		"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(hello CXX)\nset(CMAKE_CXX_STANDARD 23)\nadd_executable(hello main.cpp)\n",
		"main.cpp":       "#include <cstdio>\n#if __cplusplus < 202302L\n#error \"hello requires C++23\"\n#endif\nint main() { std::puts(\"hello from C++23\"); return 0; }\n",
		"README.md":      "# hello\n\nRun `./build/hello`.\n",
	} {
		os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644)
	}
	out := filepath.Join(t.TempDir(), "out")
	runID := sandbox.NewRunID()
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: runID}) })
	r := runCLI(t, nil, "run", repo, "--out", out, "--run-id", runID, "--level", "installable", "--max-time", "20m")
	if r.code != ExitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var rep report.Report
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil || json.Unmarshal(b, &rep) != nil {
		t.Fatalf("report.json: %v", err)
	}
	if rep.Image != releaseImage("trixie") || rep.Level.Rank() < pyramid.Installable.Rank() {
		t.Fatalf("image %s, level %s: %s\n%s", rep.Image, rep.Level, rep.WhyNotHigher, r.stderr)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "ran on Debian trixie") {
		t.Fatalf("the report does not say why it ran on trixie: %q", rep.Notes)
	}
	if left, _ := filepath.Glob(out + ".*"); len(left) != 0 {
		t.Fatalf("left beside --out: %v", left)
	}
}
