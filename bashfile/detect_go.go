package bashfile

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// goDetector: a top-level go.mod. Debian's golang-go (1.19) when go.mod's
// go (and toolchain) version allows it; otherwise the newest patch release
// of the needed minor version from the Go module proxy's toolchain module.
// Then go mod download and go build ./....
type goDetector struct{}

func (goDetector) Name() string { return "go" }

func (goDetector) Detect(r *repo) bool { return r.stacks["go"] || r.has("go.mod") }

// debianGo is the Go version of Debian bookworm.
const debianGo = "1.19"

var goMinorRe = regexp.MustCompile(`^(?:go)?(1\.\d+)`)

func (d goDetector) Apply(ctx context.Context, p *planner) error {
	const mod = "go.mod"
	minor := ""
	if m := goMinorRe.FindStringSubmatch(p.repo.fact(mod, "go")); m != nil {
		minor = m[1]
	}
	if m := goMinorRe.FindStringSubmatch(p.repo.fact(mod, "toolchain")); m != nil && (minor == "" || !versionAtMost(m[1], minor)) {
		minor = m[1]
	}
	modFile := p.repo.first(mod) // "" for a package without one
	if minor == "" || versionAtMost(minor, debianGo) {
		if err := p.install(Runtimes, ev(d.Name(), modFile, 0, fmt.Sprintf("go %s: Debian's Go %s is enough", versionOr(minor, "unset"), debianGo)), "golang-go", "ca-certificates"); err != nil {
			return err
		}
	} else {
		why := ev(d.Name(), mod, 0, fmt.Sprintf("go.mod needs Go %s, newer than Debian's %s: the toolchain module from the Go module proxy", minor, debianGo))
		if err := p.add(Runtimes, GoToolchainInstall(minor), why); err != nil {
			return err
		}
		if err := p.add(Runtimes, "path_prepend "+GoToolchainDir(minor)+"/bin", why); err != nil {
			return err
		}
	}
	if err := d.cgo(ctx, p); err != nil {
		return err
	}
	if !p.repo.has(mod) {
		return d.gopath(ctx, p)
	}
	if err := d.modules(p, minor); err != nil {
		return err
	}
	if err := p.add(Build, "go build ./...", ev(d.Name(), mod, 0, "build every package")); err != nil {
		return err
	}
	return d.installPrograms(ctx, p, p.repo.fact(mod, "module"), mod)
}

// installPrograms installs the programs of module modPath on PATH, as
// its users run them; file is the evidence ("" for the module go mod
// init makes).
func (d goDetector) installPrograms(ctx context.Context, p *planner, modPath, file string) error {
	progs := GoPrograms(p.goProgramMains(ctx), modPath, NestedGoModules(ctx, p.ix))
	if len(progs) == 0 {
		return nil
	}
	var pkgs, names []string
	for _, g := range progs {
		pkgs, names = append(pkgs, g.Pkg), append(names, g.Name)
	}
	return p.add(Build, "GOBIN=/usr/local/bin go install "+strings.Join(pkgs, " "),
		ev(d.Name(), file, 0, "install the module's programs ("+strings.Join(names, ", ")+") on PATH, as its users run them"))
}

// modules: the module's dependencies from the Go module proxy — unless
// the repository vendors them (vendor/modules.txt, go ≥ 1.14 in go.mod):
// the go command then builds from vendor/ without asking the proxy, which
// may not serve every one of them (scc's, lazygit's, hey's vendored
// modules).
func (d goDetector) modules(p *planner, minor string) error {
	if p.repo.onDisk("vendor/modules.txt") && minor != "" && !versionAtMost(minor, "1.13") {
		p.note("go: the module's dependencies are vendored (vendor/modules.txt): the go command builds from vendor/, offline, without go mod download")
		return nil
	}
	return p.addProject(Runtimes, "go mod download", ev(d.Name(), "go.mod", 0, "module dependencies from the Go module proxy"))
}

