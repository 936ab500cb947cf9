// Package svg draws the small inline charts of report.html and
// summary.html: rectangles, lines and text on a canvas, no script, no
// dependency. Every text and tooltip is escaped; attributes passed as
// strings must be constants of the caller.
package svg

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// Canvas is one <svg> element of a fixed coordinate size, scaled by the
// page to its width.
type Canvas struct {
	b    strings.Builder
	w, h float64
}

// New starts a canvas of w×h units; label is its accessible name.
func New(w, h float64, label string) *Canvas {
	c := &Canvas{w: w, h: h}
	fmt.Fprintf(&c.b, `<svg viewBox="0 0 %s %s" width="%s" role="img" aria-label="%s" font-family="system-ui,sans-serif" font-size="12">`,
		num(w), num(h), num(w), esc(label))
	return c
}

// Rect draws a filled rectangle with tip as its hover text (none when "").
func (c *Canvas) Rect(x, y, w, h float64, fill, tip string) {
	fmt.Fprintf(&c.b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"`, num(x), num(y), num(math.Max(w, 0)), num(math.Max(h, 0)), esc(fill))
	if tip == "" {
		c.b.WriteString("/>")
		return
	}
	fmt.Fprintf(&c.b, "><title>%s</title></rect>", esc(tip))
}

// Line draws a 1-unit line; dashed for markers.
func (c *Canvas) Line(x1, y1, x2, y2 float64, stroke string, dashed bool) {
	dash := ""
	if dashed {
		dash = ` stroke-dasharray="3 3"`
	}
	fmt.Fprintf(&c.b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s/>`, num(x1), num(y1), num(x2), num(y2), esc(stroke), dash)
}

// Text writes s at (x, y), its baseline; attrs are extra attributes
// (text-anchor="end", font-weight="bold"…), a constant of the caller.
func (c *Canvas) Text(x, y float64, s, attrs string) {
	if attrs != "" {
		attrs = " " + attrs
	}
	fmt.Fprintf(&c.b, `<text x="%s" y="%s"%s>%s</text>`, num(x), num(y), attrs, esc(s))
}

// HTML closes the canvas and returns it for a template.
func (c *Canvas) HTML() template.HTML {
	return template.HTML(c.b.String() + "</svg>") // every text went through esc
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func num(f float64) string { return fmt.Sprintf("%.1f", f) }

// Cut shortens s to n runes, with an ellipsis.
func Cut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n-1])) + "…"
	}
	return s
}

// Colours of the levels (a sequence: the higher, the greener) and of the
// runs that reached none.
var Colours = map[string]string{
	"none":        "#b4b4b4",
	"installable": "#c7e9c0",
	"testable":    "#74c476",
	"runnable":    "#238b45",
	"error":       "#e34a33",
	"pending":     "#e2e2e2",
}

// Ticks returns about n round values from 0 to at least max (1, 2 or 5
// times a power of ten; seconds become minutes and hours when seconds
// is set).
func Ticks(max float64, n int, seconds bool) []float64 {
	if max <= 0 {
		return []float64{0}
	}
	step := niceStep(max/float64(n), seconds)
	var out []float64
	for i := 0; float64(i-1)*step < max; i++ {
		out = append(out, float64(i)*step)
	}
	return out
}

func niceStep(raw float64, seconds bool) float64 {
	if seconds {
		for _, s := range []float64{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200} {
			if s >= raw {
				return s
			}
		}
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// Duration writes seconds for an axis or a label: "850ms", "42s",
// "2m30s", "1h05m".
func Duration(s float64) string {
	switch {
	case s <= 0:
		return "0"
	case s < 1:
		return fmt.Sprintf("%.0fms", s*1000)
	case s < 10:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", s), ".0") + "s"
	case s < 60:
		return fmt.Sprintf("%.0fs", s)
	case s < 3600:
		t := int(math.Round(s))
		if t%60 == 0 {
			return fmt.Sprintf("%dm", t/60)
		}
		return fmt.Sprintf("%dm%02ds", t/60, t%60)
	}
	t := int(math.Round(s / 60))
	return fmt.Sprintf("%dh%02dm", t/60, t%60)
}
