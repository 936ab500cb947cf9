package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/pyramid"
)

// rejected: the command ran and refused what it was given — a program
// that printed its usage for the probe's arguments, a make target, npm
// script or ninja target the project does not have. Nothing in the
// environment is missing: recorded (the command is not tried again in
// this state) under what it is, not as unknown. Commands after setup
// only; a more specific rule (a missing tool named in the same log) goes
// first.
type rejected struct{}

var rejectedMatches = []match{
	{NoSuchTarget, regexp.MustCompile(`No rule to make target '([^']+)'\.\s+Stop\.`)},
	{NoSuchTarget, regexp.MustCompile(`npm ERR! Missing script: "([^"]+)"|npm error Missing script: "([^"]+)"`)},
	{NoSuchTarget, regexp.MustCompile(`error Command "([^"]+)" not found\.`)}, // yarn 1
	{NoSuchTarget, regexp.MustCompile(`ERR_PNPM_NO_SCRIPT\S* Missing script: (\S+)`)},
	{NoSuchTarget, regexp.MustCompile(`ninja: error: unknown target '([^']+)'`)},
	{UsageError, regexp.MustCompile(`^\s*(?:[Uu]sage|USAGE) ?: (\S+)`)}, // "Usage : prog …" too, a space before the colon
	{UsageError, regexp.MustCompile(`(?i)^(?:\S+: )?(?:error: )?please specify (.+)`)},
	{UsageError, regexp.MustCompile(`^(\S+): error: the following arguments are required`)},
	{UsageError, regexp.MustCompile(`^(\S+): (?:unrecognized|invalid|unknown) option\b`)},
	{UsageError, regexp.MustCompile(`^Try '(\S+) --help' for more information`)},
}

// inputMatches: a program fed the probe's made-up input on stdin (two
// lines of text, a small JSON or XML document) said it is not its format —
// a keymap compiler, an archive tool, a language's interpreter.
var inputMatches = []match{
	{InputRejected, regexp.MustCompile(`(?i)()\b(?:syntax error|parse error|error while parsing|failed to parse|unexpected end of (?:file|input)|unexpected token|not in \w+ format|unrecognized (?:file )?format|unknown (?:file )?format|invalid (?:input|format|header|magic)|bad magic|not a valid \w+ file)`)},
}

func (rejected) Name() string { return "rejected" }

// fragmentMatches: a documentation example run whole uses a name an
// earlier part of the page defined or the reader is to supply
// (`requests.post(url=url, data=body)`): the example is a fragment.
var fragmentMatches = []match{
	{IncompleteExample, regexp.MustCompile(`NameError: name '(\w+)' is not defined`)},
	{IncompleteExample, regexp.MustCompile(`ReferenceError: ([\w$]+) is not defined`)},
}

func (rejected) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.TimedOut {
		return nil
	}
	if strings.Contains(f.Command, ".heragent-example-") {
		if ds := firstOnly(scan(f.Log, fragmentMatches, nil)); len(ds) > 0 {
			return ds
		}
	}
	if ds := firstOnly(scan(f.Log, rejectedMatches, nil)); len(ds) > 0 || !pyramid.IsStdinProbe(f.Command) {
		return ds
	}
	return firstOnly(scan(f.Log, inputMatches, nil))
}

func (rejected) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	switch d.Kind {
	case NoSuchTarget:
		return record(d, "the project has no target or script "+d.Subject+": the command is not one of its own"), true
	case UsageError:
		return record(d, "the program ran and refused the arguments it was given (it printed its usage): "+d.Evidence), true
	case InputRejected:
		return record(d, "the program ran and refused the made-up input it was given on stdin (not its format): "+d.Evidence), true
	case IncompleteExample:
		return record(d, "the documentation's example is a fragment: it uses "+d.Subject+", which the page defines elsewhere or leaves to the reader"), true
	}
	return Proposal{}, false
}
