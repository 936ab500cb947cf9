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

// pytestSpacedPluginRe is pytest 7 reading a TOML addopts item "-p
// xdist" as the plugin " xdist", its name with the space: pytest 8 reads
// the item as the option and its value (psutil's pyproject.toml).
var pytestSpacedPluginRe = regexp.MustCompile(`Error importing plugin " (?:no:)?[\w.]+"`)

// spacedPluginFix writes pyproject.toml's "-p name" items as "-pname",
// which every pytest reads as the option and its value.
const spacedPluginFix = `sed -i -E 's/"-p +([^" ]+)"/"-p\1"/g' pyproject.toml`

func (pytestTooOld) Name() string { return "pytest-too-old" }

func (pytestTooOld) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	for _, l := range logLines(f.Log) {
		if m := pytestTooOldMatches[0].re.FindStringSubmatch(l); m != nil {
			out = append(out, Diagnosis{Kind: PytestTooOld, Subject: m[2], Detail: m[1], Evidence: strings.TrimSpace(l)})
			break
		}
		if m := pytestSpacedPluginRe.FindString(l); m != "" {
			out = append(out, Diagnosis{Kind: PytestTooOld, Subject: "8", Detail: spacedPlugin, Evidence: strings.TrimSpace(l)})
			break
		}
	}
	return out
}

// spacedPlugin marks pytest 7 misreading a "-p name" addopts item.
const spacedPlugin = "spaced-plugin"

func (r pytestTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != PytestTooOld {
		return Proposal{}, false
	}
	if d.Detail == spacedPlugin {
		if ctx.File != nil && ctx.File.Contains(spacedPluginFix) {
			return record(d, "pytest still reads a plugin name with a space: "+d.Evidence), true
		}
		return edit(d, "pyproject.toml's addopts load plugins with \"-p name\" items, which pytest before 8 reads as a name starting with a space ("+d.Evidence+"): they are written \"-pname\", which every pytest reads alike",
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: spacedPluginFix, Why: why(r, d)}), true
	}
	drop := `sed -i -E '/^[[:space:]]*(ini_options\.)?minversion[[:space:]]*=/d' ` + d.Detail
	if d.Detail == "" || ctx.File != nil && ctx.File.Contains(drop) {
		return record(d, fmt.Sprintf("the project needs pytest %s and only an older one is installed", d.Subject)), true
	}
	return edit(d, fmt.Sprintf("%s asks for pytest %s; the installed one is older: its minversion goes and the suite runs on the pytest there is", d.Detail, d.Subject),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: drop, Why: why(r, d)}), true
}
