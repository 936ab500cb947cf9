package repair

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// builtElsewhere: a test script runs the project's program where an
// in-source build leaves it (gravity's test/unittest/run_all.sh runs
// ../../gravity, which its Makefile makes at the top), but the Bash File
// built out of source (CMake's build/bin/gravity; md4c's run-tests.py
// wants md2html/md2html, CMake made build/md2html/md2html). The repair links the
// path the script wants to the program of that name the build made,
// found when the script runs; with no such program the link is not made
// and the failure stays, recorded the next time.
type builtElsewhere struct{}

var (
	// timeout: failed to run command ‘/repo/test/unittest/../../gravity’: No such file or directory
	// /repo/tools/x: No such file or directory (a shell's, by path)
	elsewhereRes = []*regexp.Regexp{
		regexp.MustCompile(`failed to run command [‘'](/[^’']+)[’']: No such file or directory`),
		regexp.MustCompile(`^(?:\S*sh: )?(?:line \d+: )?(/[\w./+-]+): No such file or directory$`),
	}
	// Python starting it: FileNotFoundError: [Errno 2] No such file or
	// directory: '/repo/md2html/md2html' — after subprocess's
	// _execute_child, or it is a file the script reads (a submodule's)
	popenMissingRe = regexp.MustCompile(`No such file or directory: '(/[\w./+-]+)'$`)
	// a make recipe's: make: ./test_tinyexr: No such file or directory
	// (tinyexr's `test: ./test_tinyexr asakusa.exr`, its Makefile's own
	// build skipped for CMake's), relative to the top when make ran there
	makeCmdRe           = regexp.MustCompile(`^g?make\b`)
	makeRecipeMissingRe = regexp.MustCompile(`^g?make(?:\[\d+\])?: (\./[\w./+-]+): No such file or directory$`)
	// a program's name: no extension (a data file's or a script's source)
	programNameRe = regexp.MustCompile(`^[\w+-]+$`)
)

func (builtElsewhere) Name() string { return "built-elsewhere" }

func (builtElsewhere) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	res := elsewhereRes
	if strings.Contains(f.Log, "in _execute_child") {
		res = append(slices.Clone(res), popenMissingRe)
	}
	topMake := makeCmdRe.MatchString(f.Command) && !strings.Contains(f.Command, " -C ") && !strings.Contains(f.Command, "cd ")
	for _, l := range logLines(f.Log) {
		if m := makeRecipeMissingRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil && topMake && programNameRe.MatchString(path.Base(m[1])) {
			return []Diagnosis{{Kind: BuiltElsewhere, Subject: path.Join(bashfile.DefaultRepoDir, m[1]), Evidence: strings.TrimSpace(l)}}
		}
		for _, re := range res {
			if m := re.FindStringSubmatch(strings.TrimSpace(l)); m != nil && programNameRe.MatchString(path.Base(m[1])) {
				return []Diagnosis{{Kind: BuiltElsewhere, Subject: path.Clean(m[1]), Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

func (r builtElsewhere) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != BuiltElsewhere || ctx.File == nil {
		return Proposal{}, false
	}
	rel, ok := strings.CutPrefix(d.Subject, ctx.File.RepoDir+"/")
	if !ok {
		return Proposal{}, false // not the project's own path
	}
	if ctx.tried(r.Name(), d) > 0 {
		return record(d, "the build made no program named "+path.Base(rel)+" to link at "+rel+": the script runs what another build of the project makes"), true
	}
	q, name := bashfile.ShellQuote(rel), bashfile.ShellQuote(path.Base(rel))
	link := `[ -e ` + q + ` ] || { p=$(find . -path ./.git -prune -o -type f -name ` + name + ` -perm -u+x -print | head -n 1); [ -z "$p" ] || { mkdir -p "$(dirname ` + q + `)" && ln -s "$PWD/${p#./}" ` + q + `; }; }`
	return edit(d, "the command runs "+rel+", where an in-source build leaves the program; this build made it elsewhere: link it there",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Build, Command: link, Why: why(r, d)}), true
}
