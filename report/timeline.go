package report

import (
	"fmt"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/heragent/heragent/internal/svg"
)

// phaseNames are report.json's phases in the order a run goes through them.
var phaseNames = []string{"graph", "plan", "pyramid", "setup", "commands", "export"}

var phaseColours = map[string]string{
	"graph": "#9e9ac8", "plan": "#bcbddc", "pyramid": "#dadaeb",
	"setup": "#6baed6", "commands": "#74c476", "export": "#969696",
}

// Colours of the timeline's bars.
const (
	colProof   = "#238b45"
	colPassed  = "#74c476"
	colFailed  = "#e34a33"
	colTimeout = "#fd8d3c"
	colSetup   = "#6baed6"
)

// span is one bar of the timeline: a phase, a run of the Bash File or a
// command, laid end to end in the order they ran.
type span struct {
	label, tip, colour string
	start, secs        float64
	iter               int // -1: analysis or export
}

func (s span) end() float64 { return s.start + s.secs }

// spans lays the run out: the analysis phases, then per iteration its
// Bash File runs and its commands, then the export. The time between them
// (repairs, container starts, judging) is not in report.json and is left
// out, so the bars end a little before the run did.
func (r *Report) spans() []span {
	var out []span
	t := 0.0
	add := func(s span) {
		s.start, t = t, t+s.secs
		out = append(out, s)
	}
	for _, p := range phaseNames[:3] {
		if s, ok := r.Phases[p]; ok {
			add(span{label: p, tip: fmt.Sprintf("%s: %.1fs", p, s), colour: phaseColours[p], secs: s, iter: -1})
		}
	}
	for _, it := range r.iterations() {
		for _, s := range r.Setup {
			if s.Iteration == it {
				add(setupSpan(s))
			}
		}
		for _, c := range r.Commands {
			if c.Iteration == it {
				add(commandSpan(c))
			}
		}
	}
	if s, ok := r.Phases["export"]; ok {
		add(span{label: "export", tip: fmt.Sprintf("export: %.1fs", s), colour: phaseColours["export"], secs: s, iter: -1})
	}
	return out
}

// iterations lists the iterations that ran something, in order.
func (r *Report) iterations() []int {
	var its []int
	for _, s := range r.Setup {
		its = append(its, s.Iteration)
	}
	for _, c := range r.Commands {
		its = append(its, c.Iteration)
	}
	slices.Sort(its)
	return slices.Compact(its)
}

func setupSpan(s SetupRun) span {
	col, what := colSetup, "ran to the end"
	switch {
	case s.TimedOut:
		col, what = colTimeout, "timed out"
	case s.ExitCode != 0:
		col, what = colFailed, fmt.Sprintf("exit %d in section %s", s.ExitCode, dashed(s.FailedSection))
	}
	label := fmt.Sprintf("Bash File, iteration %d", s.Iteration)
	if s.FromCheckpoint != "" {
		label += " (from " + s.FromCheckpoint + ")"
	}
	return span{label: label, colour: col, secs: s.Seconds, iter: s.Iteration,
		tip: fmt.Sprintf("%s: %s, %.1fs", label, what, s.Seconds)}
}

func commandSpan(c CommandResult) span {
	col := colFailed
	switch {
	case c.Proof:
		col = colProof
	case c.Passed:
		col = colPassed
	case c.TimedOut || c.Idle:
		col = colTimeout
	}
	tip := fmt.Sprintf("%s (%s, iteration %d): exit %s, %.1fs, tests %d/%d/%d — %s — %s", svg.Cut(c.Text, 300), c.Level, c.Iteration,
		exitText(c.ExitCode, c.TimedOut), c.Seconds, c.Counts.Passed, c.Counts.Failed+c.Counts.Errors, c.Counts.Skipped, c.Mark(), svg.Cut(c.Verdict, 200))
	return span{label: strings.ToUpper(string(c.Level)[:1]) + ": " + c.Text, tip: tip, colour: col, secs: c.Seconds, iter: c.Iteration}
}

