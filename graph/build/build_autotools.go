package build

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
)

var acCalls = regexp.MustCompile(`(?m)^[ \t]*(?:[^#\n]*?\b)?(AC_INIT|PKG_CHECK_MODULES|PKG_CHECK_EXISTS|AC_CHECK_LIB|AC_SEARCH_LIBS|AC_CHECK_HEADERS|AC_CHECK_HEADER|AC_PROG_CC|AC_PROG_CXX|AM_INIT_AUTOMAKE|LT_INIT|AC_PATH_PROG|AC_CHECK_PROG)\s*\(`)

// m4Args splits m4 macro arguments at top-level commas and strips quotes.
func m4Args(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	out = append(out, s[start:])
	for i, a := range out {
		a = strings.TrimSpace(a)
		for strings.HasPrefix(a, "[") && strings.HasSuffix(a, "]") {
			a = strings.TrimSpace(a[1 : len(a)-1])
		}
		if len(a) > 1 && a[0] == '"' && a[len(a)-1] == '"' { // AC_CHECK_HEADER("x.h")
			a = a[1 : len(a)-1]
		}
		out[i] = a
	}
	return out
}

var acBare = regexp.MustCompile(`(?m)^[ \t]*(AM_INIT_AUTOMAKE|LT_INIT|AC_PROG_CXX)\b`)

func parseAutoconf(_ string, src []byte, f *fileFacts) error {
	for _, m := range acBare.FindAllSubmatch(src, -1) {
		switch string(m[1]) {
		case "AM_INIT_AUTOMAKE":
			f.fact("automake", true)
		case "LT_INIT":
			f.fact("libtool", true)
		case "AC_PROG_CXX":
			f.fact("needs_cxx", true)
		}
	}
	for _, c := range findCalls(src, acCalls) {
		a := m4Args(c.args)
		switch c.name {
		case "AC_INIT":
			// AC_INIT(package, version, …); the obsolete one-argument
			// form names a file of the source tree, not the project
			// (jemalloc's AC_INIT([Makefile.in]))
			if len(a) > 1 {
				f.fact("project", a[0])
				f.fact("project_version", a[1])
			}
		case "AM_INIT_AUTOMAKE":
			f.fact("automake", true)
		case "LT_INIT":
			f.fact("libtool", true)
		case "AC_PROG_CXX":
			f.fact("needs_cxx", true)
		case "PKG_CHECK_MODULES", "PKG_CHECK_EXISTS":
			mods := a[0]
			if c.name == "PKG_CHECK_MODULES" && len(a) > 1 {
				mods = a[1]
			}
			// PKG_CHECK_MODULES fails configure without a not-found
			// branch, PKG_CHECK_EXISTS does nothing; either fails when
			// that branch is an error (openvpn's libnl-genl-3.0)
			notFound, optional := 3, false
			if c.name == "PKG_CHECK_EXISTS" {
				notFound, optional = 2, true
			}
			if len(a) > notFound && a[notFound] != "" {
				optional = !strings.Contains(a[notFound], "AC_MSG_ERROR")
			}
			for _, m := range joinPkgConfigConstraints(strings.Fields(mods)) {
				name, cons := splitPkgConfig(m)
				f.deps = append(f.deps, dependency{ecosystem: "pkg-config", name: name, constraint: cons, scope: "build", line: c.line, required: !optional})
			}
		case "AC_CHECK_LIB", "AC_SEARCH_LIBS":
			libs := []string{a[0]}
			if c.name == "AC_SEARCH_LIBS" && len(a) > 1 {
				libs = strings.Fields(a[1])
			}
			fn := ""
			if c.name == "AC_CHECK_LIB" && len(a) > 1 {
				fn = a[1]
			}
			for _, l := range libs {
				d := dependency{ecosystem: "autoconf-lib", name: l, scope: "build", line: c.line, required: len(a) < 4 || strings.Contains(a[3], "AC_MSG_ERROR")}
				if fn != "" {
					d.components = []string{fn}
				}
				f.deps = append(f.deps, d)
			}
		case "AC_CHECK_HEADERS", "AC_CHECK_HEADER":
			for _, h := range strings.Fields(a[0]) {
				f.deps = append(f.deps, dependency{ecosystem: "autoconf-header", name: h, scope: "build", line: c.line, required: len(a) > 2 && strings.Contains(a[2], "AC_MSG_ERROR")})
			}
		case "AC_PATH_PROG", "AC_CHECK_PROG":
			if len(a) > 1 {
				f.deps = append(f.deps, dependency{ecosystem: "program", name: strings.Fields(a[1] + " x")[0], scope: "build", line: c.line})
			}
		}
	}
	return nil
}

var amVar = regexp.MustCompile(`^(\w+?)_(PROGRAMS|LTLIBRARIES|LIBRARIES|SCRIPTS)\s*\+?=\s*(.*)$|^(TESTS)\s*\+?=\s*(.*)$`)

// amCheckRe is a Makefile.am whose `make check` runs a suite without
// TESTS: automake's DejaGnu support (libffi's testsuite/) or a
// check-local rule.
var amCheckRe = regexp.MustCompile(`^AUTOMAKE_OPTIONS\s*\+?=.*\bdejagnu\b|^DEJATOOL\s*\+?=|^check-local\s*:`)

// dejagnuCheck is `make check` for a DejaGnu suite: runtest --all prints
// each test's verdict as it comes (by default only the unexpected ones,
// and the counts at the end), so a long .exp file is not minutes of
// silence that the idle limit ends, and a suite stopped at its share of
// the run's time has counted what ran.
const dejagnuCheck = "make check RUNTESTFLAGS=--all"

// parseAutomake reads programs, libraries and tests from Makefile.am.
func parseAutomake(rel string, src []byte, f *fileFacts) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if amCheckRe.MatchString(line) {
			// a DejaGnu suite (runtest) or the project's own check-local rule
			cmd := "make check"
			if !strings.HasPrefix(line, "check-local") {
				cmd = dejagnuCheck
			}
			f.targets = append(f.targets, target{kind: "test", name: "check", command: cmd, line: ln})
			continue
		}
		m := amVar.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if m[4] == "TESTS" {
			for _, t := range strings.Fields(strings.TrimSuffix(m[5], "\\")) {
				f.targets = append(f.targets, target{kind: "test", name: t, command: "make check", line: ln})
			}
			continue
		}
		kind := "executable"
		switch {
		case m[1] == "check":
			kind = "test"
		case m[2] == "LTLIBRARIES" || m[2] == "LIBRARIES":
			kind = "library"
		}
		for _, t := range strings.Fields(strings.TrimSuffix(m[3], "\\")) {
			f.targets = append(f.targets, target{kind: kind, name: t, line: ln})
		}
		if m[2] == "PROGRAMS" && (m[1] == "bin" || m[1] == "sbin") {
			addListFact(f, "installs", strings.Fields(strings.TrimSuffix(m[3], "\\"))...)
		}
	}
	return parseMakefile(rel, src, f)
}
