// Package pyramid is the Test Pyramid: the commands that prove each level
// of the Environment Maturity Hierarchy (Installable, Testable, Runnable),
// each with the reason it is at its level and where it came from. It is
// plain data with a JSON form (pyramid.json); it never executes anything.
package pyramid

import (
	"fmt"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// Level is a maturity level. Higher levels require the lower ones.
type Level string

// The three levels, lowest first.
const (
	None        Level = "none" // nothing proved yet
	Installable Level = "installable"
	Testable    Level = "testable"
	Runnable    Level = "runnable"
)

// Levels lists the provable levels, lowest first.
var Levels = []Level{Installable, Testable, Runnable}

// Rank orders levels: none 0, installable 1, testable 2, runnable 3.
func (l Level) Rank() int {
	switch l {
	case Installable:
		return 1
	case Testable:
		return 2
	case Runnable:
		return 3
	}
	return 0
}

// ParseLevel accepts a level name (case-insensitive).
func ParseLevel(s string) (Level, error) {
	switch l := Level(strings.ToLower(strings.TrimSpace(s))); l {
	case None, Installable, Testable, Runnable:
		return l, nil
	}
	return "", fmt.Errorf("unknown level %q (want installable, testable or runnable)", s)
}

// Bucket is the finer class a command is mined into; each maps to a level.
type Bucket string

// Buckets.
const (
	Build       Bucket = "build"       // compile / install: Installable
	Smoke       Bucket = "smoke"       // runtime probe (--version, import): Testable
	Unit        Bucket = "unit"        // a test suite: Testable
	Integration Bucket = "integration" // end-to-end run: Runnable
	Entry       Bucket = "entry"       // the program's real entry point: Runnable
)

// Level returns the level a bucket proves.
func (b Bucket) Level() Level {
	switch b {
	case Build:
		return Installable
	case Smoke, Unit:
		return Testable
	case Integration, Entry:
		return Runnable
	}
	return None
}

// Provenance says where a command was found. It is the Bash File's
// provenance type; here Source names a miner: readme, docs, ci, makefile,
// package.json, cmake, meson, tox, convention, entrypoint, synthesized,
// built, header, llm or user. Where() is its short form.
type Provenance = bashfile.Provenance

// Command is one pyramid entry.
type Command struct {
	Text   string       `json:"text"`             // shell command, run from Dir
	Dir    string       `json:"dir,omitempty"`    // working directory relative to the repository
	Bucket Bucket       `json:"bucket"`           // finer class
	Level  Level        `json:"level"`            // Bucket.Level(), stored for readers of the JSON
	Reason string       `json:"reason"`           // why it is at this level
	Why    []Provenance `json:"why"`              // where it was found (several after dedupe)
	Synth  bool         `json:"synthesized"`      // made up by heragent, not found in the repository
	Expect []string     `json:"expect,omitempty"` // regexes the output must show (user goals)
	// Background marks a server: started, probed on localhost, stopped.
	Background bool `json:"background,omitempty"`
	// Serve is a background probe's server command in the foreground: what
	// an exported image runs as its entrypoint.
	Serve string `json:"serve,omitempty"`
	// User runs the command as this unprivileged account instead of root
	// (a test suite that refuses root); set by a repair.
	User string `json:"user,omitempty"`
	// Display runs the command under a virtual X display (xvfb-run): a
	// test suite that opens windows; set by a repair.
	Display bool `json:"display,omitempty"`
	// TTY runs the command on a pseudo-terminal that types q, then Ctrl-C
	// (script(1)): a terminal UI; set by a repair.
	TTY bool `json:"tty,omitempty"`
	// Start are shell lines run as root before the command, each starting
	// a service it connects to (a Redis server for a client library's
	// tests) unless the service answers already; set by a repair.
	Start []string `json:"start,omitempty"`
	// LeftOut are the tests the command leaves out, which failed for want
	// of the network (WithoutTests).
	LeftOut []string `json:"left_out,omitempty"`
	// Driver marks a test suite's own driver in the project's language
	// (lua's all.lua, Tcl's all.tcl): one that runs to its end with exit
	// 0 proves the suite although it prints no count a parser knows.
	Driver bool `json:"driver,omitempty"`
	// Only marks the project's only test target, though its name reads as
	// one of several (sds's sds-test in a Makefile without test or check):
	// it grades as the suite.
	Only bool `json:"only,omitempty"`
	// Part says what part of the project's suite the command runs when
	// its text does not show it: one suite of the chain `npm test` runs
	// (`node test/mocha.js` of `node test/compress.js && node
	// test/mocha.js`). It grades as a subset and may run after the whole
	// was cut at its share of the run (Narrow).
	Part string `json:"part,omitempty"`
	// inside is the wrapper command this one was unwrapped from (its
	// canonical key): it is ordered with its wrapper, however the two
	// were found (order)
	inside string
}

// Pyramid is the ordered set of commands for a repository.
type Pyramid struct {
	SchemaVersion int `json:"schema_version"`
	// TestsFound is roughly how many tests the repository has (CountTests):
	// what a Testable command's run is measured against (GradeTestable).
	TestsFound int `json:"tests_found,omitempty"`
	// SuitePrograms are the programs the test suite runs that are tests
	// themselves (suitePrograms): never a Runnable probe's.
	SuitePrograms []string  `json:"suite_programs,omitempty"`
	Commands      []Command `json:"commands"`
}

// Add appends c, setting its Level from its Bucket.
func (p *Pyramid) Add(c Command) {
	c.Level = c.Bucket.Level()
	p.Commands = append(p.Commands, c)
}

// Has reports whether the pyramid holds c's text at c's level.
func (p *Pyramid) Has(c Command) bool {
	return slices.ContainsFunc(p.Commands, func(k Command) bool { return k.Text == c.Text && k.Level == c.Level })
}

// At returns the commands of one level, in order.
func (p *Pyramid) At(l Level) []Command {
	var out []Command
	for _, c := range p.Commands {
		if c.Level == l {
			out = append(out, c)
		}
	}
	return out
}
