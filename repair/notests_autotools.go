package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// An autotools project may build its tests only when configure is asked
// (libusb: AC_ARG_ENABLE([tests-build], …, [build_tests=no]), and
// `if BUILD_TESTS SUBDIRS += tests`): `make check` then runs no test and
// exits 0. The configure option that names the tests and is off by
// default is turned on, as the project's CI does (--enable-tests-build).

var (
	// makeTestRe is a run of make's check or test target.
	makeTestRe = regexp.MustCompile(`(?:^|[\s;&|(])g?make(?:\s+-\S+)*\s+(?:check|test)\b`)
	// acEnableRe is an AC_ARG_ENABLE's option name.
	acEnableRe = regexp.MustCompile(`AC_ARG_ENABLE\(\s*\[?([\w-]+)\]?`)
	// acTestNameRe is an option name that is the tests'.
	acTestNameRe = regexp.MustCompile(`(?i)^(?:unit-?|build-?)?tests?(?:-?(?:build|suite|programs))?$`)
	// acOffByDefaultRe says an option is off unless asked.
	acOffByDefaultRe = regexp.MustCompile(`(?i)default[=:]\s*no\b|\[\w+=no\]\s*\)|disabled by default`)
)

// autotoolsTestSwitch is the edit adding the --enable flag of
// configure.ac's option that builds the tests and is off by default to
// the Bash File's configure command, and the option's name; ok false when
// cmd runs no make check/test, or there is no such option or command, or
// the command has it already.
func autotoolsTestSwitch(ctx *Context, cmd string, w bashfile.Provenance) (bashfile.Edit, string, bool) {
	if !makeTestRe.MatchString(cmd) {
		return bashfile.Edit{}, "", false
	}
	name := acOffOption(ctx, acTestNameRe.MatchString)
	e, ok := enableEdit(ctx, name, w)
	return e, name, ok
}

// enableEdit is the edit giving the Bash File's ./configure command
// --enable-name (after the script's name); ok false when name is "", the
// Bash File runs no configure script or it names the option already.
func enableEdit(ctx *Context, name string, w bashfile.Provenance) (bashfile.Edit, bool) {
	_, text := ctx.find(bashfile.Build, func(t string) bool { return configureWord.MatchString(t) })
	if name == "" || text == "" || strings.Contains(text, "-"+name) {
		return bashfile.Edit{}, false
	}
	at := configureWord.FindStringSubmatchIndex(text)[3]
	return bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " --enable-" + name + text[at:], Why: w}, true
}

// acOffOption is the first option of configure.ac's AC_ARG_ENABLE whose
// name matches and that is off unless asked (its text within the next
// few hundred bytes says so); "" when there is none.
func acOffOption(ctx *Context, match func(name string) bool) string {
	ac := ctx.readRepo("configure.ac") + ctx.readRepo("configure.in")
	locs := acEnableRe.FindAllStringSubmatchIndex(ac, -1)
	for i, m := range locs {
		end := len(ac)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		if name := ac[m[2]:m[3]]; match(name) && acOffByDefaultRe.MatchString(ac[m[0]:min(end, m[0]+400)]) {
			return name
		}
	}
	return ""
}
