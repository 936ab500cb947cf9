package results

import (
	"bytes"
	"encoding/xml"
	"io"
)

// junitCase identifies a <testcase> across files (classname + name).
type junitCase struct{ class, name string }

// parseJUnitXML counts one JUnit XML document (Surefire/Failsafe, Gradle,
// pytest --junitxml, ctest --output-junit, meson's testlog.junit.xml,
// jest-junit, go-junit-report …). Each <testcase> counts once: a child
// <failure> → failed, <error> → error, <skipped> → skipped, a status
// attribute "notrun"/"disabled"/"skipped" → skipped, otherwise passed.
// Counting test cases rather than the suites' attributes avoids double
// counting nested <testsuite>s. A document without any <testcase> falls
// back to the attributes of its outermost suite elements. seen, shared
// across files, drops a test case already counted from another file (an
// aggregate report such as ant's TESTS-TestSuites.xml next to the
// per-class files). ok is false when the data is not JUnit XML.
func parseJUnitXML(data []byte, seen map[junitCase]string, file string) (Counts, bool) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	var c, attrs Counts
	isJUnit := false
	cases := 0
	suiteDepth := 0
	inCase, caseCounted := false, false
	var outcome string
	var key junitCase
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			break // keep what was counted before the damage (a truncated file)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "testsuites":
				isJUnit = true
			case "testsuite":
				isJUnit = true
				if suiteDepth == 0 {
					attrs.Add(junitSuiteAttrs(el.Attr))
				}
				suiteDepth++
			case "testcase":
				isJUnit = true
				cases++
				inCase, caseCounted = true, false
				outcome = "passed"
				key = junitCase{attr(el.Attr, "classname"), attr(el.Attr, "name")}
				switch attr(el.Attr, "status") {
				case "notrun", "disabled", "skipped", "ignored":
					outcome = "skipped"
				}
				if attr(el.Attr, "result") == "skipped" {
					outcome = "skipped"
				}
			case "failure":
				if inCase && outcome != "error" {
					outcome = "failed"
				}
			case "error":
				if inCase {
					outcome = "error"
				}
			case "skipped":
				if inCase && outcome == "passed" {
					outcome = "skipped"
				}
			}
		case xml.EndElement:
			switch el.Name.Local {
			case "testsuite":
				suiteDepth--
			case "testcase":
				if inCase && !caseCounted {
					if prev, dup := seen[key]; !dup || prev == file {
						seen[key] = file
						switch outcome {
						case "passed":
							c.Passed++
						case "failed":
							c.Failed++
						case "error":
							c.Errors++
						case "skipped":
							c.Skipped++
						}
					}
					caseCounted = true
				}
				inCase = false
			}
		}
	}
	if !isJUnit {
		return Counts{}, false
	}
	if cases == 0 {
		return attrs, true
	}
	return c, true
}

// junitSuiteAttrs reads tests/failures/errors/skipped(/disabled) from a
// <testsuite> element; tests includes the others.
func junitSuiteAttrs(as []xml.Attr) Counts {
	n := func(k string) int { return atoi(attr(as, k)) }
	tests, f, e := n("tests"), n("failures"), n("errors")
	s := max(n("skipped"), n("skips")) + n("disabled")
	return Counts{Passed: max(tests-f-e-s, 0), Failed: f, Errors: e, Skipped: s}
}

func attr(as []xml.Attr, name string) string {
	for _, a := range as {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
