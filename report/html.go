package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/svg"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
)

//go:embed report.html.tmpl
var htmlSource string

var htmlTmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"secs":  func(s float64) string { return fmt.Sprintf("%.1f", s) },
	"dur":   svg.Duration,
	"exit":  exitText,
	"short": shortID,
	"dirty": dirtyText,
	"when":  func(t time.Time) string { return t.Format("2006-01-02 15:04:05Z") },
	"join":  func(s []string) string { return strings.Join(s, ", ") },
	"fails": func(c results.Counts) int { return c.Failed + c.Errors },
	"tail":  func(s string) string { return strings.TrimRight(LastLines(s, 30), "\n") },
	"cmdClass": func(c CommandResult) string {
		switch {
		case c.Proof:
			return "proof"
		case c.Passed:
			return "passed"
		}
		return "failed"
	},
}).Parse(htmlSource))

// HTML renders report.html: report.md's content for a browser, with the
// level ladder, a test bar and the run's timeline drawn inline (one
// self-contained file: inline CSS and SVG, no script).
func (r *Report) HTML() ([]byte, error) {
	var b bytes.Buffer
	if err := htmlTmpl.Execute(&b, r); err != nil {
		return nil, fmt.Errorf("render report.html: %w", err)
	}
	return b.Bytes(), nil
}

// Rung is one level of the ladder report.html shows.
type Rung struct {
	Level   pyramid.Level
	Reached bool // proved
	Asked   bool // the run's target
}

// Ladder is the levels from installable to runnable: which were proved
// and which was asked.
func (r *Report) Ladder() []Rung {
	var out []Rung
	for _, l := range []pyramid.Level{pyramid.Installable, pyramid.Testable, pyramid.Runnable} {
		out = append(out, Rung{Level: l, Reached: r.Level.Rank() >= l.Rank(), Asked: r.Target == l})
	}
	return out
}

// TestsBar draws the proving command's tests as one bar: passed, failed
// (errors included), skipped; empty when no test was counted.
func (r *Report) TestsBar() template.HTML {
	t := r.Tests
	n := float64(t.Total())
	if n == 0 {
		return ""
	}
	c := svg.New(600, 14, "tests passed, failed and skipped")
	x := 0.0
	for _, p := range []struct {
		name string
		v    int
		col  string
	}{{"passed", t.Passed, colPassed}, {"failed", t.Failed + t.Errors, colFailed}, {"skipped", t.Skipped, "#bdbdbd"}} {
		w := float64(p.v) / n * 600
		c.Rect(x, 0, w, 14, p.col, fmt.Sprintf("%d %s", p.v, p.name))
		x += w
	}
	return c.HTML()
}
