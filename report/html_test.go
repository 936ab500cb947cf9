package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/screenshot"
	"github.com/heragent/heragent/pyramid"
)

// fixture is a real run's report.json (tox-dev/filelock: three Bash File
// runs, two repairs, Runnable in iteration 2 with a tolerated suite).
func fixture(t *testing.T) *Report {
	t.Helper()
	b, err := os.ReadFile("testdata/report.json")
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestHTMLContent(t *testing.T) {
	r := fixture(t)
	r.Commands[0].Text = `python -m pytest -k "a<b" </dev/null`
	r.History[0].RolledBack = "the <Bash File> failed"
	b, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	for _, want := range []string{"level reached: runnable", "<svg", "time by phase", "Bash File, iteration 2", "⇒ runnable (exported)",
		"pytest -k &#34;a&lt;b&#34; &lt;/dev/null", "rolled back: the &lt;Bash File&gt; failed", `href="logs/`, "1217 passed", "✓ proof (suite)", "missing_python_module"} {
		if !strings.Contains(html, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "<link", "src=", "a<b"} {
		if strings.Contains(html, bad) {
			t.Errorf("report.html has %q: not self-contained or not escaped", bad)
		}
	}
}

func TestTimelineSpans(t *testing.T) {
	r := fixture(t)
	spans := r.spans()
	var labels []string
	for _, s := range spans {
		labels = append(labels, strings.SplitN(s.label, ":", 2)[0])
	}
	want := "graph plan pyramid Bash File, iteration 0 T Bash File, iteration 1 T Bash File, iteration 2 T R export"
	if got := strings.Join(labels, " "); got != want {
		t.Errorf("timeline order\n got %s\nwant %s", got, want)
	}
	for i := 1; i < len(spans); i++ {
		if spans[i].start != spans[i-1].end() {
			t.Errorf("span %d starts at %.1f, the previous ends at %.1f", i, spans[i].start, spans[i-1].end())
		}
	}
	if end := spans[len(spans)-1].end(); end > r.Seconds || end < r.Seconds*0.9 {
		t.Errorf("timeline ends at %.1fs, the run took %.1fs", end, r.Seconds)
	}
	empty := &Report{Level: pyramid.None, Target: pyramid.Runnable}
	if _, err := empty.HTML(); err != nil {
		t.Errorf("a report with nothing run: %v", err)
	}
}

// TestHTMLScreenshot renders report.html in headless Chromium and looks
// at it: a 1280×2000 PNG, not blank, the timeline's bars showing.
func TestHTMLScreenshot(t *testing.T) {
	screenshot.Browser(t)
	b, err := fixture(t).HTML()
	if err != nil {
		t.Fatal(err)
	}
	dir := screenshot.Dir(t)
	page := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(page, b, 0o644); err != nil {
		t.Fatal(err)
	}
	img := screenshot.Take(t, page, filepath.Join(dir, "report-fixture.png"), 1280, 2000)
	if n := screenshot.Colours(img); n < 50 {
		t.Errorf("screenshot has %d colours: blank?", n)
	}
	for _, c := range []string{colSetup, colProof, colPassed} {
		if n := screenshot.Pixels(img, c); n < 200 {
			t.Errorf("the timeline's %s shows in %d pixels", c, n)
		}
	}
}
