package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// pytestTooOld: the project's pytest configuration asks for a newer
// pytest than Debian's (bookworm: 7.2) with `minversion = "8.0"`, and
// PyPI may be out of reach. pytest refuses to start (exit 4, no test
// run). The minimum leaves the configuration file the error names (pytest
// reads it from the file itself: `-o minversion=…` does not override it,
// checked on bookworm's 7.2.1): the suite then runs on the pytest there
// is, and what an older pytest cannot do shows as failures the report
// counts. Once per file.
type pytestTooOld struct{}

var pytestTooOldMatches = []match{
	// ERROR: /repo/tox.ini: 'minversion' requires pytest-8.0, actual pytest-7.2.1'
	{PytestTooOld, regexp.MustCompile(`(?:/repo/)?([\w./-]*(?:pyproject\.toml|tox\.ini|setup\.cfg|pytest\.ini)): 'minversion' requires pytest-([\d.]+), actual pytest-[\d.]+`)},
}

func (pytestTooOld) Name() string { return "pytest-too-old" }

func (pytestTooOld) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	for _, l := range logLines(f.Log) {
		if m := pytestTooOldMatches[0].re.FindStringSubmatch(l); m != nil {
			out = append(out, Diagnosis{Kind: PytestTooOld, Subject: m[2], Detail: m[1], Evidence: strings.TrimSpace(l)})
			break
		}
	}
	return out
}

func (r pytestTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestTooOld {
		return Proposal{}, false
	}
	drop := `sed -i -E '/^[[:space:]]*minversion[[:space:]]*=/d' ` + d.Detail
	if d.Detail == "" || ctx.File != nil && ctx.File.Find(bashfile.Runtimes, drop) >= 0 {
		return record(d, fmt.Sprintf("the project needs pytest %s and only an older one is installed", d.Subject)), true
	}
	return edit(d, fmt.Sprintf("%s asks for pytest %s; the installed one is older: its minversion goes and the suite runs on the pytest there is", d.Detail, d.Subject),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: drop, Why: why(r, d)}), true
}
