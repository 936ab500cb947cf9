package bashfile

import (
	"context"
	"fmt"
)

// cargoDetector: a top-level Cargo.toml. Debian's cargo and rustc (1.63);
// fetches (honouring Cargo.lock) and builds.
type cargoDetector struct{}

func (cargoDetector) Name() string { return "cargo" }

func (cargoDetector) Detect(r *repo) bool { return r.stacks["cargo"] || r.has("Cargo.toml") }

// debianRust is the Rust version of Debian bookworm.
const debianRust = "1.63"

// webRust is the Rust of bookworm's cargo-web and rustc-web.
const webRust = "1.85"

func (d cargoDetector) Apply(ctx context.Context, p *planner) error {
	const file = "Cargo.toml"
	v := p.repo.fact(file, "rust_version")
	switch {
	case v == "" || versionAtMost(v, debianRust):
		if err := p.install(Runtimes, ev(d.Name(), file, 0, "Rust from Debian (1.63)"), "cargo", "rustc", "ca-certificates"); err != nil {
			return err
		}
	case versionAtMost(v, webRust):
		// bookworm keeps a newer Rust for Firefox as cargo-web/rustc-web
		if err := p.install(Runtimes, ev(d.Name(), file, 0, fmt.Sprintf("rust-version %s: Debian's newer Rust (cargo-web, rustc-web %s)", v, webRust)), "cargo-web", "rustc-web", "ca-certificates"); err != nil {
			return err
		}
	default:
		if err := p.install(Runtimes, ev(d.Name(), file, 0, "Rust from Debian (1.63)"), "cargo", "rustc", "ca-certificates"); err != nil {
			return err
		}
		p.note(fmt.Sprintf("Cargo.toml rust-version is %s; Debian's newest Rust is %s", v, webRust))
	}
	p.note("cargo fetches crates from crates.io, which may be unreachable from here")
	fetch := "cargo fetch"
	if p.repo.has("Cargo.lock") {
		fetch = "cargo fetch --locked"
	}
	if err := p.addProject(Runtimes, fetch, ev(d.Name(), p.repo.first("Cargo.lock", file), 0, "crates as Cargo.lock pins them")); err != nil {
		return err
	}
	return p.add(Build, "cargo build", ev(d.Name(), file, 0, "build; tests run later, from the test pyramid"))
}