// cgo: packages of the module that import "C" need a C compiler, and the
// go command turns cgo off when it finds none — the package then compiles
// without its C half and its tests fail on undefined names (go-sqlite3's
// driver). gcc and libc6-dev go in with the toolchain, and cgo is on.
//
// The race detector needs cgo too: a project whose CI runs its tests with
// -race (rs/xid, segmentio/ksuid, spf13/cast) gets the C compiler up
// front, not after a test run that compiled everything and failed with
// "go: -race requires cgo" and a repair round.
func (d goDetector) cgo(ctx context.Context, p *planner) error {
	why, ok := d.cgoNeed(ctx, p)
	if !ok {
		return nil
	}
	if err := p.install(Base, why, "gcc", "libc6-dev"); err != nil {
		return err
	}
	return p.add(Runtimes, "persist_env CGO_ENABLED 1", why)
}

// goRaceRe is a go test command with the race detector on.
var goRaceRe = regexp.MustCompile(`\bgo\s+test\b[^\n;&|]*\s-race\b`)

// cgoNeed is the evidence that the module needs cgo: a file importing
// "C", else a CI step testing with -race.
func (d goDetector) cgoNeed(ctx context.Context, p *planner) (Provenance, bool) {
	if files, err := p.ix.Importers(ctx, "C"); err == nil {
		for _, f := range files {
			if strings.HasSuffix(f, ".go") && !strings.Contains("/"+f, "/vendor/") && !strings.Contains("/"+f, "/testdata/") && !strings.Contains("/"+f, "/_") {
				return ev(d.Name(), f, 0, `imports "C": cgo needs a C compiler`), true
			}
		}
	}
	steps, err := p.ix.CISteps(ctx)
	if err != nil {
		return Provenance{}, false
	}
	for _, st := range steps {
		if st.System != "dockerfile" && goRaceRe.MatchString(st.Text) {
			return ev(d.Name(), st.Path, st.Line, "the CI tests with -race: the race detector needs cgo and a C compiler"), true
		}
	}
	return Provenance{}, false
}

// gopath sets up a package without go.mod (gopath.go): the module its
// import path names, its imports resolved by the Go module proxy, then
// the build.
func (d goDetector) gopath(ctx context.Context, p *planner) error {
	modPath, why := p.repo.gopathModule()
	p.note("go: no go.mod; the Bash File makes module " + modPath + " (go mod init) and resolves its imports (go mod tidy)")
	if err := p.add(Runtimes, "[ -f go.mod ] || go mod init "+modPath, ev(d.Name(), "", 0, why)); err != nil {
		return err
	}
	if err := p.addProject(Runtimes, "go mod tidy", ev(d.Name(), "", 0, "its imports from the Go module proxy, as go get resolved them")); err != nil {
		return err
	}
	if p.repo.hasDir("vendor") && !p.repo.onDisk("vendor/modules.txt") {
		// a vendor/ of govendor's, dep's or glide's: the go command would
		// build from it and refuse it ("inconsistent vendoring")
		if err := p.add(Runtimes, "persist_env GOFLAGS -mod=mod", ev(d.Name(), "vendor", 0, "vendor/ of a pre-module tool, not the go command's: the modules from the proxy")); err != nil {
			return err
		}
	}
	if err := p.add(Build, "go build ./...", ev(d.Name(), "", 0, "build every package")); err != nil {
		return err
	}
	// its README's `go get -u github.com/fogleman/primitive` put the
	// program on PATH in GOPATH's days
	return d.installPrograms(ctx, p, modPath, "")
}

// notModuleChars are what a module path element does not hold.
var notModuleChars = regexp.MustCompile(`[^a-z0-9._-]+`)

// localModuleName is a directory's name as a module path element.
func localModuleName(dir string) string {
	n := strings.Trim(notModuleChars.ReplaceAllString(strings.ToLower(dir), "-"), "-.")
	if n == "" {
		return "project"
	}
	return n
}
