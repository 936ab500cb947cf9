package repair

import (
	"path"
	"regexp"
	"strings"
)

// interpreterMissing: a script of the checkout, run by its path, fails
// with "No such file or directory" although it is there — the program its
// #! line names is what is missing. bash says so ("bad interpreter"), make
// and sh do not (8cc's `make test`: "make: ./test/negative.py: No such
// file or directory", its first line #!/usr/bin/python2). The #! line is
// read from the repository: Python 2 is recorded as the python2 rule
// records it (Debian 12 has none); any other interpreter is a missing
// program, which missing-executable installs.
type interpreterMissing struct{}

var (
	// scriptENOENTRe is a script run by its path that the kernel could not
	// start: make's, sh's and bash's words for it.
	scriptENOENTRe = regexp.MustCompile(`^(?:make(?:\[\d+\])?: |/bin/sh: \d+: |(?:(?:/usr)?/bin/)?bash: (?:line \d+: )?)(?:/repo/)?(\.{0,2}/?[\w.+-]+(?:/[\w.+-]+)*): (?:/\S+: bad interpreter: )?No such file or directory$`)
	// shebangRe is a #! line: the interpreter, and env's argument.
	shebangRe = regexp.MustCompile(`^#!\s*(\S+)(?:\s+(?:-\S+\s+)*(\S+))?`)
)

func (interpreterMissing) Name() string { return "interpreter-missing" }

func (interpreterMissing) Diagnose(f Failure) []Diagnosis {
	if f.Repo == nil {
		return nil
	}
	for _, l := range logLines(f.Log) {
		m := scriptENOENTRe.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		script := path.Clean(m[1])
		src, err := f.Repo.ReadFile(script)
		if err != nil {
			continue
		}
		first, _, _ := strings.Cut(string(src), "\n")
		sb := shebangRe.FindStringSubmatch(first)
		if sb == nil {
			continue
		}
		prog := path.Base(sb[1])
		if prog == "env" && sb[2] != "" {
			prog = sb[2]
		}
		ev := strings.TrimSpace(l) + " (its first line: " + strings.TrimSpace(first) + ")"
		if prog == "python2" || strings.HasPrefix(prog, "python2.") {
			return []Diagnosis{{Kind: Python2, Subject: script, Evidence: ev}}
		}
		return []Diagnosis{{Kind: MissingExecutable, Subject: prog, Evidence: ev}}
	}
	return nil
}

// Propose: python2 records, missing-executable installs.
func (interpreterMissing) Propose(Diagnosis, *Context) (Proposal, bool) { return Proposal{}, false }
