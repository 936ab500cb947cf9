package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/screenshot"
	"github.com/heragent/heragent/internal/svg"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// fixtureBatch writes a batch of 17 repositories of nine stacks: records
// and the reports of their runs, every outcome represented.
func fixtureBatch(t *testing.T) (Dir, []Job) {
	t.Helper()
	d := Dir(t.TempDir())
	type fx struct {
		id, stacks, level string
		status            Status
		secs              float64
		why               string
		kind              repair.Kind
	}
	fxs := []fx{
		{"madler-zlib", "cmake", "runnable", StatusOK, 95, "", ""},
		{"json-c", "cmake", "testable", StatusBelow, 140, "no runnable command passed", repair.Unknown},
		{"libuv", "cmake autotools", "runnable", StatusOK, 410, "", ""},
		{"inih", "meson", "testable", StatusBelow, 8, "no runnable command to run", ""},
		{"tomlplusplus", "meson", "installable", StatusBelow, 123, "no testable command passed", repair.TestFailure},
		{"jq", "autotools", "runnable", StatusOK, 260, "", ""},
		{"linenoise", "make", "runnable", StatusOK, 3, "", ""},
		{"flask", "python", "runnable", StatusOK, 70, "", ""},
		{"filelock", "python", "installable", StatusBelow, 320, "no testable command passed", repair.MissingPythonModule},
		{"cookie", "npm", "none", StatusBelow, 36, "the Bash File fails", repair.NetworkUnreachable},
		{"express", "npm", "testable", StatusBelow, 150, "no runnable command passed", repair.MissingExecutable},
		{"cobra", "go", "runnable", StatusOK, 29, "", ""},
		{"ripgrep", "cargo", "testable", StatusBelow, 610, "no runnable command passed", repair.Unknown},
		{"gson", "maven", "none", StatusBelow, 48, "the Bash File fails", repair.Unknown},
		{"huge", "", "", StatusTimeout, 900, "", ""},
		{"gone", "", "", StatusError, 2, "", ""},
	}
	var jobs []Job
	for _, f := range fxs {
		jobs = append(jobs, Job{ID: f.id, Repo: "https://github.com/x/" + f.id})
		rec := Result{ID: f.id, Repo: "https://github.com/x/" + f.id, Status: f.status, Target: "runnable", Level: f.level, Seconds: f.secs, Log: "logs/" + f.id + ".log"}
		if f.level == "" {
			rec.Error = "exit 3: no container engine <here>"
			if err := d.Save(rec); err != nil {
				t.Fatal(err)
			}
			continue
		}
		rec.Out, rec.Error = "repos/"+f.id, f.why
		if f.level == "runnable" || f.level == "testable" {
			rec.Tests, rec.TestEvidence, rec.TestsRun = Tests{Passed: 40}, "suite", 40
		}
		rep := report.Report{Repo: rec.Repo, Target: pyramid.Runnable, Level: pyramid.Level(f.level), WhyNotHigher: f.why,
			Stacks: strings.Fields(f.stacks), Seconds: f.secs, History: []report.LevelStep{{Iteration: 0, Best: true}}}
		if f.kind != "" {
			rep.Repairs = []report.RepairRecord{{Diagnosis: repair.Diagnosis{Kind: f.kind}}}
		}
		if err := d.writeJSON(d.path(rec.Out, "report.json"), rep); err != nil {
			t.Fatal(err)
		}
		if err := d.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	jobs = append(jobs, Job{ID: "pending-one", Repo: "https://github.com/x/later"})
	return d, jobs
}

func TestSummaryCharts(t *testing.T) {
	d, jobs := fixtureBatch(t)
	recs, err := d.Records()
	if err != nil {
		t.Fatal(err)
	}
	rows := chartRows(Summarise(Meta{ID: "f"}, jobs, recs).Rows, d.Reports(Summarise(Meta{}, jobs, recs).Rows))
	for _, c := range []struct {
		name string
		svg  string
		want []string
	}{
		{"funnel", string(funnel(rows)), []string{"installable or higher", "12 (71%)", "testable or higher", "10 (59%)", "6 (35%)", "none: cookie, gson", "error (no level): huge, gone", "not run yet"}},
		{"stacks", string(stacksChart(rows)), []string{">cmake<", ">meson<", ">autotools<", ">cargo<", ">maven<", "cmake, runnable: madler-zlib, libuv", "(no report), error: huge, gone"}},
		{"histogram", string(histogram(rows)), []string{"&lt;30s", "10–15m", "median", "slowest 15m"}},
		{"classes", string(classesChart(rows)), []string{"no runnable command", "needs the network", "installable, next fails: test_failure", "testable, next fails: unknown", "setup fails: unknown", "run error (timeout)", "not run"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.svg, w) {
				t.Errorf("%s lacks %q:\n%s", c.name, w, c.svg)
			}
		}
	}
}

// TestSummaryScreenshot renders summary.html of 17 repositories in
// headless Chromium: a 1280×2000 PNG, not blank, the charts' colours
// showing.
func TestSummaryScreenshot(t *testing.T) {
	screenshot.Browser(t)
	d, jobs := fixtureBatch(t)
	recs, err := d.Records()
	if err != nil {
		t.Fatal(err)
	}
	meta := Meta{ID: "fixture", Created: time.Date(2026, 11, 24, 22, 32, 3, 0, time.UTC)}
	if err := Summarise(meta, jobs, recs).Write(d); err != nil {
		t.Fatal(err)
	}
	img := screenshot.Take(t, d.path("summary.html"), filepath.Join(screenshot.Dir(t), "summary-fixture.png"), 1280, 2000)
	if n := screenshot.Colours(img); n < 50 {
		t.Errorf("screenshot has %d colours: blank?", n)
	}
	for _, level := range []string{"runnable", "testable", "error"} {
		if n := screenshot.Pixels(img, svg.Colours[level]); n < 500 {
			t.Errorf("the charts' %s colour shows in %d pixels", level, n)
		}
	}
	html, _ := os.ReadFile(d.path("summary.html"))
	if strings.Count(string(html), "<svg") != 4 || !strings.Contains(string(html), "&lt;here&gt;") {
		t.Errorf("summary.html lacks its four charts or escapes nothing")
	}
}

// TestSummaryTableSorts clicks the time column's header in headless
// Chromium: the rows come in order of run time.
func TestSummaryTableSorts(t *testing.T) {
	screenshot.Browser(t)
	d, jobs := fixtureBatch(t)
	recs, err := d.Records()
	if err != nil {
		t.Fatal(err)
	}
	s := Summarise(Meta{ID: "fixture"}, jobs, recs)
	html, err := s.HTML(d.Reports(s.Rows))
	if err != nil {
		t.Fatal(err)
	}
	click := `<script>document.querySelectorAll("table.sort th").forEach(function (th) { if (th.textContent === "time") th.click(); });</script></body>`
	page := filepath.Join(t.TempDir(), "sorted.html")
	if err := os.WriteFile(page, []byte(strings.Replace(string(html), "</body>", click, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := screenshot.DOM(t, page)
	body := dom[strings.Index(dom, "<tbody>"):]
	gone, linenoise, inih, huge := strings.Index(body, "x/gone<"), strings.Index(body, "x/linenoise<"), strings.Index(body, "x/inih<"), strings.Index(body, "x/huge<")
	if !(gone >= 0 && gone < linenoise && linenoise < inih && inih < huge) || !strings.Contains(dom, `data-dir="asc"`) {
		t.Errorf("rows not sorted by time (gone %d, linenoise %d, inih %d, huge %d)", gone, linenoise, inih, huge)
	}
}
