package batch

import (
	"fmt"
	"html/template"
	"math"
	"sort"
	"strings"

	"github.com/heragent/heragent/internal/svg"
	"github.com/heragent/heragent/report"
)

// buckets are the outcomes the charts colour, best first: the level a run
// reached, error (no level: the run failed, timed out before writing a
// report, or went to the dead letters) and pending (not run yet).
var buckets = []string{"runnable", "testable", "installable", "none", "error", "pending"}

// row is what summary.html shows of one repository: its record, and
// from its report the stacks and why it went no higher.
type row struct {
	Result
	Bucket string
	Stacks []string
	Class  string // WhyClass
	Detail string
}

func chartRows(rs []Result, reports map[string]*report.Report) []row {
	var out []row
	for _, r := range rs {
		x := row{Result: r, Bucket: bucket(r)}
		rep := reports[r.ID]
		rec := &r
		if r.Status == StatusPending {
			rec = nil
		}
		x.Class, x.Detail = WhyClass(rec, rep)
		if rep != nil {
			x.Stacks = rep.Stacks
		}
		out = append(out, x)
	}
	return out
}

func bucket(r Result) string {
	switch {
	case r.Level != "":
		return r.Level
	case r.Status == StatusPending:
		return "pending"
	}
	return "error"
}

// LevelRank orders the table's level column: none 0 … runnable 3,
// error −1, pending −2.
func (x row) LevelRank() int {
	switch x.Bucket {
	case "error":
		return -1
	case "pending":
		return -2
	}
	for i, b := range buckets[:4] {
		if b == x.Bucket {
			return 3 - i
		}
	}
	return 0
}

// hbar is one horizontal bar of a chart: a label and coloured segments.
type hbar struct {
	label, note string
	segs        []seg
}

type seg struct {
	n           int
	colour, tip string
}

const (
	chartW = 560.0
	barRow = 24.0
)

// hbars draws labelled horizontal bars, full width for full; top leaves
// room for a legend.
func hbars(name string, bars []hbar, full int, labelW, top float64) *svg.Canvas {
	c := svg.New(chartW, top+float64(len(bars))*barRow+6, name)
	plotW := chartW - labelW - 90
	for i, b := range bars {
		y := top + float64(i)*barRow
		c.Text(4, y+15, svg.Cut(b.label, int(labelW/6.5)), "")
		x := labelW + 8
		for _, s := range b.segs {
			w := float64(s.n) / math.Max(float64(full), 1) * plotW
			c.Rect(x, y+4, w, barRow-8, s.colour, s.tip)
			if w >= 22 && len(b.segs) > 1 {
				c.Text(x+w/2, y+16, fmt.Sprint(s.n), `text-anchor="middle" font-size="11"`+textOn(s.colour))
			}
			x += w
		}
		c.Text(x+6, y+16, b.note, `fill="#333"`)
	}
	return c
}

// textOn is white text on the dark colours.
func textOn(colour string) string {
	if colour == svg.Colours["runnable"] || colour == svg.Colours["error"] {
		return ` fill="#fff"`
	}
	return ""
}

func legend(c *svg.Canvas, names []string, x, y float64) {
	for _, n := range names {
		c.Rect(x, y-10, 10, 10, svg.Colours[n], "")
		c.Text(x+14, y-1, n, `font-size="11"`)
		x += 14 + float64(len(n))*6.5 + 14
	}
}

func count(rows []row, keep func(row) bool) (n int, ids []string) {
	for _, r := range rows {
		if keep(r) {
			n++
			ids = append(ids, r.ID)
		}
	}
	return n, ids
}

func tipOf(what string, ids []string) string {
	if len(ids) > 30 {
		ids = append(ids[:30:30], fmt.Sprintf("… %d more", len(ids)-30))
	}
	return what + ": " + strings.Join(ids, ", ")
}

// funnel: how many repositories reached each level or better, how many
// none, how many no level at all.
func funnel(rows []row) template.HTML {
	rank := func(r row) int { return r.LevelRank() }
	steps := []struct {
		label, colour string
		keep          func(row) bool
	}{
		{"installable or higher", "installable", func(r row) bool { return rank(r) >= 1 }},
		{"testable or higher", "testable", func(r row) bool { return rank(r) >= 2 }},
		{"runnable", "runnable", func(r row) bool { return rank(r) == 3 }},
		{"none", "none", func(r row) bool { return r.Bucket == "none" }},
		{"error (no level)", "error", func(r row) bool { return r.Bucket == "error" }},
		{"not run yet", "pending", func(r row) bool { return r.Bucket == "pending" }},
	}
	var bars []hbar
	for _, s := range steps {
		n, ids := count(rows, s.keep)
		if n == 0 && s.colour == "pending" {
			continue
		}
		bars = append(bars, hbar{label: s.label, note: fmt.Sprintf("%d (%.0f%%)", n, pct(n, len(rows))),
			segs: []seg{{n, svg.Colours[s.colour], tipOf(s.label, ids)}}})
	}
	return hbars("level funnel", bars, len(rows), 150, 4).HTML()
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// stacksChart: per stack, its repositories by level reached. A repository
// of two stacks counts in both.
func stacksChart(rows []row) template.HTML {
	by := map[string][]row{}
	for _, r := range rows {
		stacks := r.Stacks
		switch {
		case len(stacks) > 0:
		case r.Out == "":
			stacks = []string{"(no report)"}
		default:
			stacks = []string{"(none detected)"}
		}
		for _, s := range stacks {
			by[s] = append(by[s], r)
		}
	}
	names := make([]string, 0, len(by))
	for s := range by {
		names = append(names, s)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := len(by[names[i]]), len(by[names[j]])
		if ui, uj := strings.HasPrefix(names[i], "("), strings.HasPrefix(names[j], "("); ui != uj {
			return uj // the unknown last
		}
		return a > b || a == b && names[i] < names[j]
	})
	names = names[:min(len(names), 14)]
	var bars []hbar
	most := 0
	for _, s := range names {
		b := hbar{label: s, note: fmt.Sprint(len(by[s]))}
		for _, k := range buckets {
			if n, ids := count(by[s], func(r row) bool { return r.Bucket == k }); n > 0 {
				b.segs = append(b.segs, seg{n, svg.Colours[k], tipOf(s+", "+k, ids)})
			}
		}
		most = max(most, len(by[s]))
		bars = append(bars, b)
	}
	c := hbars("stacks by level reached", bars, most, 110, 22)
	legend(c, buckets[:5], 118, 13)
	return c.HTML()
}

// classesChart: the most frequent classes of why a repository went no
// higher than asked.
func classesChart(rows []row) template.HTML {
	by := map[string][]string{}
	for _, r := range rows {
		if r.Class != ClassReached {
			by[r.Class] = append(by[r.Class], r.ID)
		}
	}
	if len(by) == 0 {
		c := svg.New(chartW, 30, "why not higher")
		c.Text(4, 20, "every repository reached its asked level", "")
		return c.HTML()
	}
	names := make([]string, 0, len(by))
	for k := range by {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := len(by[names[i]]), len(by[names[j]])
		return a > b || a == b && names[i] < names[j]
	})
	var bars []hbar
	for _, k := range names[:min(len(names), 10)] {
		bars = append(bars, hbar{label: k, note: fmt.Sprint(len(by[k])), segs: []seg{{len(by[k]), "#fc8d59", tipOf(k, by[k])}}})
	}
	return hbars("why not higher, by class", bars, len(by[names[0]]), 270, 4).HTML()
}
