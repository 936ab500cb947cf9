package batch

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/source"
)

// ClassReached is the class of a repository that reached its asked level.
const ClassReached = "—"

// WhyClass names why a repository went no higher than it did, as a class
// to group by (summary.html, the corpus scoreboard): from its record, and
// from its report's diagnoses and why-not-higher when it has one. rec
// nil is a repository not run yet; detail is the text the class came from.
func WhyClass(rec *Result, rep *report.Report) (class, detail string) {
	switch {
	case rec == nil || rec.Status == StatusPending:
		return "not run", ""
	case rep == nil && strings.Contains(rec.Error, source.ErrUnreachable.Error()):
		return "repository unreachable", rec.Error // no checkout: nothing of heragent's was tried
	case rep == nil:
		return "run error (" + string(rec.Status) + ")", rec.Error
	}
	why := rep.WhyNotHigher
	if rep.Level == rep.Target {
		return ClassReached, ""
	}
	kinds := diagnosisKinds(rep)
	switch {
	case rec.Status == StatusTimeout:
		return "time limit", why
	case strings.Contains(why, "budget spent"):
		return "budget", why
	case strings.Contains(why, "has no test suite heragent can find"):
		return "no test suite in the repository", why
	case strings.Contains(why, "builds nothing"):
		return "no build system found", why
	case hasAny(kinds, repair.NetworkUnreachable, repair.NeedsNetwork):
		return "needs the network", why
	case hasAny(kinds, repair.DependencyVersion):
		return "dependency version not available", why
	case noCommand.MatchString(why):
		return "no " + noCommand.FindStringSubmatch(why)[1] + " command", why
	case strings.Contains(why, "Bash File fails") || strings.Contains(why, "did not run to the end"):
		return "setup fails: " + lastKind(kinds), why
	case len(kinds) > 0:
		return string(rep.Level) + ", next fails: " + lastKind(kinds), why
	}
	return string(rep.Level) + ", next fails", why
}

var noCommand = regexp.MustCompile(`^no (installable|testable|runnable) command to run`)

// diagnosisKinds lists, in order, the kinds of the diagnoses made in the
// state the report's level comes from (and after it): what stopped it.
func diagnosisKinds(rep *report.Report) []repair.Kind {
	from := 0
	for _, h := range rep.History {
		if h.Best {
			from = h.Iteration
		}
	}
	var ks []repair.Kind
	for _, rp := range rep.Repairs {
		if rp.Iteration >= from {
			ks = append(ks, rp.Diagnosis.Kind)
		}
	}
	return ks
}

func hasAny(ks []repair.Kind, want ...repair.Kind) bool {
	for _, k := range ks {
		if slices.Contains(want, k) {
			return true
		}
	}
	return false
}

func lastKind(ks []repair.Kind) string {
	if len(ks) == 0 {
		return "no diagnosis"
	}
	return string(ks[len(ks)-1])
}

// Report reads the report.json of a record's run outputs; nil when the
// run wrote none or it cannot be read.
func (d Dir) Report(rec Result) *report.Report {
	if rec.Out == "" {
		return nil
	}
	b, err := os.ReadFile(d.path(rec.Out, "report.json"))
	if err != nil {
		return nil
	}
	var rep report.Report
	if json.Unmarshal(b, &rep) != nil {
		return nil
	}
	return &rep
}
