package repair

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// cmakePackageVersion: find_package found the package but its version
// file refused the version the project asks (FunctionalPlus's tests ask
// `find_package(doctest 2.4.11 CONFIG REQUIRED)`; bookworm's doctest-dev
// is 2.4.9). The package sources hold no other version, so no package
// install helps. Within one major version a package's minor releases keep
// its interface (the compatibility its own SameMajorVersion files
// promise), so the repair accepts the installed one: a shim config
// directory on CMAKE_PREFIX_PATH, found before the system's, whose version
// file declares itself compatible and whose config includes the real one.
// The tests then show whether the older release is enough. Across a major
// version the failure is recorded with both versions.
type cmakePackageVersion struct{}

var (
	// Could not find a configuration file for package "doctest" that is
	// compatible with requested version "2.4.11". (EXACT: "that exactly
	// matches requested version")
	cmakeVersionRefusedRe = regexp.MustCompile(`Could not find a configuration file for package "([\w.+-]+)" that\s+(?:is\s+compatible\s+with|exactly\s+matches)\s+requested\s+version\s+"([\d.]+)"`)
	// /usr/lib/cmake/doctest/doctestConfig.cmake, version: 2.4.9
	cmakeConsideredRe = regexp.MustCompile(`^\s+(/\S+?(?:Config|-config)\.cmake), version: ([\d.]+)`)
)

// cmakeShimRoot is the prefix the shims are written under.
const cmakeShimRoot = "/opt/heragent/cmake-compat"

func (cmakePackageVersion) Name() string { return "cmake-package-version" }

func (cmakePackageVersion) Diagnose(f Failure) []Diagnosis {
	lines := logLines(f.Log)
	joined := strings.Join(lines, "\n")
	m := cmakeVersionRefusedRe.FindStringSubmatch(strings.Join(strings.Fields(joined), " "))
	if m == nil {
		return nil
	}
	for _, l := range lines {
		if c := cmakeConsideredRe.FindStringSubmatch(l); c != nil {
			return []Diagnosis{{Kind: CMakePackageVersion, Subject: m[1] + "|" + m[2] + "|" + c[2] + "|" + c[1],
				Evidence: fmt.Sprintf("find_package(%s %s): the installed %s is %s (%s)", m[1], m[2], m[1], c[2], c[1])}}
		}
	}
	return nil
}

func (r cmakePackageVersion) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CMakePackageVersion {
		return Proposal{}, false
	}
	parts := strings.SplitN(d.Subject, "|", 4)
	if len(parts) != 4 {
		return Proposal{}, false
	}
	name, asked, have, config := parts[0], parts[1], parts[2], parts[3]
	if major(asked) != major(have) || major(asked) < 0 {
		return record(d, fmt.Sprintf("the project asks %s %s; the package sources here have %s, another major version", name, asked, have)), true
	}
	dir := cmakeShimRoot + "/lib/cmake/" + name
	if ctx != nil && ctx.File != nil && strings.Contains(ctx.File.Render(), dir+"/") {
		return none(d, fmt.Sprintf("%s %s is accepted for %s already: the package is refused for another reason", name, have, asked)), true
	}
	w := why(r, d)
	base := config[strings.LastIndex(config, "/")+1:]
	versionFile := strings.TrimSuffix(base, ".cmake") + "Version.cmake"
	if strings.HasSuffix(base, "-config.cmake") {
		versionFile = strings.TrimSuffix(base, "-config.cmake") + "-config-version.cmake"
	}
	edits := []bashfile.Edit{
		{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Why: w, Command: fmt.Sprintf(
			`mkdir -p %s && printf 'include("%s")\n' > %s/%s && printf 'set(PACKAGE_VERSION "%s")\nset(PACKAGE_VERSION_COMPATIBLE TRUE)\n' > %s/%s`,
			dir, config, dir, base, have, dir, versionFile)},
		{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Why: w,
			Command: `persist_env CMAKE_PREFIX_PATH "` + cmakeShimRoot + `${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}"`},
	}
	return edit(d, fmt.Sprintf("the project asks %s %s, the package sources have %s of the same major version: it is accepted (a compatibility config on CMAKE_PREFIX_PATH); the tests show whether it is enough", name, asked, have), edits...), true
}

// major is a version's first number, -1 when it has none.
func major(v string) int {
	n, err := strconv.Atoi(strings.SplitN(v, ".", 2)[0])
	if err != nil {
		return -1
	}
	return n
}
