package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// goNeedsCgo: a go command asked for what only cgo gives (-race, the
// msan/asan sanitizers, a cgo package) while cgo is off — the go tool
// turns it off when no C compiler is on PATH. The repair installs the C
// toolchain and turns cgo on for every later shell.
type goNeedsCgo struct{}

var goCgoMatches = []match{
	// go test -race ./...: go: -race requires cgo; enable cgo by setting CGO_ENABLED=1
	{GoNeedsCgo, regexp.MustCompile(`go: (-race|-msan|-asan) requires cgo`)},
	// build constraints exclude all Go files in …go-sqlite3 (cgo off)
	{GoNeedsCgo, regexp.MustCompile(`(?:_cgo_export|cgo): C compiler "gcc" not found|(?:^|\s)(gcc): executable file not found in \$PATH`)},
}

func (goNeedsCgo) Name() string { return "go-cgo" }

func (goNeedsCgo) Diagnose(f Failure) []Diagnosis { return scan(f.Log, goCgoMatches, nil) }

func (r goNeedsCgo) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != GoNeedsCgo {
		return Proposal{}, false
	}
	return edit(d, "cgo is off without a C compiler: install gcc and set CGO_ENABLED=1",
		bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"gcc", "libc6-dev"}, Why: why(r, d)},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env CGO_ENABLED 1", Why: why(r, d)}), true
}
