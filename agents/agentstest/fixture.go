package agentstest

import (
	"regexp"
	"strconv"
	"strings"
)

// CMakeScript drives every role of a run of testdata/repos/c-make (a C
// program built with a Makefile, `make test`, `./rev hello`):
//   - context: reads README.md and the build files with tools, then finds
//     the context sufficient;
//   - plan: appends a check that cannot work (`heragent-check-a`), so the
//     repair roles have something to do;
//   - analysis and repair, twice: the first repair replaces the check by
//     another failing one, the second removes it;
//   - reflection: a lesson after the first repair did not fix the run;
//   - extract: `./rev hello world` from the README;
//   - classify: make → build, make test → unit, ./rev … → entry;
//   - next_command: `./rev hello world` first, the others in their order.
func CMakeScript() *Script {
	return NewScript(map[string][]Reply{
		"context": {
			{Tools: []Call{{Name: "read_file", Args: map[string]any{"path": "README.md"}}, {Name: "find_files", Args: map[string]any{"kind": "build"}}}},
			{Content: `{"sufficient": true, "facts": [{"fact": "builds with make; tests with make test; the program is ./rev", "source": "README.md:5"}]}`},
		},
		"plan": {{Content: `{"edits": [{"op": "append", "section": "build", "command": "heragent-check-a --quick"}], "reason": "run the project's self check"}`}},
		"analysis": {
			{Content: `{"kind": "missing_executable", "subject": "heragent-check-a", "evidence": "heragent-check-a: command not found", "explanation": "the self check program does not exist"}`},
			{Content: `{"kind": "unknown", "subject": "", "evidence": "ERROR: setup failed at line", "explanation": "the replacement check failed too"}`},
		},
		"repair": {
			{Content: `{"action": "edit", "edits": [{"op": "replace", "section": "build", "match": "heragent-check-a", "command": "command -v heragent-check-b"}], "reason": "look for the check under its other name"}`},
			{Content: `{"action": "edit", "edits": [{"op": "remove", "section": "build", "match": "heragent-check-b"}], "reason": "the project has no self check; the build alone is the evidence"}`},
		},
		"reflection": {{Content: `{"lesson": "the self check does not exist under any name; stop probing for it", "avoid": ["heragent-check-*"]}`}},
		"extract":    {{Content: `{"commands": [{"text": "./rev hello world", "source": "README.md:8"}]}`}},
		"classify": {{Fn: func(user string) string {
			var out []string
			for _, c := range Candidates(user) {
				b := "entry"
				switch {
				case c.Text == "make":
					b = "build"
				case c.Text == "make test":
					b = "unit"
				case !strings.HasPrefix(c.Text, "./rev"):
					b = "drop"
				}
				out = append(out, `{"id": `+strconv.Itoa(c.ID)+`, "bucket": "`+b+`", "reason": "scripted"}`)
			}
			return `{"commands": [` + strings.Join(out, ", ") + `]}`
		}}},
		"next_command": {{Fn: func(user string) string {
			cs := Candidates(user)
			ids := []string{}
			for _, c := range cs { // the documented two-word example first
				if c.Text == "./rev hello world" {
					ids = append(ids, strconv.Itoa(c.ID))
				}
			}
			for _, c := range cs {
				if c.Text != "./rev hello world" {
					ids = append(ids, strconv.Itoa(c.ID))
				}
			}
			return `{"order": [` + strings.Join(ids, ", ") + `], "reason": "the documented example with two words first"}`
		}}},
	})
}

// Candidate is a numbered command of a prompt.
type Candidate struct {
	ID   int
	Text string
}

var candidateLine = regexp.MustCompile("(?m)^(\\d+): `([^`]*)`")

// Candidates reads the numbered command list of a classify or
// next_command prompt.
func Candidates(user string) []Candidate {
	var out []Candidate
	for _, m := range candidateLine.FindAllStringSubmatch(user, -1) {
		id, _ := strconv.Atoi(m[1])
		out = append(out, Candidate{ID: id, Text: m[2]})
	}
	return out
}
