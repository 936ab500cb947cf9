package batch

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/atomicfile"
	"github.com/heragent/heragent/report"
)

// Summary is a batch's outcome: one row per listed repository, in list
// order, and totals.
type Summary struct {
	Batch  Meta     `json:"batch"`
	Rows   []Result `json:"rows"`
	Totals Totals   `json:"totals"`
}

// Totals counts rows by status and sums tests, time and cost.
type Totals struct {
	Repos    int            `json:"repos"`
	ByStatus map[Status]int `json:"by_status"`
	ByLevel  map[string]int `json:"by_level"`
	Tests    Tests          `json:"tests"`
	Seconds  float64        `json:"seconds"` // sum of per-repository wall times
	CostUSD  float64        `json:"cost_usd"`
}

// Summarise builds the summary: a pending row for a job with no record.
func Summarise(m Meta, jobs []Job, records map[string]Result) Summary {
	s := Summary{Batch: m, Totals: Totals{ByStatus: map[Status]int{}, ByLevel: map[string]int{}}}
	for _, j := range jobs {
		r, ok := records[j.ID]
		if !ok {
			r = Result{ID: j.ID, Repo: j.Reference(), Status: StatusPending, Target: j.Level}
		}
		s.Rows = append(s.Rows, r)
		t := &s.Totals
		t.Repos++
		t.ByStatus[r.Status]++
		if r.Level != "" {
			t.ByLevel[r.Level]++
		}
		t.Tests.Passed += r.Tests.Passed
		t.Tests.Failed += r.Tests.Failed
		t.Tests.Skipped += r.Tests.Skipped
		t.Seconds += r.Seconds
		if r.CostUSD != nil {
			t.CostUSD += *r.CostUSD
		}
	}
	return s
}

// AllReached reports whether every row reached its asked level.
func (s Summary) AllReached() bool { return s.Totals.ByStatus[StatusOK] == s.Totals.Repos }

// Write writes summary.jsonl, summary.md and summary.html atomically.
func (s Summary) Write(d Dir) error {
	var jl bytes.Buffer
	enc := json.NewEncoder(&jl)
	for _, r := range s.Rows {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("encode summary: %w", err)
		}
	}
	html, err := s.HTML(d.Reports(s.Rows))
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{"summary.jsonl": jl.Bytes(), "summary.md": []byte(s.Markdown()), "summary.html": html} {
		if err := writeAtomic(d.path(name), b); err != nil {
			return err
		}
	}
	return nil
}

// Markdown renders summary.md; links are relative to the batch directory.
func (s Summary) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# heragent batch %s\n\n", s.Batch.ID)
	fmt.Fprintf(&b, "- %d repositories: %s\n", s.Totals.Repos, s.statusLine())
	fmt.Fprintf(&b, "- Tests: %d passed, %d failed, %d skipped; %s of run time; cost $%.2f\n\n",
		s.Totals.Tests.Passed, s.Totals.Tests.Failed, s.Totals.Tests.Skipped, fmtSeconds(s.Totals.Seconds), s.Totals.CostUSD)
	b.WriteString("| repository | status | level (asked) | tests pass/fail/skip | tests run/found | time | cost | outputs | error |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range s.Rows {
		links := ""
		if r.Out != "" {
			links = fmt.Sprintf("[report](%[1]s/report.md) · [Dockerfile](%[1]s/Dockerfile) · [setup.sh](%[1]s/setup.sh)", r.Out)
		}
		if r.Log != "" {
			links = strings.TrimPrefix(links+" · [log]("+r.Log+")", " · ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s (%s) | %d/%d/%d | %s | %s | %s | %s | %s |\n", mdCell(r.Repo), r.Status, r.levelText(), dash(r.Target),
			r.Tests.Passed, r.Tests.Failed, r.Tests.Skipped, r.TestsText(), fmtSeconds(r.Seconds), fmtCost(r.CostUSD), links, mdCell(r.Error))
	}
	return b.String()
}

// levelText is the level reached, with the grades of what proved
// Testable and Runnable: "runnable · suite · probe".
func (r Result) levelText() string {
	s := dash(r.Level)
	for _, ev := range []string{r.TestEvidence, r.Evidence} {
		if ev != "" {
			s += " · " + ev
		}
	}
	return s
}

// TestsText is how many tests the proving command ran of those the
// repository has: "412/430", "12/–", "–".
func (r Result) TestsText() string {
	switch {
	case r.TestsRun == 0 && r.TestsFound == 0:
		return "–"
	case r.TestsFound == 0:
		return fmt.Sprintf("%d/–", r.TestsRun)
	}
	return fmt.Sprintf("%d/%d", r.TestsRun, r.TestsFound)
}

func (s Summary) statusLine() string {
	var parts []string
	for _, st := range []Status{StatusOK, StatusBelow, StatusTimeout, StatusError, StatusDead, StatusPending} {
		if n := s.Totals.ByStatus[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
	}
	return strings.Join(parts, ", ")
}

//go:embed summary.html.tmpl
var htmlSource string

var htmlTmpl = template.Must(template.New("summary").Funcs(template.FuncMap{
	"secs": fmtSeconds, "cost": fmtCost, "dash": dash, "join": func(s []string) string { return strings.Join(s, ", ") },
	"costv": func(c *float64) float64 {
		if c == nil {
			return -1
		}
		return *c
	},
	"when": func(t time.Time) string { return t.Format("2006-01-02 15:04:05 UTC") },
}).Parse(htmlSource))

// HTML renders summary.html: one self-contained file (inline CSS and
// SVG, a few lines of script that sort the table): the level funnel, the
// stacks by level, a histogram of run times, the most frequent classes of
// why not higher (from the runs' reports, by ID; nil without them), and
// the table.
func (s Summary) HTML(reports map[string]*report.Report) ([]byte, error) {
	rows := chartRows(s.Rows, reports)
	var b bytes.Buffer
	if err := htmlTmpl.Execute(&b, struct {
		Summary
		Status                             string
		Rows                               []row
		Funnel, Stacks, Histogram, Classes template.HTML
	}{s, s.statusLine(), rows, funnel(rows), stacksChart(rows), histogram(rows), classesChart(rows)}); err != nil {
		return nil, fmt.Errorf("render summary.html: %w", err)
	}
	return b.Bytes(), nil
}

// Reports reads the report.json of every row that has run outputs, by ID.
func (d Dir) Reports(rows []Result) map[string]*report.Report {
	out := map[string]*report.Report{}
	for _, r := range rows {
		if rep := d.Report(r); rep != nil {
			out[r.ID] = rep
		}
	}
	return out
}

func fmtSeconds(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(100 * time.Millisecond).String()
}

func fmtCost(c *float64) string {
	if c == nil {
		return "—"
	}
	return fmt.Sprintf("$%.2f", *c)
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func mdCell(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "|", `\|`)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func writeAtomic(path string, b []byte) error { return atomicfile.Write(path, b, 0o644) }
