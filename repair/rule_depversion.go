package repair

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// dependencyVersion: the tests failed and `pip check` (run by the loop to
// diagnose a failing Python suite) says an installed distribution does
// not meet a requirement, or Python cannot import a name from a module of
// Debian's packages — the version the environment's package sources
// provide (Debian's python3-* packages when PyPI is unreachable) is older
// or newer than the project asks. The failures are the environment's, not
// the project's code; no edit of the script finds another version, so it
// is recorded with both versions.
type dependencyVersion struct{}

// debianImportRe is Python failing to import a name from a module of
// Debian's python3-* packages: bidict's tests import TypeIs from
// typing_extensions, which bookworm's 4.4 predates ("cannot import name
// 'TypeIs' from 'typing_extensions' (/usr/lib/python3/dist-packages/…)").
var debianImportRe = regexp.MustCompile(`ImportError: cannot import name '(\w+)' from '([\w.]+)' \((/usr/lib/python3/dist-packages/[^)]+)\)`)

// pipCheckRe is pip check's "httpx 0.28.1 has requirement httpcore==1.*,
// but you have httpcore 0.16.3."
var pipCheckRe = regexp.MustCompile(`^(\S+) (\S+) has requirement (.+?), but you have (\S+) (\S+?)\.?$`)

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
	var subjects, evidence []string
	for _, m := range named {
		subjects = append(subjects, fmt.Sprintf("%s %s (%s %s asks %s)", m[4], m[5], m[1], m[2], m[3]))
		evidence = append(evidence, m[0])
	}
	for _, m := range imports {
		if !slices.Contains(evidence, m[0]) {
			subjects = append(subjects, fmt.Sprintf("%s has no %s (Debian's, %s)", m[2], m[1], m[3]))
			evidence = append(evidence, m[0])
		}
	}
	if len(subjects) == 0 {
		return nil
	}
	if len(subjects) > 3 {
		subjects = append(subjects[:3], fmt.Sprintf("%d more", len(subjects)-3))
	}
	return []Diagnosis{{Kind: DependencyVersion, Subject: strings.Join(subjects, "; "), Evidence: evidence[0]}}
}

func (dependencyVersion) Propose(d Diagnosis, _ *Context) (Proposal, bool) {
	if d.Kind != DependencyVersion {
		return Proposal{}, false
	}
	return record(d, "installed dependencies do not meet the project's requirements (pip check, or a name the installed version lacks): "+d.Subject+
		" — a version the environment's package sources do not provide (without PyPI, Debian's python3-* packages); the tests failing on it fail on the environment"), true
}
