package pyramid

import (
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// maxBuilt bounds the built programs probed.
const maxBuilt = 4

// notProgramDir holds executables that are not the project's programs:
// test and benchmark binaries, CMake's and meson's compiler probes
// (meson-private/sanitycheckc.exe), vendored code.
var notProgramDir = regexp.MustCompile(`(^|/)(CMakeFiles|meson-private|meson-logs|meson-info|autom4te\.cache|_deps|test|tests|testing|unittests|fuzz|fuzzing|ossfuzz|bench|benchmarks|third_party|thirdparty|3rdparty|vendor|deps|external|\.git|node_modules|\.libs|_build/\.)(/|$)`)

// compilerLeftover is a compiler's default output or a configure probe
// (libffi's build leaves x86_64-pc-linux-gnu/a.out from a test compile): no
// project names its program so.
var compilerLeftover = regexp.MustCompile(`^(a\.out|b\.out|conftest\w*|conftest\.exe)$`)

// BuiltProbes makes Runnable probes for programs the build produced that
// the pyramid did not know about (a Makefile that builds `lz4` into the
// top directory, a CMake `foreach` over program names): bins are the
// executables the build left in the repository (slash paths relative to
// it), repoName ranks programs named after the project first. Each
// program gets a run on a small text input on stdin, then --version and
// --help; an interpreter first runs a one-line program, and with a
// fixture (Fixture: an input of the kind the test suite feeds the
// programs) the first two get it as their argument first. Every probe
// runs under `timeout` so a program that waits for something else cannot
// hold the run. A program with its own input beside its source (own,
// OwnInputs) runs on it first, from that directory.
func BuiltProbes(bins []string, repoName string, fx FixtureInput, own map[string]OwnInput) []Command {
	fixture := fx.Path
	type cand struct {
		rel   string
		score int
	}
	name := projectName(repoName)
	// A directory holding several test programs (fmt's build/bin/*-test,
	// libevent's test-*) is a test suite's: its test programs prove
	// Testable, never Runnable. A lone one (cJSON_test) is often a demo.
	tests := map[string]int{}
	for _, b := range bins {
		if testName.MatchString(path.Base(b)) {
			tests[path.Dir(b)]++
		}
	}
	var cs []cand
	for _, b := range bins {
		b = strings.TrimPrefix(path.Clean(b), "./")
		base := path.Base(b)
		if notProgramDir.MatchString(path.Dir(b)) || strings.Contains(base, ".so") || strings.HasSuffix(base, ".o") || compilerLeftover.MatchString(base) {
			continue
		}
		score := 0
		lb := strings.ToLower(base)
		switch {
		case name != "" && (lb == name || strings.TrimPrefix(lb, "lib") == name):
			score += 20
		case name != "" && strings.Contains(lb, name):
			score += 8
		}
		if testName.MatchString(base) {
			if tests[path.Dir(b)] >= 3 {
				continue
			}
			score -= 6
		}
		if strings.Contains(lb, "example") || strings.Contains(b, "example") {
			score -= 3
		}
		score -= strings.Count(b, "/") // nearer the top is likelier the product
		if fixture != "" && fixtureFits(base, fixture) {
			score += 4 // a program for the data the suite holds (djpeg and the suite's .jpg)
		}
		cs = append(cs, cand{b, score})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	var out []Command
	var weak []Command
	for i, c := range cs {
		if i >= maxBuilt {
			break
		}
		run := "./" + c.rel
		why := []Provenance{{Source: "built", File: c.rel, Note: "an executable the build produced"}, {Source: "synthesized", Note: "no documented run command"}}
		mk := func(text, reason string) Command {
			return Command{Text: text, Bucket: Entry, Level: Runnable, Reason: reason, Why: why, Synth: true}
		}
		if oi, ok := own[c.rel]; ok {
			up, dir := strings.Repeat("../", strings.Count(oi.Dir, "/")+1), oi.Dir
			if dir == "." || dir == "" { // sources at the checkout's top: run from there (rsync's ./rsync, not ../rsync)
				up, dir = "./", ""
			}
			out = append(out, Command{Text: "timeout 10 " + up + c.rel + " " + oi.File, Dir: dir,
				Bucket: Entry, Level: Runnable, Synth: true, Reason: "runs a program the build produced on the input beside its source (" + path.Join(oi.Dir, oi.File) + ")",
				Why: append(slices.Clone(why), Provenance{Source: "example", File: path.Join(oi.Dir, oi.File), Note: "the input beside the program's source"})})
		}
		if prog := interpreterRun(run); prog != "" {
			out = append(out, mk("timeout 10 "+prog, "runs a one-line program with the interpreter the build produced"))
		}
		if fixture != "" && (i < 2 || fixtureFits(c.rel, fixture)) {
			for _, arg := range fx.Args() {
				out = append(out, mk("timeout 10 "+run+" "+arg, "runs a program the build produced on an input of the test suite ("+arg+", the suite's most common input kind)"))
			}
		}
		in, kind := sampleInput(c.rel)
		out = append(out, mk(StdinProbe(in, "timeout 10 "+run), "runs a program the build produced on a small "+kind+" input on stdin"))
		if i < 2 {
			weak = append(weak, mk("timeout 10 "+run+" --version", "last resort: asks a program the build produced for its version (proves it starts, not that it works)"),
				mk("timeout 10 "+run+" --help", "last resort: asks a program the build produced for its usage (proves it starts, not that it works)"))
		}
	}
	return append(out, weak...)
}
