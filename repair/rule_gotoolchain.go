package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// goToolchainTooOld: go.mod asks for a newer Go than the one installed
// (Debian bookworm has 1.19). The repair installs the newest patch release
// of the needed minor version from the Go module proxy's
// golang.org/toolchain module (the proxy is reachable where GitHub and
// go.dev may not be) into /usr/local/go<minor> and puts it first on PATH.
type goToolchainTooOld struct{}

var goToolchainMatches = []match{
	// go >= 1.21: go: go.mod requires go >= 1.22 (running go 1.21.0; GOTOOLCHAIN=local)
	{GoToolchainTooOld, regexp.MustCompile(`requires go >= (\d+\.\d+)`)},
	// go <= 1.20: go.mod:3: invalid go version '1.22.0': must match format 1.23
	{GoToolchainTooOld, regexp.MustCompile(`invalid go version '(\d+\.\d+)`)},
	// go <= 1.20 after a compile error: note: module requires Go 1.22
	{GoToolchainTooOld, regexp.MustCompile(`note: module requires Go (\d+\.\d+)`)},
	// go <= 1.20: go.mod:5: unknown directive: toolchain (version read from go.mod)
	{GoToolchainTooOld, regexp.MustCompile(`go\.mod:\d+: unknown directive: (toolchain)`)},
	// go >= 1.21 without network: go: download go1.22.5 for linux/amd64: toolchain not available
	{GoToolchainTooOld, regexp.MustCompile(`download go(\d+\.\d+)\S* for \S+: toolchain not available`)},
}

func (goToolchainTooOld) Name() string { return "go-toolchain" }

func (goToolchainTooOld) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, goToolchainMatches, nil)
	// The version, when any line names it, is the subject of them all.
	version := ""
	for _, d := range ds {
		if d.Subject != "toolchain" {
			version = d.Subject
			break
		}
	}
	for i := range ds {
		if ds[i].Subject == "toolchain" {
			ds[i].Subject = version
		}
	}
	if len(ds) == 0 {
		// go.mod asks for an old Go, the code uses a newer standard library
		if v, line := goStdNewer(f.Log); v != "" {
			ds = append(ds, Diagnosis{Kind: GoToolchainTooOld, Subject: v, Evidence: line, Detail: "standard-library"})
		}
	}
	return ds
}

var (
	goToolchainPathRe = regexp.MustCompile(`^path_prepend /usr/local/go1\.\d+/bin$`)
	goModGoRe         = regexp.MustCompile(`(?m)^go (\d+\.\d+)`)
	goMinorRe         = regexp.MustCompile(`^1\.\d+$`)
)

func (r goToolchainTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GoToolchainTooOld {
		return Proposal{}, false
	}
	v := d.Subject
	if v == "" {
		if m := goModGoRe.FindStringSubmatch(ctx.readRepo("go.mod")); m != nil {
			v = m[1]
		}
	}
	if !goMinorRe.MatchString(v) {
		return none(d, "the log does not say which Go version go.mod needs"), true
	}
	if ctx.tried(r.Name(), Diagnosis{Kind: d.Kind, Subject: v}) > 0 {
		return none(d, fmt.Sprintf("Go %s was installed by an earlier repair and the failure remains", v)), true
	}
	dir := bashfile.GoToolchainDir(v)
	install := bashfile.GoToolchainInstall(v)
	path := "path_prepend " + dir + "/bin"
	w := why(r, d)
	var edits []bashfile.Edit
	if _, older := ctx.find(bashfile.Runtimes, goToolchainPathRe.MatchString); older != "" {
		// after the toolchain the Bash File puts first already (go.mod's
		// older minimum), or that one stays first on PATH: kong's go.mod
		// asks for 1.20, a dependency uses 1.22's reflect.TypeFor
		edits = []bashfile.Edit{
			{Op: bashfile.OpInsertAfter, Section: bashfile.Runtimes, Match: older, Command: install, Why: w},
			{Op: bashfile.OpInsertAfter, Section: bashfile.Runtimes, Match: dir + "/bin/go ]", Command: path, Why: w},
		}
	} else if ctx.File != nil && len(ctx.File.Section(bashfile.Runtimes).Commands) > 0 {
		// Before the first runtime command, which may already run go.
		// Targets are matched by text, so the edits stay right when other
		// proposals change the section first.
		edits = []bashfile.Edit{
			{Op: bashfile.OpInsertBefore, Section: bashfile.Runtimes, Match: ctx.File.Section(bashfile.Runtimes).Commands[0].Text, Command: install, Why: w},
			{Op: bashfile.OpInsertAfter, Section: bashfile.Runtimes, Match: dir + "/bin/go ]", Command: path, Why: w},
		}
	} else {
		edits = []bashfile.Edit{
			{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: install, Why: w},
			{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: path, Why: w},
		}
	}
	if i, _ := ctx.find(bashfile.Runtimes, func(t string) bool { return strings.Contains(t, path) }); i >= 0 {
		return none(d, "Go "+v+" is already installed by the Bash File"), true
	}
	needs := "go.mod needs Go " + v
	if d.Detail == "standard-library" {
		needs = "the code uses Go " + v + "'s standard library (" + d.Evidence + ")"
	}
	return edit(d, fmt.Sprintf("%s: install its newest patch release from the Go module proxy (golang.org/toolchain) into %s", needs, dir), edits...), true
}
