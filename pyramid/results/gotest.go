package results

import (
	"encoding/json"
	"regexp"
	"strings"
)

var (
	// "ok  	example.com/pkg	0.01s", "FAIL	example.com/pkg	0.02s",
	// "ok  	pkg	(cached)", "?   	pkg	[no test files]", "FAIL	pkg [build failed]"
	goPkgLine = regexp.MustCompile(`^(ok|FAIL|\?)[ \t]+\S+\s+(?:[\d.]+s|\(cached\)|\[no test files\]|\[build failed\]|\[setup failed\])`)
)

// goEvent is the part of a `go test -json` (test2json) event used here.
type goEvent struct {
	Action  string
	Package string
	Test    string
}

// parseGoTest reads `go test -v` text and `go test -json` event streams.
//
// Subtests: only leaf tests count. A test that has subtests is a container
// (its result is derived from them), so TestTable with three subtests counts
// as three tests, not four — the same as pytest counts parametrised cases.
//
// Without -v, go test prints no line for a passing test ("ok pkg 0.01s"),
// only "--- FAIL" lines for failures; no pass count is invented, so such
// output is recognised but counts only the failures it shows.
//
// Text and JSON do not overlap: JSON lines start with "{" so the "--- PASS"
// text they embed in Output fields is never read as text. Leaf detection is
// per package: a package's text output ends with its "ok"/"FAIL" line; JSON
// events carry the package.
func parseGoTest(ls []string) (Counts, bool) {
	var total Counts
	seen := false
	text := newGoLeaves() // current package of text output
	var check *Counts     // a gocheck summary, for the go test that closes next
	jsonPkgs := map[string]*goLeaves{}
	var jsonOrder []string
	for _, l := range ls {
		if len(l) > 0 && l[0] == '{' {
			if !strings.Contains(l, `"Action":"`) || !strings.Contains(l, `"Test":"`) {
				if strings.Contains(l, `"Action":"`) && strings.Contains(l, `"Package":"`) {
					seen = true
				}
				continue
			}
			if !(strings.Contains(l, `"Action":"pass"`) || strings.Contains(l, `"Action":"fail"`) || strings.Contains(l, `"Action":"skip"`)) {
				seen = true
				continue
			}
			var ev goEvent
			if json.Unmarshal([]byte(l), &ev) != nil || ev.Test == "" {
				continue
			}
			seen = true
			p := jsonPkgs[ev.Package]
			if p == nil {
				p = newGoLeaves()
				jsonPkgs[ev.Package] = p
				jsonOrder = append(jsonOrder, ev.Package)
			}
			p.set(ev.Test, ev.Action)
			continue
		}
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "--- ") {
			if action, name, ok := goTestResult(t); ok {
				text.set(name, action)
				if check != nil {
					text.expand[name] = *check // the go test gocheck's suites ran in
					check = nil
				}
				seen = true
			}
			continue
		}
		if len(l) > 3 && l[0] == 'O' {
			if c, ok := goCheckSummary(l); ok {
				check = &c
				continue
			}
		}
		if len(l) > 1 && (l[0] == 'o' || l[0] == 'F' || l[0] == '?') {
			if goPkgLine.MatchString(l) {
				if check != nil {
					total.Add(*check) // a run without -v: no go test line took it
					check = nil
				}
				c := text.counts()
				if l[0] == 'o' {
					// "ok": go found no test of the package failing; its
					// "--- FAIL" lines were printed by runs its tests made
					// to check failures are reported (testify's suite
					// tests, testing.RunTests)
					c.Failed = 0
				}
				total.Add(c)
				text = newGoLeaves()
				seen = true
				if strings.HasSuffix(l, "[build failed]") || strings.HasSuffix(l, "[setup failed]") {
					total.Errors++ // a package whose tests did not compile: none of them ran
				}
			}
		}
	}
	total.Add(text.counts())
	for _, p := range jsonOrder {
		total.Add(jsonPkgs[p].counts())
	}
	return total, seen
}

// goLeaves collects the last outcome per test name of one package.
type goLeaves struct {
	outcome map[string]string
	order   []string
	// expand are the tests that ran a gocheck run (gopkg.in/check.v1's
	// `func Test(t *testing.T) { TestingT(t) }`), counted as its tests
	expand map[string]Counts
}

func newGoLeaves() *goLeaves {
	return &goLeaves{outcome: map[string]string{}, expand: map[string]Counts{}}
}

// goCheckRe is gocheck's summary: "OK: 46 passed", "OOPS: 3 passed, 1
// skipped, 2 FAILED, 1 MISSED"; goCheckPart one "N word" of it.
var (
	goCheckRe   = regexp.MustCompile(`^(?:OK|OOPS): \d+ passed(?:, \d+ [\w -]+)*$`)
	goCheckPart = regexp.MustCompile(`(\d+) ([\w -]+)`)
)

// goCheckSummary reads a gocheck summary line.
func goCheckSummary(l string) (Counts, bool) {
	if !goCheckRe.MatchString(l) {
		return Counts{}, false
	}
	var c Counts
	for _, m := range goCheckPart.FindAllStringSubmatch(l, -1) {
		n := atoi(m[1])
		switch m[2] {
		case "passed", "expected failures":
			c.Passed += n
		case "skipped":
			c.Skipped += n
		case "FAILED", "PANICKED", "FIXTURE-PANICKED":
			c.Failed += n
		case "MISSED":
			c.Errors += n
		}
	}
	return c, true
}

func (g *goLeaves) set(name, action string) {
	if _, ok := g.outcome[name]; !ok {
		g.order = append(g.order, name)
	}
	g.outcome[name] = action
}

// counts counts the leaves: names that are no other name's parent.
func (g *goLeaves) counts() Counts {
	var c Counts
	if len(g.order) == 0 {
		return c
	}
	parent := map[string]bool{}
	for _, n := range g.order {
		for i := 0; i < len(n); i++ {
			if n[i] == '/' {
				parent[n[:i]] = true
			}
		}
	}
	for _, n := range g.order {
		if parent[n] {
			continue
		}
		if x, ok := g.expand[n]; ok {
			c.Add(x)
			continue
		}
		switch g.outcome[n] {
		case "pass":
			c.Passed++
		case "fail":
			c.Failed++
		case "skip":
			c.Skipped++
		}
	}
	return c
}

// goTestResult parses "--- PASS: TestX (0.00s)" (leading space already
// trimmed) into ("pass", "TestX").
func goTestResult(t string) (action, name string, ok bool) {
	rest, found := strings.CutPrefix(t, "--- ")
	if !found || len(rest) < 6 || rest[4] != ':' || rest[5] != ' ' {
		return "", "", false
	}
	switch rest[:4] {
	case "PASS":
		action = "pass"
	case "FAIL":
		action = "fail"
	case "SKIP":
		action = "skip"
	default:
		return "", "", false
	}
	name, _, _ = strings.Cut(rest[6:], " ")
	return action, name, name != ""
}
