package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// dependencyVersion: the tests failed and `pip check` (run by the loop to
// diagnose a failing Python suite) says an installed distribution does
// not meet a requirement, or Python cannot import a name from a module of
// Debian's packages — the version the environment's package sources
// provide (Debian's python3-* packages when PyPI is unreachable) is older
// or newer than the project asks. The failures are the environment's, not
// the project's code. A Debian module older than the code asks (a name it
// lacks; a version below the requirement) is taken from the next Debian
// release — that package only, its dependencies this release's (bookworm's
// typing_extensions 4.4 lacks TypeIs, trixie's 4.13 has it); anything
// else, or once that was tried, is recorded with both versions.
type dependencyVersion struct{}

// debianImportRe is Python failing to import a name from a module of
// Debian's python3-* packages: bidict's tests import TypeIs from
// typing_extensions, which bookworm's 4.4 predates ("cannot import name
// 'TypeIs' from 'typing_extensions' (/usr/lib/python3/dist-packages/…)").
var debianImportRe = regexp.MustCompile(`ImportError: cannot import name '(\w+)' from '([\w.]+)' \((/usr/lib/python3/dist-packages/[^)]+)\)`)

// moduleAttrRe is Python finding no attribute in a module the code
// imported: flask-sqlalchemy's `sa_orm.DeclarativeBase` (SQLAlchemy 2.0)
// in bookworm's 1.4, "AttributeError: module 'sqlalchemy.orm' has no
// attribute 'DeclarativeBase'". Whose module it is, Propose asks the
// checkout: the project's own is no dependency.
var moduleAttrRe = regexp.MustCompile(`AttributeError: module '([\w.]+)' has no attribute '(\w+)'`)

// pipCheckRe is pip check's "httpx 0.28.1 has requirement httpcore==1.*,
// but you have httpcore 0.16.3."
var pipCheckRe = regexp.MustCompile(`^(\S+) (\S+) has requirement (.+?), but you have (\S+) (\S+?)\.?$`)

// pipCheckMissingRe is pip check's "poetry 1.3.2 requires trove-classifiers,
// which is not installed."
var pipCheckMissingRe = regexp.MustCompile(`^\S+ \S+ requires \S+, which is not installed\.$`)

// pipCheckLine reports whether l is a line of pip check's report.
func pipCheckLine(l string) bool {
	l = strings.TrimSpace(l)
	return pipCheckRe.MatchString(l) || pipCheckMissingRe.MatchString(l) || l == "No broken requirements found."
}

// PipCheckMismatched are the installed distributions pip check's output
// names as not meeting a requirement ("… but you have execnet 1.9.0."),
// in order: what a failure must name for the mismatch to explain it.
func PipCheckMismatched(check string) []string {
	var out []string
	for _, l := range logLines(check) {
		if m := pipCheckRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			out = append(out, m[4])
		}
	}
	return out
}

func (dependencyVersion) Name() string { return "dependency-version" }

func (dependencyVersion) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	var all, named, imports [][]string
	var rest strings.Builder // the log without pip check's lines
	for _, l := range logLines(f.Log) {
		if m := pipCheckRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			all = append(all, m)
			continue
		}
		rest.WriteString(l + "\n")
		if m := debianImportRe.FindStringSubmatch(l); m != nil {
			imports = append(imports, m)
		} else if m := moduleAttrRe.FindStringSubmatch(l); m != nil {
			imports = append(imports, []string{m[0], m[2], m[1], ""})
		}
	}
	// only the mismatches the failure names (a traceback through the
	// package): Debian's own mkdocs against its markdown is no cause of a
	// test's failure
	for _, m := range all {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(m[4]) + `\b`).MatchString(rest.String()) {
			named = append(named, m)
		}
	}
	var subjects, evidence, older []string
	for _, m := range named {
		if olderThanAsked(m[5], m[3]) {
			older = append(older, strings.ToLower(strings.ReplaceAll(m[4], "-", "_")))
		}
	}
	for _, m := range imports {
		older = append(older, strings.Split(m[2], ".")[0]) // a name it lacks: older than the code
	}
	for _, m := range named {
		subjects = append(subjects, fmt.Sprintf("%s %s (%s %s asks %s)", m[4], m[5], m[1], m[2], m[3]))
		evidence = append(evidence, m[0])
	}
	for _, m := range imports {
		if !slices.Contains(evidence, m[0]) {
			where := "Debian's, " + m[3]
			if m[3] == "" {
				where = "the installed version"
			}
			subjects = append(subjects, fmt.Sprintf("%s has no %s (%s)", m[2], m[1], where))
			evidence = append(evidence, m[0])
		}
	}
	if len(subjects) == 0 {
		return nil
	}
	if len(subjects) > 3 {
		subjects = append(subjects[:3], fmt.Sprintf("%d more", len(subjects)-3))
	}
	return []Diagnosis{{Kind: DependencyVersion, Subject: strings.Join(subjects, "; "), Evidence: evidence[0], Detail: strings.Join(slices.Compact(older), " ")}}
}

