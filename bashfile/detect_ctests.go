package bashfile

import (
	"context"
	"path"
	"strings"
)

// cTestsMakeDetector: C/C++ code with no build system at the top, only a
// Makefile in a tests directory (a header-only library such as uthash,
// whose tests/Makefile compiles and runs each test). Nothing is built
// at setup; the toolchain the test suite's make needs is installed, so
// the suite does not learn of make, then of cc, one full setup run
// apart.
type cTestsMakeDetector struct{}

func (cTestsMakeDetector) Name() string { return "make" }

func (cTestsMakeDetector) Detect(r *repo) bool {
	for _, s := range []string{"cmake", "meson", "autotools", "make"} {
		if r.stacks[s] {
			return false
		}
	}
	return r.testsMakefile() != "" && r.hasLanguage("C", "C++")
}

// testsMakefile is a Makefile in a tests directory, "" when there is none.
func (r *repo) testsMakefile() string {
	for _, f := range r.files {
		switch path.Base(f.Path) {
		case "Makefile", "makefile", "GNUmakefile":
			if strings.Contains(f.Path, "/") && testPath(f.Path) {
				return f.Path
			}
		}
	}
	return ""
}

func (d cTestsMakeDetector) Apply(ctx context.Context, p *planner) error {
	why := ev(d.Name(), p.repo.testsMakefile(), 0, "C/C++ compiler and make for the test suite's Makefile (no build system at the top)")
	if err := p.install(Base, why, "build-essential"); err != nil {
		return err
	}
	return p.cSystemDeps(ctx, d.Name())
}
