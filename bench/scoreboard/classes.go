package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// classify names why a repository went no higher (batch.WhyClass, the
// classes summary.html shows too) and counts its unknown diagnoses.
func classify(r row) (class, detail string, unknown int) {
	if r.rep != nil {
		for _, rp := range r.rep.Repairs {
			if rp.Diagnosis.Kind == repair.Unknown {
				unknown++
			}
		}
	}
	class, detail = batch.WhyClass(r.rec, r.rep)
	if class != batch.ClassReached && r.rec != nil {
		if absent := absentFiles(r.rec.Repo); len(absent) > 0 {
			lacks := fmt.Sprintf("the mirror's copy lacks %d file(s) of the repository: %s", len(absent), strings.Join(absent, ", "))
			if !slices.ContainsFunc(absent, isSource) {
				return class, detail + " (" + lacks + ")", unknown // data files: the run's own class stands
			}
			return "checkout incomplete (mirror)", lacks + "; the run said: " + detail, unknown
		}
	}
	if class == "time limit" {
		class = "time limit (15 min)" // the corpus's limit (bench/corpus.jsonl)
	}
	return class, detail, unknown
}

// absentFiles lists what run-corpus.sh could not extract from a mirror
// that lacks some large blobs (DIR/.heragent-missing): the repository ran
// without them, so what it reached says little about heragent.
func absentFiles(dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, ".heragent-missing"))
	if err != nil {
		return nil
	}
	return strings.FieldsFunc(string(b), func(r rune) bool { return r == '\n' })
}

// isSource reports whether a file is code a build compiles or a program
// runs (go-sqlite3's sqlite3-binding.c), not data (openh264's test videos).
func isSource(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".go", ".py", ".js", ".mjs", ".cjs", ".ts", ".rs", ".java", ".rb", ".pl", ".sh":
		return true
	}
	return false
}

// total is the corpus in numbers, against the targets.
type total struct {
	repos, run, suite, realUse, none, unknownRuns int
	times                                         []float64
	versions                                      map[string]int // heragent version → records
}

// version names the heragent that wrote the reports; records of a pass
// resumed with a newer binary say how many each wrote.
func (t total) version() string {
	vs := make([]string, 0, len(t.versions))
	for v := range t.versions {
		vs = append(vs, v)
	}
	if len(vs) == 1 {
		return vs[0]
	}
	sort.Slice(vs, func(i, j int) bool {
		return t.versions[vs[i]] > t.versions[vs[j]] || t.versions[vs[i]] == t.versions[vs[j]] && vs[i] < vs[j]
	})
	for i, v := range vs {
		vs[i] = fmt.Sprintf("%s (%d records)", v, t.versions[v])
	}
	return strings.Join(vs, ", ")
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
		v := r.rep.Heragent
		if v == "" {
			v = "(not recorded: report schema 1)"
		}
		if t.versions == nil {
			t.versions = map[string]int{}
		}
		t.versions[v]++
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
		if r.class != batch.ClassReached {
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
