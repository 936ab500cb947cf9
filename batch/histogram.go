package batch

import (
	"fmt"
	"html/template"
	"math"
	"slices"

	"github.com/heragent/heragent/internal/svg"
)

// durationBins are the histogram's ranges of run seconds: finer where
// most runs end, each bar one range.
var durationBins = []struct {
	upTo  float64
	label string
}{
	{30, "<30s"}, {60, "30s–1m"}, {120, "1–2m"}, {300, "2–5m"}, {600, "5–10m"}, {900, "10–15m"},
	{1200, "15–20m"}, {1800, "20–30m"}, {3600, "30m–1h"}, {7200, "1–2h"}, {math.Inf(1), "≥2h"},
}

func binOf(s float64) int {
	for i, b := range durationBins {
		if s < b.upTo {
			return i
		}
	}
	return len(durationBins) - 1
}

// histogram: how long the runs took (each repository's wall time, clone
// included), each bar coloured by the levels its runs reached.
func histogram(rows []row) template.HTML {
	var secs []float64
	counts := map[int]map[string][]string{}
	last := 0
	for _, r := range rows {
		if r.Bucket == "pending" {
			continue
		}
		i := binOf(r.Seconds)
		if counts[i] == nil {
			counts[i] = map[string][]string{}
		}
		counts[i][r.Bucket] = append(counts[i][r.Bucket], r.ID)
		secs = append(secs, r.Seconds)
		last = max(last, i)
	}
	const h, top, bottom, left = 250.0, 30.0, 40.0, 34.0
	c := svg.New(chartW, h, "histogram of run times")
	if len(secs) == 0 {
		c.Text(4, 20, "no run finished yet", "")
		return c.HTML()
	}
	most := 0
	for _, bs := range counts {
		n := 0
		for _, ids := range bs {
			n += len(ids)
		}
		most = max(most, n)
	}
	plotH, barW := h-top-bottom, (chartW-left-10)/float64(last+1)
	ticks := svg.Ticks(float64(most), 4, false)
	full := ticks[len(ticks)-1]
	for _, v := range ticks {
		y := top + plotH - v/full*plotH
		c.Line(left, y, chartW-10, y, "#e4e4e4", false)
		c.Text(left-4, y+4, fmt.Sprint(v), `text-anchor="end" fill="#555" font-size="11"`)
	}
	for i := 0; i <= last; i++ {
		x, y := left+float64(i)*barW, top+plotH
		for _, k := range buckets {
			ids := counts[i][k]
			hh := float64(len(ids)) / full * plotH
			y -= hh
			c.Rect(x+3, y, barW-6, hh, svg.Colours[k], tipOf(durationBins[i].label+", "+k, ids))
		}
		if n := top + plotH - y; n > 0 {
			c.Text(x+barW/2, y-4, fmt.Sprint(int(math.Round(n/plotH*full))), `text-anchor="middle" font-size="11"`)
		}
		c.Text(x+barW/2, top+plotH+15, durationBins[i].label, `text-anchor="middle" font-size="11"`)
	}
	slices.Sort(secs)
	c.Text(left, h-6, fmt.Sprintf("median %s, slowest %s (wall time per repository, clone included)",
		svg.Duration(secs[len(secs)/2]), svg.Duration(secs[len(secs)-1])), `fill="#555" font-size="11"`)
	legend(c, buckets[:5], left, 14)
	return c.HTML()
}
