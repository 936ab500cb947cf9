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
	// the program says which argument is missing or too many, in words:
	// "fusermount3: missing mountpoint argument", "cp: missing file
	// operand", "prog: extra arguments after the mountpoint", "too few
	// arguments"
	{UsageError, regexp.MustCompile(`(?i)^(\S+): (?:error: )?(?:missing (?:[\w-]+ ){0,3}(?:argument|operand|parameter)s?|extra (?:arguments?|operands?)|too (?:many|few) arguments|wrong number of arguments)\b`)},
	// a subcommand it does not have: cobra's `Error: unknown command "x"
	// for "prog"`, "prog: invalid command 'x'"
	{UsageError, regexp.MustCompile(`(?i)^(?:\S+: )?(?:error: )?(?:unknown|invalid|unrecognized) (?:sub)?command:? ["']?([^"'\s]+)`)},
}

// inputMatches: a program fed the probe's made-up input on stdin (two
// lines of text, a small JSON or XML document) said it is not its format —
// a keymap compiler, an archive tool, a language's interpreter.
var inputMatches = []match{
	{InputRejected, regexp.MustCompile(`(?i)()\b(?:syntax error|parse error|error while parsing|failed to parse|unexpected end of (?:file|input)|unexpected token|not in \w+ format|unrecognized (?:file )?format|unknown (?:file )?format|invalid (?:input|format|header|magic)|bad magic|not a valid \w+ file)`)},
}

// workdirMatches: the directory a command was mined to run in (CI's own
// build directory: `cd build.d && make check`, `make -C build.d check`)
// is not there after the Bash File ran — the runner's `cd` into it or
// make's -C failed before the command did anything.
var workdirMatches = []match{
	{NoWorkdir, regexp.MustCompile(`^(?:\S*sh: )?(?:line \d+: )?cd: /repo/([\w./+-]+): No such file or directory$`)},
	{NoWorkdir, regexp.MustCompile(`^g?make(?:\[\d+\])?: \*\*\* ([\w./+-]+): No such file or directory\.\s+Stop\.$`)},
	// no Makefile where make runs: another build system's configure
	// writes it, and the Bash File builds with CMake (flac's `make &&
	// make check` beside its CMake build)
	{NotBuilt, regexp.MustCompile(`^g?make(?:\[\d+\])?: \*\*\* No targets specified and no makefile found\.\s+Stop\.$()`)},
}

func (rejected) Name() string { return "rejected" }

// fragmentMatches: a documentation example run whole uses a name an
// earlier part of the page defined or the reader is to supply
// (`requests.post(url=url, data=body)`): the example is a fragment.
var fragmentMatches = []match{
	{IncompleteExample, regexp.MustCompile(`NameError: name '(\w+)' is not defined`)},
	{IncompleteExample, regexp.MustCompile(`ReferenceError: ([\w$]+) is not defined`)},
	// a module of the reader's package (factory_boy's `from . import
	// models`): run alone it has no package
	{IncompleteExample, regexp.MustCompile(`ImportError: attempted relative import with no known parent package()`)},
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
	if ds := firstOnly(scan(f.Log, workdirMatches, nil)); len(ds) > 0 && f.ExitCode != 0 {
		return ds
	}
	if ds := notBuilt(f); len(ds) > 0 {
		return ds
	}
	if m := landmarkVerdictRe.FindStringSubmatch(f.Verdict); m != nil && f.ExitCode == 0 {
		return []Diagnosis{{Kind: LandmarkMissing, Subject: m[1], Evidence: f.Verdict}}
	}
	if ds := firstOnly(scan(f.Log, rejectedMatches, nil)); len(ds) > 0 || !pyramid.IsStdinProbe(f.Command) {
		return ds
	}
	return firstOnly(scan(f.Log, inputMatches, nil))
}

// landmarkVerdictRe is the judge failing a command that exited 0 for
// what its output lacks (a consumer's version, a goal's --expect).
var landmarkVerdictRe = regexp.MustCompile(`^landmark "(.*)" not in the output`)

// notBuiltRe is the shell failing to find a command's program by its
// path: "bash: line 4: ./checkmk/checkmk: No such file or directory".
var notBuiltRe = regexp.MustCompile(`^(?:\S*sh: )?(?:line \d+: )?(\.{0,2}/?[\w.+-]+(?:/[\w.+-]+)*): No such file or directory$`)

// notBuilt diagnoses a command whose program, named by a path, is not
// there after the Bash File ran (exit 127): the build does not make it —
// a rule of another build system than the one the Bash File uses
// (libcheck's checkmk comes from configure, the build is CMake's), or a
// target outside the default build.
func notBuilt(f Failure) []Diagnosis {
	if f.ExitCode != 127 {
		return nil
	}
	for _, l := range logLines(f.Log) {
		m := notBuiltRe.FindStringSubmatch(strings.TrimSpace(l))
		if m != nil && strings.Contains(m[1], "/") && programOf(f.Command, m[1]) {
			return []Diagnosis{{Kind: NotBuilt, Subject: m[1], Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

// commandSepRe separates a command line's simple commands.
var commandSepRe = regexp.MustCompile(`&&|\|\||[;|]`)

// programOf reports whether path is the program of one of command's
// simple commands (the first word after the start, &&, ||, ;, | or a
// `cd dir &&`), not an argument.
func programOf(command, path string) bool {
	for _, part := range commandSepRe.Split(command, -1) {
		if w := strings.Fields(part); len(w) > 0 && (w[0] == path || strings.TrimPrefix(w[0], "./") == strings.TrimPrefix(path, "./")) {
			return true
		}
	}
	return false
}

func (rejected) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	switch d.Kind {
	case NotBuilt:
		if d.Subject == "" {
			return record(d, "the build made no Makefile where make runs: another build system's configure writes it, not the one the Bash File builds with"), true
		}
		return record(d, "the build made no "+d.Subject+": the program the command runs does not exist after the Bash File ran (a rule of another build system than the one it builds with, or a target outside the default build)"), true
	case NoSuchTarget:
		return record(d, "the project has no target or script "+d.Subject+": the command is not one of its own"), true
	case NoWorkdir:
		return record(d, "there is no "+d.Subject+"/ to run it in: the build made no such directory (the command's source ran it in a build directory of its own; the Bash File builds elsewhere)"), true
	case UsageError:
		return record(d, "the program ran and refused the arguments it was given (it printed its usage): "+d.Evidence), true
	case InputRejected:
		return record(d, "the program ran and refused the made-up input it was given on stdin (not its format): "+d.Evidence), true
	case LandmarkMissing:
		return record(d, "it ran and exited 0, but its output does not show "+d.Subject+", what it was to show: the program's own answer (a version function returning what a program sets, an empty result), not something the environment lacks"), true
	case IncompleteExample:
		what := d.Subject
		if what == "" {
			what = "a relative import (a module of the reader's own package)"
		}
		return record(d, "the documentation's example is a fragment: it uses "+what+", which the page defines elsewhere or leaves to the reader"), true
	}
	return Proposal{}, false
}
