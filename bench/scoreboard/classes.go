package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// classify names why a repository went no higher, as a class the work
// list groups by: from the report's diagnoses and its why-not-higher.
func classify(r row) (class, detail string, unknown int) {
	switch {
	case r.rec == nil:
		return "not run", "", 0
	case r.rep == nil:
		return "run error (" + string(r.rec.Status) + ")", r.rec.Error, 0
	}
	rep := r.rep
	for _, rp := range rep.Repairs {
		if rp.Diagnosis.Kind == repair.Unknown {
			unknown++
		}
	}
	why := rep.WhyNotHigher
	if rep.Level == rep.Target {
		return "—", "", unknown
	}
	kinds := diagnosisKinds(rep)
	switch {
	case r.rec.Status == "timeout":
		return "time limit (15 min)", why, unknown
	case strings.Contains(why, "budget spent"):
		return "budget", why, unknown
	case strings.Contains(why, "builds nothing"):
		return "no build system found", why, unknown
	case hasAny(kinds, repair.NetworkUnreachable, repair.NeedsNetwork):
		return "needs the network", why, unknown
	case noCommand.MatchString(why):
		return "no " + noCommand.FindStringSubmatch(why)[1] + " command", why, unknown
	case strings.Contains(why, "Bash File fails") || strings.Contains(why, "did not run to the end"):
		return "setup fails: " + lastKind(kinds), why, unknown
	case len(kinds) > 0:
		return string(rep.Level) + ", next fails: " + lastKind(kinds), why, unknown
	}
	return string(rep.Level) + ", next fails", why, unknown
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

// total is the corpus in numbers, against the targets.
type total struct {
	repos, run, suite, realUse, none, unknownRuns int
	times                                         []float64
	version                                       string
}

func totals(rows []row) total {
	var t total
	t.repos = len(rows)
	for _, r := range rows {
		if r.rep == nil {
			if r.rec != nil {
				t.run++
				t.none++
			}
			continue
		}
		t.run++
		if t.version == "" {
			t.version = r.rep.Heragent
			if t.version == "" {
				t.version = "(not recorded: report schema 1)"
			}
		}
		l := r.rep.Level
		if l.Rank() >= pyramid.Testable.Rank() && r.rep.TestableEvidence == pyramid.EvidenceSuite {
			t.suite++
		}
		if l == pyramid.Runnable && r.rep.RunnableEvidence != pyramid.EvidenceLastResort {
			t.realUse++
		}
		if l == pyramid.None {
			t.none++
		}
		if r.unk > 0 {
			t.unknownRuns++
		}
		t.times = append(t.times, r.rep.LevelSeconds)
	}
	return t
}

func (t total) markdown(w io.Writer) {
	pct := func(n int) string {
		if t.run == 0 {
			return "–"
		}
		return fmt.Sprintf("%d/%d (%.0f %%)", n, t.run, 100*float64(n)/float64(t.run))
	}
	fmt.Fprintf(w, "%d repositories in the corpus, %d with a record.\n\n| measure | value | target |\n|---|---|---|\n", t.repos, t.run)
	fmt.Fprintf(w, "| Testable or better with suite evidence | %s | ≥ 85 %% |\n", pct(t.suite))
	fmt.Fprintf(w, "| Runnable by a real use (not a last resort) | %s | ≥ 70 %% |\n", pct(t.realUse))
	fmt.Fprintf(w, "| level none | %s | ≤ 3 %% |\n", pct(t.none))
	fmt.Fprintf(w, "| runs with an `unknown` diagnosis | %s | ≤ 10 %% |\n", pct(t.unknownRuns))
	fmt.Fprintf(w, "| median time to the final level | %s | ≤ 5 min |\n", median(t.times))
}

func median(xs []float64) string {
	if len(xs) == 0 {
		return "–"
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return fmt.Sprintf("%.0f s", m)
}

// classTable groups the repositories below their target by class.
func classTable(w io.Writer, rows []row) {
	by := map[string][]string{}
	for _, r := range rows {
		if r.class != "—" {
			by[r.class] = append(by[r.class], r.Repo)
		}
	}
	var cs []string
	for c := range by {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool {
		return len(by[cs[i]]) > len(by[cs[j]]) || len(by[cs[i]]) == len(by[cs[j]]) && cs[i] < cs[j]
	})
	fmt.Fprintf(w, "\n## Why not higher, by class\n\n| class | repositories | |\n|---|---|---|\n")
	for _, c := range cs {
		fmt.Fprintf(w, "| %s | %d | %s |\n", c, len(by[c]), strings.Join(by[c], ", "))
	}
}
