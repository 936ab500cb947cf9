package pyramid

import (
	"regexp"
	"strings"
)

// A checker (a linter, a validator, a style checker) run on an input the
// command wrote for it exits 1 when it finds something to report:
// pydocstyle on the docs' test.py prints "test.py:1 at module level: D100
// Missing docstring" and exits 1. That is the program doing its work on
// its input, not failing: its findings name the input file at a line.

// writtenFileRe is a file a command writes with a redirection.
var writtenFileRe = regexp.MustCompile(`>\s*([\w][\w./-]*)`)

// lineNumberRe is the line number after "file:".
var lineNumberRe = regexp.MustCompile(`^\d+\b`)

// reportedFindings reports an Entry command's exit 1 whose output names a
// file the command wrote, at a line (file:line), and shows no crash.
func reportedFindings(c Command, o Outcome) bool {
	if c.Bucket != Entry || o.ExitCode != 1 || o.TimedOut || c.LastResort() || CrashSignature(o.Output) != "" {
		return false
	}
	for _, m := range writtenFileRe.FindAllStringSubmatch(c.Text, -1) {
		f := strings.TrimPrefix(m[1], "./")
		if strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, ".heragent-example") {
			continue // an example program heragent wrote runs, it is not checked
		}
		for _, l := range strings.Split(o.Output, "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimPrefix(l, "./"), f+":"); ok && lineNumberRe.MatchString(rest) {
				return true
			}
		}
	}
	return false
}
