package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A language implementation tests itself with a driver written in its own
// language, in its test directory, run by the interpreter the build just
// made: lua's `cd testes && ../lua all.lua`, Tcl's `cd tests && ../unix/tclsh
// all.tcl`. No CI step or make target says so when the project keeps
// neither, so the driver is found from what was built: an executable whose
// name starts with a test driver's extension.

// driverDir is a test directory's name.
var driverDir = regexp.MustCompile(`^(tests?|testes|testsuite|t)$`)

// driverFile is a whole-suite driver's name without its extension.
var driverFile = regexp.MustCompile(`^(all|all[_-]?tests|run[_-]?all|run[_-]?tests|runtests|testall)$`)

// TestDrivers returns a Testable command for each suite driver in fsys's
// test directories (at most two levels down) whose extension names a
// program of bins, the executables the build produced (relative paths).
func TestDrivers(fsys fs.FS, bins []string) []Command {
	drivers := driverFiles(fsys)
	exts := map[string]bool{}
	for _, d := range drivers {
		if ext := strings.ToLower(strings.TrimPrefix(path.Ext(d), ".")); len(ext) >= 2 && !hostLanguage[ext] {
			exts[ext] = true
		}
	}
	byExt := map[string]string{} // extension → the built program (nearest the top)
	for _, b := range bins {
		b = strings.TrimPrefix(path.Clean(b), "./")
		base := strings.ToLower(path.Base(b))
		for ext := range exts {
			if strings.HasPrefix(base, ext) {
				if old, ok := byExt[ext]; !ok || strings.Count(b, "/") < strings.Count(old, "/") {
					byExt[ext] = b
				}
			}
		}
	}
	var out []Command
	for _, d := range drivers {
		dir, file := path.Split(d)
		ext := strings.TrimPrefix(path.Ext(file), ".")
		bin, ok := byExt[strings.ToLower(ext)]
		if !ok {
			continue
		}
		dir = strings.TrimSuffix(dir, "/")
		rel := strings.Repeat("../", strings.Count(dir, "/")+1) + bin
		text, reason := rel+" "+file, "the test suite's driver, "+d+", run by the interpreter the build produced ("+bin+")"
		if libs := driverMakefiles(fsys, dir); len(libs) > 0 {
			// what the suite loads (lua's testes/libs: the lib*.so its
			// require tests open) is built by a Makefile of its own
			text = "make -C " + strings.Join(libs, " && make -C ") + " && " + text
			reason += ", after the Makefiles of " + strings.Join(libs, ", ")
		}
		out = append(out, Command{
			Text: "cd " + dir + " && " + text, Bucket: Unit, Level: Testable, Synth: true, Driver: true,
			Reason: reason,
			Why:    []Provenance{{Source: "built", File: bin, Note: "an interpreter the build produced"}, {Source: "synthesized", File: d, Note: "a suite driver in the interpreter's language"}},
		})
	}
	return out
}

// driverMakefiles lists the subdirectories of a driver's directory that
// have a Makefile of their own, relative to it, sorted.
func driverMakefiles(fsys fs.FS, dir string) []string {
	var out []string
	for _, name := range []string{"Makefile", "makefile", "GNUmakefile"} {
		matches, _ := fs.Glob(fsys, path.Join(dir, "*", name))
		for _, m := range matches {
			out = append(out, path.Base(path.Dir(m)))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// driverFiles lists the suite drivers of fsys's test directories, sorted.
func driverFiles(fsys fs.FS) []string {
	var out []string
	for _, pattern := range []string{"*/*", "*/*/*"} {
		matches, _ := fs.Glob(fsys, pattern)
		for _, m := range matches {
			dir, file := path.Split(m)
			ext := path.Ext(file)
			if ext != "" && driverDir.MatchString(path.Base(strings.TrimSuffix(dir, "/"))) && driverFile.MatchString(strings.ToLower(strings.TrimSuffix(file, ext))) {
				out = append(out, m)
			}
		}
	}
	sort.Strings(out)
	return out
}

// hostLanguage are extensions of scripts run by an interpreter the
// project does not build (the shell, Python, Perl, Node…): a built
// program whose name merely starts like one (shfmt, pyright) is not it.
var hostLanguage = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "py": true, "pl": true, "pm": true, "rb": true, "js": true, "mjs": true, "cjs": true,
	"ts": true, "php": true, "cmake": true, "mk": true, "txt": true, "md": true, "json": true, "yml": true, "yaml": true,
	"c": true, "cc": true, "cpp": true, "h": true, "go": true, "rs": true, "java": true, "bat": true, "ps1": true,
}
