package pyramid

import (
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// buildSystemTools names, per C/C++ build system, the programs whose
// commands belong to it. The Bash File builds a C/C++ project with one of
// them; a pyramid command of another one (json-c's CI runs meson, its
// Bash File uses CMake) would need a toolchain the script does not install
// and a build directory it did not make.
var buildSystemTools = map[string][]string{
	"cmake":     {"cmake", "ctest", "cpack"},
	"meson":     {"meson", "muon"},
	"autotools": {"configure", "autoreconf", "autogen.sh", "bootstrap", "bootstrap.sh", "autoconf", "automake"},
	"bazel":     {"bazel", "bazelisk"},
	"scons":     {"scons"},
	"xmake":     {"xmake"},
	"premake":   {"premake4", "premake5"},
	"waf":       {"waf"},
}

// Rewrite is a pyramid command Align respelled.
type Rewrite struct{ From, To string }

// Align fits the pyramid to the Bash File's layout (bashfile.Plan.Layout):
// it drops the commands of C/C++ build systems other than the ones the
// Bash File builds with and returns them. With no C/C++ build system in
// the layout it changes nothing. When the Bash File builds with CMake and
// the checkout has no top-level Makefile (rootMakefile false), a
// top-level `make T` — written for the project's other build system,
// whose targets a dual-build project usually mirrors in CMake (curl's
// test-ci, libevent's verify) — becomes `cmake --build <dir> --target T`;
// a top-level `ctest …` gets `--test-dir <dir>`, <dir> being CMake's build
// directory in the layout. Both are returned as rewritten.
func (p *Pyramid) Align(layout bashfile.Layout, rootMakefile bool) (dropped []Command, rewritten []Rewrite) {
	picked := layout.Systems()
	if len(picked) == 0 {
		return nil, nil
	}
	if dir := layout.BuildDir("cmake"); dir != "" {
		makeIsOther := !slices.Contains(picked, "make") && !slices.Contains(picked, "autotools")
		makeToCMake := makeIsOther && !rootMakefile
		for i, c := range p.Commands {
			if len(c.Expect) > 0 || userGoal(c) || (c.Dir != "" && c.Dir != ".") {
				continue // user goals are never respelled; commands in a subdirectory stay
			}
			if t, ok := cmakeTarget(c.Text, dir); ok && makeToCMake {
				p.Commands[i].Text = t
				p.Commands[i].Reason = c.Reason + "; `" + c.Text + "` run through the CMake build the Bash File made"
				rewritten = append(rewritten, Rewrite{From: c.Text, To: t})
			} else if t, ok := ctestInBuild(c.Text, dir); ok {
				p.Commands[i].Text = t
				rewritten = append(rewritten, Rewrite{From: c.Text, To: t})
			}
		}
		if makeIsOther && rootMakefile {
			p.Commands = makeAfterCMake(p.Commands)
		}
	}
	p.Commands = slices.DeleteFunc(p.Commands, func(c Command) bool {
		sys := buildSystemOf(c.Text)
		if sys == "" || slices.Contains(picked, sys) || len(c.Expect) > 0 || userGoal(c) {
			return false // user goals are never dropped
		}
		dropped = append(dropped, c)
		return true
	})
	// after the drop: a test build before another build system's command
	// would hide that system from buildSystemOf
	rewritten = append(rewritten, p.buildTestsFirst(layout)...)
	rewritten = append(rewritten, p.buildExamplesFirst(layout)...)
	return dropped, rewritten
}

// ctestInBuild gives a top-level `ctest …` the Bash File's build
// directory dir: the CI job it came from had cd'ed into its own, and ctest
// in the top directory finds no tests.
func ctestInBuild(text, dir string) (string, bool) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "ctest" || strings.Contains(text, "--test-dir") || strings.Contains(text, "--build-and-test") || strings.Contains(text, " -S ") {
		return "", false
	}
	return "ctest --test-dir " + dir + strings.TrimPrefix(text, "ctest"), true
}

// cmakeTarget is the CMake spelling of `make [T…]` for a CMake build in
// dir (the caller checks it runs in the top directory): make variables
// and -j/-k flags go, other flags (-C, -f) keep the command as it is.
func cmakeTarget(text, dir string) (string, bool) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "make" || strings.ContainsAny(text, "|;&<>$`") {
		return "", false
	}
	var targets []string
	for i, w := range f[1:] {
		switch {
		case jobsCount(f[1:], i):
			// the job count of a separate `-j 2`
		case strings.HasPrefix(w, "-j") || w == "-k" || w == "-s" || strings.HasPrefix(w, "--jobs"):
		case strings.HasPrefix(w, "-"):
			return "", false
		case strings.Contains(w, "="):
		default:
			targets = append(targets, w)
		}
	}
	switch {
	case len(targets) == 0:
		return "cmake --build " + dir, true
	case len(targets) == 1 && targets[0] == "install":
		return "cmake --install " + dir, true
	}
	return "cmake --build " + dir + " --target " + strings.Join(targets, " "), true
}

// jobsCount reports whether args[i] is the number after a bare -j or
// --jobs (make -j 2), not a target.
func jobsCount(args []string, i int) bool {
	if i == 0 || (args[i-1] != "-j" && args[i-1] != "--jobs") {
		return false
	}
	return args[i] != "" && strings.Trim(args[i], "0123456789") == ""
}

// buildSystemOf names the build system whose tool a command starts with.
func buildSystemOf(text string) string {
	for _, w := range strings.Fields(text) {
		if strings.Contains(w, "=") && !strings.HasPrefix(w, "-") || w == "sudo" || w == "env" || w == "sh" || w == "bash" {
			continue // VAR=value, wrappers
		}
		tool := path.Base(w)
		for sys, tools := range buildSystemTools {
			if slices.Contains(tools, tool) {
				return sys
			}
		}
		return ""
	}
	return ""
}

// makeAfterCMake moves the top directory's `make T` Testable commands
// after the level's others when the Bash File builds with CMake beside a
// hand-written Makefile: re2's `make test` builds the whole project again
// with the Makefile (434 s, then the run's budget was gone) where ctest
// runs the tests of the build the Bash File made; a Makefile that only
// wraps CMake proves nothing ctest does not.
func makeAfterCMake(cs []Command) []Command {
	var head, tail []Command
	for _, c := range cs {
		if c.Bucket.Level() == Testable && (c.Dir == "" || c.Dir == ".") && !userGoal(c) && (c.Text == "make" || strings.HasPrefix(c.Text, "make ")) {
			tail = append(tail, c)
			continue
		}
		if len(tail) > 0 && c.Bucket.Level() != Testable {
			head, tail = append(head, tail...), nil
		}
		head = append(head, c)
	}
	return append(head, tail...)
}
