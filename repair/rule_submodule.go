package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// missingSubmodule: the build wants a directory that is a git submodule
// nobody initialised. The repair initialises submodules (git installed);
// when the clone itself failed (the host is unreachable) it records that.
type missingSubmodule struct{}

var (
	// CMake: add_subdirectory given source "third_party/x" which is not an existing directory.
	addSubdirRe = regexp.MustCompile(`add_subdirectory given source\s+"([^"]+)"`)
	// CMake: The source directory\n\n    /repo/third_party/json\n\n  does not contain a CMakeLists.txt file.
	noCMakeListsRe = regexp.MustCompile(`does not contain a CMakeLists\.txt file`)
	// git: fatal: clone of 'URL' into submodule path '/repo/third_party/json' failed
	cloneFailedRe = regexp.MustCompile(`clone of '[^']+' into submodule path '([^']+)' failed`)
	// git: Failed to clone 'third_party/json' a second time, aborting
	cloneFailed2Re = regexp.MustCompile(`Failed to clone '([^']+)'`)
)

const cloneFailed = "clone-failed"

func (missingSubmodule) Name() string { return "missing-submodule" }

func (missingSubmodule) Diagnose(f Failure) []Diagnosis {
	lines := logLines(f.Log)
	var out []Diagnosis
	for i, l := range lines {
		switch {
		case addSubdirRe.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: addSubdirRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l)})
		case noCMakeListsRe.MatchString(l):
			// The directory is the last non-empty line before this one.
			for j := i - 1; j >= 0 && j >= i-3; j-- {
				if s := strings.TrimSpace(lines[j]); s != "" {
					if strings.HasPrefix(s, "/") {
						out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: s, Evidence: s + " does not contain a CMakeLists.txt file"})
					}
					break
				}
			}
		case cloneFailedRe.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: cloneFailedRe.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l), Detail: cloneFailed})
		case cloneFailed2Re.MatchString(l):
			out = append(out, Diagnosis{Kind: MissingSubmodule, Subject: cloneFailed2Re.FindStringSubmatch(l)[1], Evidence: strings.TrimSpace(l), Detail: cloneFailed})
		}
	}
	for i := range out {
		out[i].Subject = strings.TrimPrefix(strings.TrimPrefix(out[i].Subject, bashfile.DefaultRepoDir+"/"), "./")
	}
	return out
}

// submoduleInit fetches every submodule; safe.directory because the
// repository copy is owned by another user than the one running git.
const submoduleInit = `git -c safe.directory='*' submodule update --init --recursive`

func (r missingSubmodule) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingSubmodule {
		return Proposal{}, false
	}
	if d.Detail == cloneFailed || ctx.tried(r.Name(), d) > 0 {
		return record(d, fmt.Sprintf("submodule %s cannot be cloned from here (host unreachable?): %s", d.Subject, d.Evidence)), true
	}
	if ctx.Repo != nil {
		gm := ctx.readRepo(".gitmodules")
		if !strings.Contains(gm, d.Subject) {
			return none(d, fmt.Sprintf("%s is missing but .gitmodules does not list it", d.Subject)), true
		}
		if ctx.readRepo(".git/HEAD") == "" {
			return record(d, fmt.Sprintf("submodule %s is not initialised and the repository copy has no .git to initialise it from", d.Subject)), true
		}
	}
	w := why(r, d)
	return edit(d, fmt.Sprintf("%s is an uninitialised git submodule: initialise submodules", d.Subject),
		bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"git", "ca-certificates"}, Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Base, Command: submoduleInit, Why: w}), true
}
