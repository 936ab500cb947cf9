package build

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// fileFacts are what a manifest, build-file or CI parser finds in a file.
type fileFacts struct {
	deps    []dependency
	targets []target
	steps   []step
	props   map[string]any // stored on the File node as fact_<key>
}

type dependency struct {
	ecosystem, name, constraint, scope string
	line                               int
	required                           bool
	components                         []string
}

type target struct {
	kind, name, command string
	line                int
	sources             []string
}

type step struct {
	system, job, name, text string
	line                    int
	matrix                  []string
}

func (f *fileFacts) fact(k string, v any) {
	if f.props == nil {
		f.props = map[string]any{}
	}
	f.props[k] = v
}

// factParser parses one kind of manifest, build file or CI file.
type factParser struct {
	name  string
	match func(rel, base string) bool
	parse func(rel string, src []byte, f *fileFacts) error
}

// parseFacts runs p over src: what analyzeFile records of a manifest,
// build or CI file. A dependency or target whose name is blank names
// nothing and is dropped here, once for every parser: an empty quoted
// argument (pkg_check_modules(X "") — fuzzing found it), a meson
// dependency of an empty name (its idiom for a not-found dependency), an
// empty key in package.json.
func parseFacts(p factParser, rel string, src []byte) (fileFacts, error) {
	var ff fileFacts
	err := p.parse(rel, src, &ff)
	ff.deps = slices.DeleteFunc(ff.deps, func(d dependency) bool { return strings.TrimSpace(d.name) == "" })
	ff.targets = slices.DeleteFunc(ff.targets, func(t target) bool { return strings.TrimSpace(t.name) == "" })
	return ff, err
}

func named(names ...string) func(string, string) bool {
	return func(_, base string) bool {
		for _, n := range names {
			if base == n {
				return true
			}
		}
		return false
	}
}

// factParsers is the ordered list of file parsers; the first match wins.
var factParsers = []factParser{
	{"package.json", named("package.json"), parsePackageJSON},                                                            // npm: deps, scripts, bin, main, engines
	{"pyproject.toml", named("pyproject.toml"), parsePyproject},                                                          // PEP 621 / poetry deps, build-backend, scripts
	{"setup.cfg", named("setup.cfg"), parseSetupCfg},                                                                     // setuptools install_requires, console_scripts
	{"setup.py", named("setup.py"), parseSetupPy},                                                                        // literal setup(...) arguments, read through the Python grammar
	{"requirements", func(_, b string) bool { return isRequirements(b) }, parseRequirements},                             // pip requirements files
	{"tox.ini", named("tox.ini"), parseToxIni},                                                                           // tox's [testenv] deps
	{"go.mod", named("go.mod"), parseGoMod},                                                                              // module, go, toolchain, require
	{"Cargo.toml", named("Cargo.toml"), parseCargo},                                                                      // cargo deps and [[bin]]
	{"pom.xml", named("pom.xml"), parsePom},                                                                              // maven dependencies
	{"gradle", named("build.gradle", "build.gradle.kts"), parseGradle},                                                   // gradle dependency configurations
	{"cmake", func(_, b string) bool { return b == "CMakeLists.txt" || path.Ext(b) == ".cmake" }, parseCMake},            // find_package, pkg_check_modules, targets, tests
	{"meson", named("meson.build"), parseMeson},                                                                          // dependency(), executable(), test()
	{"autoconf", named("configure.ac", "configure.in"), parseAutoconf},                                                   // PKG_CHECK_MODULES, AC_CHECK_LIB, AC_CHECK_HEADERS
	{"automake", named("Makefile.am"), parseAutomake},                                                                    // bin_PROGRAMS, check_PROGRAMS, TESTS
	{"make", isMakefile, parseMakefile},                                                                                  // Makefile targets and recipes
	{"dockerfile", isDockerfile, parseDockerfile},                                                                        // FROM images, RUN steps, CMD/ENTRYPOINT
	{"github-actions", func(r, _ string) bool { return strings.HasPrefix(r, ".github/workflows/") }, parseGitHubActions}, // jobs, run steps, matrix, uses
	{"gitlab-ci", named(".gitlab-ci.yml"), parseGitLabCI},                                                                // job scripts
	{"travis", named(".travis.yml"), parseTravis},                                                                        // install/script phases
	{"circleci", func(r, _ string) bool { return strings.HasPrefix(r, ".circleci/config.y") }, parseCircleCI},            // job run steps
}

func isMakefile(_, base string) bool {
	return base == "Makefile" || base == "makefile" || base == "GNUmakefile" || path.Ext(base) == ".mk" || path.Ext(base) == ".mak"
}

func isDockerfile(_, base string) bool {
	return base == "Dockerfile" || base == "Containerfile" || strings.HasPrefix(base, "Dockerfile.") || strings.HasSuffix(base, ".dockerfile") || strings.HasSuffix(base, ".Dockerfile")
}

// lineOf returns the 1-based line of the first occurrence of needle in
// src at or after line from (1-based), or 0.
func lineOf(src []byte, needle string, from int) int {
	off := 0
	for l := 1; l < from && off < len(src); l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0
		}
		off += i + 1
	}
	i := bytes.Index(src[off:], []byte(needle))
	if i < 0 {
		return 0
	}
	return from + bytes.Count(src[off:off+i], []byte("\n"))
}

// lineAt returns the 1-based line of byte offset off.
func lineAt(src []byte, off int) int { return bytes.Count(src[:off], []byte("\n")) + 1 }

// keyLine returns the 1-based line where key is assigned (TOML/INI style
// `key = …`, the key optionally quoted), or 0.
func keyLine(src []byte, key string) int {
	re, err := regexp.Compile(`(?m)^[ \t]*["']?` + regexp.QuoteMeta(key) + `["']?[ \t]*=`)
	if err != nil {
		return 0
	}
	if loc := re.FindIndex(src); loc != nil {
		return lineAt(src, loc[0])
	}
	return 0
}