func dashed(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// Timeline geometry: a label column, then the time axis.
const (
	tlWidth   = 1160.0
	tlLabelW  = 300.0
	tlPlotX   = 312.0
	tlPlotW   = tlWidth - tlPlotX - 20
	tlRowH    = 20.0
	tlTop     = 84.0 // the first row
	tlMaxRows = 40
)

// Timeline draws the run as an inline SVG: the time by phase, then every
// step on one time axis, where each state's level was judged.
func (r *Report) Timeline() template.HTML {
	spans := r.spans()
	total := r.Seconds
	if n := len(spans); n > 0 && spans[n-1].end() > total {
		total = spans[n-1].end()
	}
	rows := min(len(spans), tlMaxRows+1)
	c := svg.New(tlWidth, tlTop+float64(rows)*tlRowH+50, "timeline of the run")
	scale := tlPlotW / math.Max(total, 1)
	r.phaseBar(c)
	for _, v := range svg.Ticks(total, 8, true) {
		x := tlPlotX + v*scale
		if x > tlPlotX+tlPlotW+1 {
			break
		}
		c.Line(x, tlTop-6, x, tlTop+float64(rows)*tlRowH, "#e4e4e4", false)
		c.Text(x, tlTop-10, svg.Duration(v), `text-anchor="middle" fill="#555"`)
	}
	for i, s := range spans {
		row := min(i, tlMaxRows)
		y := tlTop + float64(row)*tlRowH
		if i < tlMaxRows || len(spans) == tlMaxRows+1 {
			c.Text(4, y+14, svg.Cut(s.label, 38), "")
			c.Text(tlLabelW, y+14, svg.Duration(s.secs), `text-anchor="end" fill="#555"`)
		} else if i == tlMaxRows {
			c.Text(4, y+14, fmt.Sprintf("… %d more (see the tables)", len(spans)-tlMaxRows), `fill="#555"`)
		}
		c.Rect(tlPlotX+s.start*scale, y+3, math.Max(s.secs*scale, 2), tlRowH-6, s.colour, s.tip)
	}
	r.levelMarks(c, spans, scale)
	legend(c, tlTop+float64(rows)*tlRowH+22)
	return c.HTML()
}

// phaseBar draws the time by phase as one stacked bar and its legend.
func (r *Report) phaseBar(c *svg.Canvas) {
	sum := 0.0
	for _, p := range phaseNames {
		sum += r.Phases[p]
	}
	c.Text(4, 24, "time by phase", `font-weight="bold"`)
	c.Text(tlLabelW, 24, svg.Duration(sum), `text-anchor="end" fill="#555"`)
	x := tlPlotX
	for i, p := range phaseNames {
		s := r.Phases[p]
		w := s / math.Max(sum, 1e-9) * tlPlotW
		c.Rect(x, 10, w, 20, phaseColours[p], fmt.Sprintf("%s: %.1fs", p, s))
		x += w
		lx := tlPlotX + float64(i)*140
		c.Rect(lx, 40, 10, 10, phaseColours[p], "")
		c.Text(lx+14, 49, fmt.Sprintf("%s %s", p, svg.Duration(s)), "")
	}
}

// levelMarks marks, at the end of each iteration's last step, the level
// its state of the Bash File proved.
func (r *Report) levelMarks(c *svg.Canvas, spans []span, scale float64) {
	for _, h := range r.History {
		last := -1
		for i, s := range spans {
			if s.iter == h.Iteration {
				last = i
			}
		}
		if last < 0 {
			continue
		}
		x := tlPlotX + spans[last].end()*scale
		y := tlTop + float64(min(last, tlMaxRows))*tlRowH
		c.Line(x, tlTop-4, x, y+tlRowH, "#444", true)
		text := "⇒ " + string(h.Level)
		switch {
		case h.Best:
			text += " (exported)"
		case h.RolledBack != "":
			text += " (rolled back)"
		}
		anchor := `font-weight="bold"`
		if x > tlPlotX+tlPlotW-160 {
			x, anchor = x-8, `font-weight="bold" text-anchor="end"`
		} else {
			x += 6
		}
		c.Text(x, y+14, text, anchor)
	}
}

func legend(c *svg.Canvas, y float64) {
	x := tlPlotX
	for _, l := range []struct{ name, col string }{{"proof", colProof}, {"passed", colPassed}, {"failed", colFailed},
		{"timed out", colTimeout}, {"Bash File ran", colSetup}} {
		c.Rect(x, y-10, 10, 10, l.col, "")
		c.Text(x+14, y-1, l.name, "")
		x += 120
	}
	c.Text(tlPlotX, y+17, "I, T, R: the level a command was run for; steps laid end to end in the order they ran (repairs and container starts between them are not drawn)", `fill="#777" font-size="11"`)
}
