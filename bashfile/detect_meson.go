package bashfile

import "context"

// mesonDetector: a top-level meson.build. Sets up ./build (BuildDir) once
// and compiles; the tests are the pyramid's (meson test -C build).
type mesonDetector struct{}

func (mesonDetector) Name() string { return "meson" }

func (mesonDetector) Detect(r *repo) bool { return r.stacks["meson"] }

func (d mesonDetector) Apply(ctx context.Context, p *planner) error {
	const file = "meson.build"
	if err := p.install(Base, ev(d.Name(), file, 0, "C/C++ compiler, meson, ninja; meson finds dependency() through pkg-config"),
		"build-essential", "meson", "ninja-build", "pkg-config"); err != nil {
		return err
	}
	if err := p.cSystemDeps(ctx, d.Name()); err != nil {
		return err
	}
	dir := p.repo.outOfTree()
	flags, docs := p.repo.docsOff(mesonDocsOff, "meson_options.txt", "meson.options")
	if err := p.add(Build, "[ -f "+dir+"/build.ninja ] || meson setup "+dir+flags, ev(d.Name(), file, 0, "configure out of tree, once"+docs)); err != nil {
		return err
	}
	return p.add(Build, "meson compile -C "+dir, ev(d.Name(), file, 0, "build every target (tests run later, from the test pyramid)"))
}