var (
	// versionRe is a dotted version's leading numbers.
	versionRe = regexp.MustCompile(`\d+(?:\.\d+)*`)
	// lowestAskedRe is the lowest version a requirement spec allows.
	lowestAskedRe = regexp.MustCompile(`(?:>=|==|~=|>)\s*(\d+(?:\.\d+)*)`)
)

// olderThanAsked reports whether the version have is below the lowest
// version a requirement spec (">=1.0", "==1.*", "~=2.3,<3") asks.
func olderThanAsked(have, spec string) bool {
	m := lowestAskedRe.FindStringSubmatch(spec)
	h := versionRe.FindString(have)
	if m == nil || h == "" {
		return false
	}
	a, b := strings.Split(h, "."), strings.Split(m[1], ".")
	for i := 0; i < len(a) && i < len(b); i++ {
		x, _ := strconv.Atoi(a[i])
		y, _ := strconv.Atoi(b[i])
		if x != y {
			return x < y
		}
	}
	return len(a) < len(b)
}

func (r dependencyVersion) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != DependencyVersion {
		return Proposal{}, false
	}
	if own := ownModules(ctx, strings.Fields(d.Detail)); len(own) > 0 && len(own) == len(strings.Fields(d.Detail)) && d.Subject != "" && !strings.Contains(d.Subject, " asks ") {
		return none(d, strings.Join(own, ", ")+" is the project's own: no dependency of another version"), true
	}
	rec := record(d, "installed dependencies do not meet the project's requirements (pip check, or a name the installed version lacks): "+d.Subject+
		" — a version the environment's package sources do not provide (without PyPI, Debian's python3-* packages); the tests failing on it fail on the environment")
	pkgs := newerPackages(d, ctx)
	if len(pkgs) == 0 {
		return rec, true
	}
	cmd := bashfile.NewerInstall(pkgs...)
	if ctx.File == nil || ctx.File.Contains(cmd) {
		return rec, true // the next release's were tried
	}
	return edit(d, "Debian's "+strings.Join(pkgs, ", ")+" is older than the project's code asks ("+d.Subject+"): the next Debian release's, only that, its dependencies this release's", bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: why(r, d)}), true
}

// newerPackages are the Debian packages of the modules d found older
// than the project asks, by the package index.
func newerPackages(d Diagnosis, ctx *Context) []string {
	if ctx.Index == nil {
		return nil
	}
	var out []string
	for _, mod := range strings.Fields(d.Detail) {
		for _, p := range ctx.Index.PythonModule(mod) {
			if strings.HasPrefix(p, "python3-") {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
				break
			}
		}
	}
	return out
}

// ownModules are the top-level modules of mods the checkout holds (a
// package directory, at the top or under src/, or a module file).
func ownModules(ctx *Context, mods []string) []string {
	if ctx.Repo == nil {
		return nil
	}
	var out []string
	for _, m := range mods {
		for _, f := range []string{m + "/__init__.py", "src/" + m + "/__init__.py", m + ".py"} {
			if _, err := ctx.Repo.ReadFile(f); err == nil {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
