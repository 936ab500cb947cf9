package svg

import (
	"strings"
	"testing"
)

func TestCanvasEscapes(t *testing.T) {
	c := New(100, 20, `a "b"`)
	c.Rect(0, 0, 10, 10, "#fff", "<script>")
	c.Text(1, 2, "x & <y>", `text-anchor="end"`)
	c.Line(0, 0, 1, 1, "#000", true)
	got := string(c.HTML())
	for _, want := range []string{`aria-label="a &#34;b&#34;"`, "<title>&lt;script&gt;</title>", "x &amp; &lt;y&gt;", `stroke-dasharray`, "</svg>"} {
		if !strings.Contains(got, want) {
			t.Errorf("canvas lacks %s:\n%s", want, got)
		}
	}
}

func TestTicksAndDuration(t *testing.T) {
	ticks := Ticks(320, 6, true)
	if ticks[1] != 60 || ticks[len(ticks)-1] < 320 || len(ticks) != 7 {
		t.Errorf("Ticks(320) = %v", ticks)
	}
	if got := Ticks(7, 5, false); got[1] != 2 || got[len(got)-1] != 8 {
		t.Errorf("Ticks(7) = %v", got)
	}
	for s, want := range map[float64]string{0: "0", 0.25: "250ms", 2.5: "2.5s", 42: "42s", 119.7: "2m", 150: "2m30s", 3900: "1h05m"} {
		if got := Duration(s); got != want {
			t.Errorf("Duration(%v) = %q, want %q", s, got, want)
		}
	}
	if Cut("a  b\ncdef", 5) != "a b…" || Cut("abc", 3) != "abc" {
		t.Errorf("Cut = %q", Cut("a  b\ncdef", 5))
	}
}
